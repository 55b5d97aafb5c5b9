// Reading and writing resource records: every statement is scoped to the caller's account (or
// to platform rows) in its WHERE clause, so another account's record is simply not found.
// Updates, deletes and transitions are single conditional statements: the version and state
// checks and the write happen atomically, and the loser of a race gets 409.
import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import type { Db } from '../db/client';
import { resourceEvents, resourceRecords } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { ListQuery } from './query';
import { scopeOf } from './query';

export type RecordRow = typeof resourceRecords.$inferSelect;

export function toView(row: RecordRow): ResourceRecord {
  return {
    ...row.data,
    id: row.id,
    state: row.state,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  };
}

export async function listRecords(db: Db, q: ListQuery): Promise<{ rows: RecordRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(resourceRecords).where(q.where).orderBy(...q.orderBy).limit(q.page.pageSize).offset(q.page.offset),
    db.select({ total: count() }).from(resourceRecords).where(q.where),
  ]);
  return { rows, total };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const byId = (def: ResourceDefinition, accountId: string, id: string): SQL => {
  if (!UUID_RE.test(id)) throw notFound();
  return and(scopeOf(def, accountId), eq(resourceRecords.id, id))!;
};

export async function getRecord(db: Db, def: ResourceDefinition, accountId: string, id: string): Promise<RecordRow> {
  const [row] = await db.select().from(resourceRecords).where(byId(def, accountId, id));
  if (!row) throw notFound();
  return row;
}

/** Inserts a record and its create event: call inside a transaction, so both or neither are written. */
export async function insertRecord(
  db: Db,
  def: ResourceDefinition,
  input: { accountId: string; userId: string; data: Record<string, unknown>; now: Date },
): Promise<RecordRow> {
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
  return row;
}

/** Why a conditional write touched nothing: the record is gone (404) or it moved on (409). */
async function explainMiss(db: Db, def: ResourceDefinition, accountId: string, id: string, staleKey: string): Promise<never> {
  await getRecord(db, def, accountId, id);
  throw conflict(staleKey);
}

const editable = (def: ResourceDefinition): SQL | undefined =>
  def.states && def.states.editableIn.length < def.states.values.length ? inArray(resourceRecords.state, def.states.editableIn) : undefined;

export async function updateRecord(
  db: Db,
  def: ResourceDefinition,
  input: { accountId: string; userId: string; id: string; version: number; data: Record<string, unknown>; now: Date },
): Promise<RecordRow> {
  const [row] = await db
    .update(resourceRecords)
    .set({ data: input.data, version: sql`${resourceRecords.version} + 1`, updatedBy: input.userId, updatedAt: input.now })
    .where(and(byId(def, input.accountId, input.id), eq(resourceRecords.version, input.version), editable(def)))
    .returning();
  if (!row) return explainMiss(db, def, input.accountId, input.id, 'staleRecord');
  return row;
}

export async function deleteRecord(db: Db, def: ResourceDefinition, accountId: string, id: string): Promise<void> {
  const gone = await db.delete(resourceRecords).where(and(byId(def, accountId, id), editable(def))).returning({ id: resourceRecords.id });
  if (!gone.length) await explainMiss(db, def, accountId, id, 'notDeletable');
}

/** What an action's handler decided, seen by transition(): another target state, new data. */
export interface TransitionDecision {
  to?: string;
  data?: Record<string, unknown>;
}

/**
 * Moves a record from one of `from` to `to`, recording the event. Call inside a transaction:
 * the row is locked first, so of two concurrent actions the second sees the new state (409).
 * `decide` (the action's handler) runs on the locked row before anything is written; it may
 * throw to refuse, or change the target state and the data.
 */
export async function transition(
  tx: Db,
  def: ResourceDefinition,
  input: { accountId: string; userId: string; id: string; action: string; from: string[]; to: string; payload: Record<string, unknown>; now: Date },
  decide?: (current: RecordRow) => Promise<TransitionDecision | void>,
): Promise<{ before: string | null; row: RecordRow }> {
  const [current] = await tx.select().from(resourceRecords).where(byId(def, input.accountId, input.id)).for('update');
  if (!current) throw notFound();
  if (!current.state || !input.from.includes(current.state)) throw conflict('actionNotAllowed');
  const decision = (await decide?.(current)) ?? {};
  const to = decision.to ?? input.to;
  if (!def.states?.values.includes(to)) throw new Error(`${def.name}.${input.action}: '${to}' is not a declared state`);
  const [row] = await tx
    .update(resourceRecords)
    .set({ state: to, data: decision.data ?? current.data, version: sql`${resourceRecords.version} + 1`, updatedBy: input.userId, updatedAt: input.now })
    .where(eq(resourceRecords.id, current.id))
    .returning();
  await tx.insert(resourceEvents).values({ recordId: row.id, action: input.action, fromState: current.state, toState: to, input: input.payload, by: input.userId, at: input.now });
  return { before: current.state, row };
}

export async function recordEvents(db: Db, recordId: string) {
  return db.select().from(resourceEvents).where(eq(resourceEvents.recordId, recordId)).orderBy(resourceEvents.at);
}
