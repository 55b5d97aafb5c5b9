// Reading resource records: lists, one record, its history, the views the API answers. Reads ask
// the per-record ability (src/shared/resources/recordAbility.ts): a record the caller may not
// read is a 404, one it reads but may not act on a 403 (not its party) or 409 (not in that
// state). Every write is the one door's (moves.ts).
import { and, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { accounts, apiKeys, resourceEvents, resourceRecords, users } from '../db/schema';
import { asRecord, actionRefusal, type RecordAbility } from '../../shared/resources/recordAbility';
import { conflict, forbidden, notFound } from '../errors';
import { fieldSql } from './fields';
import { LIST_COUNT_CAP, type ListQuery } from './query';
import type { ReadFrom } from './registry';
import { recordsOf } from './sources';
import { tableFieldNames } from './tableFields';
import { isUuid } from '../validate';
import { queryRows } from '../db/rows';

/** A row; `parties` is its record_parties as role -> account (the trigger-kept copy on the row). */
export type RecordRow = typeof resourceRecords.$inferSelect;

export function toView(row: RecordRow): ResourceRecord {
  return {
    ...row.data,
    id: row.id,
    accountId: row.accountId,
    ...(Object.keys(row.parties).length ? { parties: row.parties } : {}),
    state: row.state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

/**
 * The columns a read selects from recordsOf(db, r): the row, its data with the fields a domain's
 * table holds (tableFields.ts), which the CTE answers as columns beside the record's own data.
 */
export function recordSelection(r: ReadFrom) {
  const columns = getTableColumns(resourceRecords);
  const held = tableFieldNames(r.tableFields);
  if (!held.length) return columns;
  const pairs = held.map((f) => sql`${f}::text, ${sql.identifier(f)}::text`);
  return { ...columns, data: sql<RecordRow['data']>`${resourceRecords.data} || jsonb_strip_nulls(jsonb_build_object(${sql.join(pairs, sql`, `)}))`.mapWith(resourceRecords.data) };
}

/**
 * A row a move wrote (moves.ts: the record's own data) as a read answers it: read again with the
 * fields a domain's table holds, in the caller's transaction; as it is when there are none.
 */
export async function asRead(db: Db, r: ReadFrom, row: RecordRow): Promise<RecordRow> {
  if (!r.tableFields) return row;
  const [read] = await recordsOf(db, r).select(recordSelection(r)).from(resourceRecords).where(and(eq(resourceRecords.resource, r.def.name), eq(resourceRecords.id, row.id)));
  return read ?? row;
}

/**
 * A page of the list and its total, counted exactly up to LIST_COUNT_CAP matches: past it the
 * count stops (a scope of 100,000 records costs what one of CAP does) and says so with
 * totalExact false; total is then the cap, or the records up to this page when it lies beyond.
 */
export async function listRecords(db: Db, q: ListQuery): Promise<{ rows: RecordRow[]; total: number; totalExact?: false }> {
  const [rows, [{ total }]] = await Promise.all([listPageQuery(db, q), listCountQuery(db, q)]);
  if (total <= LIST_COUNT_CAP) return { rows, total };
  return { rows, total: Math.max(LIST_COUNT_CAP, q.page.offset + rows.length), totalExact: false };
}

/** The query of a list's page. */
export const listPageQuery = (db: Db, q: ListQuery) =>
  recordsOf(db, q.resource).select(recordSelection(q.resource)).from(resourceRecords).where(q.where).orderBy(...q.orderBy).limit(q.page.pageSize).offset(q.page.offset);

/** The query of a list's total, counting at most LIST_COUNT_CAP + 1 matches. */
export function listCountQuery(db: Db, q: ListQuery) {
  const capped = db.select({ one: sql`1` }).from(resourceRecords).where(q.where).limit(LIST_COUNT_CAP + 1).as('capped');
  return recordsOf(db, q.resource).select({ total: count() }).from(capped);
}

/** The sums of `fields` (money) over every record the list matches, yuan strings with two decimals. */
export async function listTotals(db: Db, r: ReadFrom, q: ListQuery, fields: readonly string[]): Promise<Record<string, string>> {
  const def = r.def;
  const selection = Object.fromEntries(fields.map((f) => [f, sql<string>`coalesce(sum(${fieldSql(r, f)}), 0)::numeric(20, 2)::text`]));
  // The declared state totals (list.stateTotals): the same sum over the matching records in those states.
  for (const [name, total] of Object.entries(def.list.stateTotals ?? {})) {
    selection[name] = sql<string>`coalesce(sum(${fieldSql(r, total.field)}) filter (where ${inArray(resourceRecords.state, total.states)}), 0)::numeric(20, 2)::text`;
  }
  const [row] = await recordsOf(db, r).select(selection).from(resourceRecords).where(q.where);
  return row as Record<string, string>;
}



const anyById = (def: ResourceDefinition, id: string): SQL => {
  if (!isUuid(id)) throw notFound();
  return and(eq(resourceRecords.resource, def.name), eq(resourceRecords.id, id))!;
};

/**
 * The record, if the ability may read it; otherwise 404 (whether or not it exists). A source may
 * show one underlying row to each account it concerns under the same id: the caller's is taken.
 */
export async function getRecord(db: Db, r: ReadFrom, ability: RecordAbility, id: string): Promise<RecordRow> {
  const def = r.def;
  const rows = await recordsOf(db, r).select(recordSelection(r)).from(resourceRecords).where(anyById(def, id)).limit(def.source ? 10 : 1);
  const row = rows.find((candidate) => ability.can('read', asRecord(def, candidate)));
  if (!row) throw notFound();
  return row;
}

/** Refuses `action` on a record the caller reads: 403 when it is not the caller's to do, 409 when the state is wrong. */
export function authorize(ability: RecordAbility, def: ResourceDefinition, row: RecordRow, action: string, staleKey: string): void {
  if (ability.can(action, asRecord(def, row))) return;
  const refusal = actionRefusal(ability, def, row, action);
  if (refusal === 'party') throw forbidden();
  if (refusal === 'signed') throw conflict('alreadySigned');
  throw conflict(staleKey);
}

export type RecordEventRow = typeof resourceEvents.$inferSelect;

const eventsOf = statement('record_events', (db) => db.select().from(resourceEvents).where(eq(resourceEvents.recordId, slot('recordId', resourceEvents.recordId))).orderBy(resourceEvents.at));

export function recordEvents(db: Db, recordId: string): Promise<RecordEventRow[]> {
  return eventsOf(db, { recordId });
}

/**
 * Who made a history entry, as the record's reader sees it: a person, named with its account (and
 * the API key it acted through), or a job of the system. No phone: the record's other parties read
 * the history too; the account's own audit trail (audit.ts) shows more.
 */
export type HistoryActor = { kind: 'person'; name: string; accountName: string | null; apiKey?: string } | { kind: 'system'; job: string };

/** The names behind the events' movers (users, accounts, API keys), in one round trip: an action's answer reads them too. */
async function actorsOf(db: Db, events: readonly RecordEventRow[]): Promise<(e: RecordEventRow) => HistoryActor> {
  const ids = (pick: (e: RecordEventRow) => string | null) => [...new Set(events.map(pick).filter((id): id is string => id !== null))];
  const wanted = [
    { kind: 'user', table: users, list: ids((e) => e.by) },
    { kind: 'account', table: accounts, list: ids((e) => e.actorAccountId) },
    { kind: 'key', table: apiKeys, list: ids((e) => e.apiKeyId) },
  ].filter((w) => w.list.length > 0);
  const rows = wanted.length
    ? await queryRows<{ kind: string; id: string; name: string | null }>(
        db,
        sql.join(
          wanted.map((w) => sql`select ${w.kind} as kind, ${w.table.id}::text as id, ${w.table.name} as name from ${w.table} where ${w.table.id} in (${sql.join(w.list.map((id) => sql`${id}::uuid`), sql`, `)})`),
          sql` union all `,
        ),
      )
    : [];
  const names = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name ?? '']));
  const name = (kind: string, id: string) => names.get(`${kind}:${id}`);
  return (e) =>
    e.by
      ? { kind: 'person', name: name('user', e.by) ?? '', accountName: e.actorAccountId ? (name('account', e.actorAccountId) ?? null) : null, ...(e.apiKeyId ? { apiKey: name('key', e.apiKeyId) ?? '' } : {}) }
      : { kind: 'system', job: e.job ?? 'system' };
}

/** A record as GET /api/r/:resource/:id and its actions answer it: the view with its history (`events`, oldest first, each with its actor). */
export async function historyView(db: Db, row: RecordRow, events: RecordEventRow[]) {
  const actor = await actorsOf(db, events);
  return {
    ...toView(row),
    events: events.map((e) => ({ action: e.action, from: e.fromState, to: e.toState, input: e.input, by: e.by, actor: actor(e), at: e.at.toISOString() })),
  };
}

/** The record with its history, read. */
export async function withHistory(db: Db, row: RecordRow) {
  return historyView(db, row, await recordEvents(db, row.id));
}
