// Reading and writing resource records. Reads and actions ask the per-record ability
// (src/shared/resources/recordAbility.ts): a record the caller may not read is a 404, one it
// reads but may not act on a 403 (not its party) or 409 (not in that state). Owner writes are
// single conditional statements scoped to the owner, so the version and state checks and the
// write happen atomically, and the loser of a race gets 409.
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { slot, statement, statementPerResource } from '../db/statements';
import { recordParties, resourceEvents, resourceRecords } from '../db/schema';
import { asRecord, actionRefusal, partyRoles, type RecordAbility } from '../../shared/resources/recordAbility';
import { conflict, forbidden, notFound } from '../errors';
import { phase } from '../phases';
import { fieldSql } from './fields';
import { LIST_COUNT_CAP, type ListQuery } from './query';
import { ownedSql } from './scope';
import { recordsOf } from './sources';
import { isUuid } from '../validate';

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
  recordsOf(db, q.resource).select().from(resourceRecords).where(q.where).orderBy(...q.orderBy).limit(q.page.pageSize).offset(q.page.offset);

/** The query of a list's total, counting at most LIST_COUNT_CAP + 1 matches. */
export function listCountQuery(db: Db, q: ListQuery) {
  const capped = db.select({ one: sql`1` }).from(resourceRecords).where(q.where).limit(LIST_COUNT_CAP + 1).as('capped');
  return recordsOf(db, q.resource).select({ total: count() }).from(capped);
}

/** The sums of `fields` (money) over every record the list matches, yuan strings with two decimals. */
export async function listTotals(db: Db, def: ResourceDefinition, q: ListQuery, fields: readonly string[]): Promise<Record<string, string>> {
  const selection = Object.fromEntries(fields.map((f) => [f, sql<string>`coalesce(sum(${fieldSql(def, f)}), 0)::numeric(20, 2)::text`]));
  // The declared state totals (list.stateTotals): the same sum over the matching records in those states.
  for (const [name, total] of Object.entries(def.list.stateTotals ?? {})) {
    selection[name] = sql<string>`coalesce(sum(${fieldSql(def, total.field)}) filter (where ${inArray(resourceRecords.state, total.states)}), 0)::numeric(20, 2)::text`;
  }
  const [row] = await recordsOf(db, def).select(selection).from(resourceRecords).where(q.where);
  return row as Record<string, string>;
}


const byId = (def: ResourceDefinition, accountId: string, id: string): SQL => {
  if (!isUuid(id)) throw notFound();
  return and(ownedSql(def, accountId), eq(resourceRecords.id, id))!;
};

const anyById = (def: ResourceDefinition, id: string): SQL => {
  if (!isUuid(id)) throw notFound();
  return and(eq(resourceRecords.resource, def.name), eq(resourceRecords.id, id))!;
};

/**
 * The record, if the ability may read it; otherwise 404 (whether or not it exists). A source may
 * show one underlying row to each account it concerns under the same id: the caller's is taken.
 */
export async function getRecord(db: Db, def: ResourceDefinition, ability: RecordAbility, id: string): Promise<RecordRow> {
  const rows = await recordsOf(db, def).select().from(resourceRecords).where(anyById(def, id)).limit(def.source ? 10 : 1);
  const row = rows.find((r) => ability.can('read', asRecord(def, r)));
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

/** Inserts a record and its create event: call inside a transaction, so both or neither are written. */
export async function insertRecord(
  db: Db,
  def: ResourceDefinition,
  input: { accountId: string; userId: string; data: Record<string, unknown>; now: Date; parties?: Record<string, string> },
): Promise<RecordRow> {
  const missing = (def.parties ?? []).filter((role) => !input.parties?.[role]);
  if (missing.length) throw new Error(`${def.name}: a record needs its parties (${missing.join(', ')})`);
  const [row] = await db
    .insert(resourceRecords)
    .values({
      resource: def.name,
      accountId: def.ownership === 'account' ? input.accountId : null,
      state: def.states?.initial ?? null,
      data: input.data,
      createdBy: input.userId,
      createdAt: input.now,
      updatedBy: input.userId,
      updatedAt: input.now,
    })
    .returning();
  await db.insert(resourceEvents).values({ recordId: row.id, action: 'create', fromState: null, toState: row.state, by: input.userId, at: input.now });
  const parties = Object.fromEntries(partyRoles(def).filter((role) => input.parties?.[role]).map((role) => [role, input.parties![role]]));
  if (!Object.keys(parties).length) return row;
  // The row's copy of its parties is written by the trigger on record_parties (migration 0012).
  await db.insert(recordParties).values(Object.entries(parties).map(([role, accountId]) => ({ recordId: row.id, role, accountId })));
  return { ...row, parties };
}

/** Why a conditional write touched nothing: unseen (404), not the caller's (403), or it moved on (409). */
async function explainMiss(db: Db, def: ResourceDefinition, ability: RecordAbility, id: string, action: 'edit' | 'delete', staleKey: string): Promise<never> {
  const row = await getRecord(db, def, ability, id);
  authorize(ability, def, row, action, staleKey);
  throw conflict(staleKey);
}

const editable = (def: ResourceDefinition): SQL | undefined =>
  def.states && def.states.editableIn.length < def.states.values.length ? inArray(resourceRecords.state, def.states.editableIn) : undefined;

export async function updateRecord(
  db: Db,
  def: ResourceDefinition,
  ability: RecordAbility,
  input: { accountId: string; userId: string; id: string; version: number; data: Record<string, unknown>; now: Date },
): Promise<RecordRow> {
  const [row] = await db
    .update(resourceRecords)
    .set({ data: input.data, version: sql`${resourceRecords.version} + 1`, updatedBy: input.userId, updatedAt: input.now })
    .where(and(byId(def, input.accountId, input.id), eq(resourceRecords.version, input.version), editable(def)))
    .returning();
  if (!row) return explainMiss(db, def, ability, input.id, 'edit', 'staleRecord');
  return row;
}

export async function deleteRecord(db: Db, def: ResourceDefinition, ability: RecordAbility, accountId: string, id: string): Promise<void> {
  const gone = await db.delete(resourceRecords).where(and(byId(def, accountId, id), editable(def))).returning({ id: resourceRecords.id });
  if (!gone.length) await explainMiss(db, def, ability, id, 'delete', 'notDeletable');
}

/** What an action's handler decided, seen by transition(): another target state, new data, parties it fills. */
export interface TransitionDecision {
  to?: string;
  data?: Record<string, unknown>;
  /** Later party roles (laterParties) this action fills: role -> account. */
  parties?: Record<string, string>;
  /** Statements sent by the handler, awaited with the record's write (ActionOutcome.pending). */
  pending?: Promise<unknown>;
}

/**
 * Moves a record from one of `from` to `to`, recording the event. Call inside a transaction:
 * the row is locked first, so of two concurrent actions the second sees the new state (409).
 * The ability decides on the locked row (404 unseen, 403 not the caller's, 409 wrong state);
 * `decide` (the action's handler) then runs before anything is written; it may throw to refuse,
 * or change the target state and the data.
 */
export async function transition(
  tx: Db,
  def: ResourceDefinition,
  ability: RecordAbility,
  input: { userId: string; id: string; action: string; to: string; payload: Record<string, unknown>; now: Date },
  decide?: (current: RecordRow) => Promise<TransitionDecision | void>,
): Promise<{ before: string | null; previous: RecordRow; row: RecordRow; events: RecordEventRow[] }> {
  if (!isUuid(input.id)) throw notFound();
  const [current] = await phase('recordLock', () => lockRecord(tx, def.name, { id: input.id }));
  if (!current || !ability.can('read', asRecord(def, current))) throw notFound();
  authorize(ability, def, current, input.action, 'actionNotAllowed');
  const decision = (await decide?.(current)) ?? {};
  const to = decision.to ?? input.to;
  if (!def.states?.values.includes(to)) throw new Error(`${def.name}.${input.action}: '${to}' is not a declared state`);
  const filled = Object.entries(decision.parties ?? {});
  for (const [role] of filled) if (!def.laterParties?.includes(role) || current.parties?.[role]) throw new Error(`${def.name}.${input.action}: cannot fill party '${role}'`);
  // The event, the record's history (with that event) and the write are sent together, behind
  // what the handler sent and did not wait for (a ledger move): one round trip on PostgreSQL;
  // they run in this order, so the history read sees the event, and a refused ledger move fails
  // the rest. The write, which carries the record's data, goes last: postgres-js sends what is
  // queued at once when it reaches 1 KB, so a large statement first would go out alone and the
  // small ones after it in a second write (docs/decisions.md "Collateral payments: third pass").
  // Timed as one phase with what the handler sent: they share the round trip (bench phases).
  const [, events, [row]] = await phase(decision.pending ? 'ledgerAndRecordWrite' : 'recordWrite', () =>
    Promise.all([
      addEvent(tx, { recordId: current.id, action: input.action, fromState: current.state, toState: to, input: input.payload, by: input.userId, at: input.now }),
      recordEvents(tx, current.id),
      moveRecord(tx, current.resource, { id: current.id, state: to, data: decision.data ?? current.data, by: input.userId, at: input.now }),
      decision.pending,
    ]),
  );
  if (filled.length) await tx.insert(recordParties).values(filled.map(([role, accountId]) => ({ recordId: row.id, role, accountId })));
  return { before: current.state, previous: current, row: { ...row, parties: { ...current.parties, ...decision.parties } }, events };
}

export type RecordEventRow = typeof resourceEvents.$inferSelect;

// Every action's statements, built once (db/statements.ts).
const lockRecord = statementPerResource('record_lock', (db, resource) =>
  db
    .select()
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, slot('id', resourceRecords.id))))
    .for('update'),
);
const moveRecord = statementPerResource('record_move', (db, resource) =>
  db
    .update(resourceRecords)
    .set({
      state: slot('state', resourceRecords.state),
      data: slot('data', resourceRecords.data),
      version: sql`${resourceRecords.version} + 1`,
      updatedBy: slot('by', resourceRecords.updatedBy),
      updatedAt: slot('at', resourceRecords.updatedAt),
    })
    .where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, slot('id', resourceRecords.id))))
    .returning(),
);
const addEvent = statement('record_event', (db) =>
  db.insert(resourceEvents).values({
    recordId: slot('recordId', resourceEvents.recordId),
    action: slot('action', resourceEvents.action),
    fromState: slot('fromState', resourceEvents.fromState),
    toState: slot('toState', resourceEvents.toState),
    input: slot('input', resourceEvents.input),
    by: slot('by', resourceEvents.by),
    at: slot('at', resourceEvents.at),
  }),
);
const eventsOf = statement('record_events', (db) => db.select().from(resourceEvents).where(eq(resourceEvents.recordId, slot('recordId', resourceEvents.recordId))).orderBy(resourceEvents.at));

export function recordEvents(db: Db, recordId: string): Promise<RecordEventRow[]> {
  return eventsOf(db, { recordId });
}

/** A record as GET /api/r/:resource/:id and its actions answer it: the view with its history (`events`, oldest first). */
export const historyView = (row: RecordRow, events: RecordEventRow[]) => ({
  ...toView(row),
  events: events.map((e) => ({ action: e.action, from: e.fromState, to: e.toState, input: e.input, by: e.by, at: e.at.toISOString() })),
});

/** The record with its history, read. */
export async function withHistory(db: Db, row: RecordRow) {
  return historyView(row, await recordEvents(db, row.id));
}
