// The one door: every write of a record's state, data or version is made here (DESIGN §10 "One
// door"; tests/unit/one-door.test.ts fails on a write of resource_records anywhere else). Each
// move checks what the resource file declares (an action's or a system move's from-states and
// target states), validates the data against the record's schema, writes the record with its
// event in the caller's transaction (the event is the stream's entry: events.ts, eventStream.ts)
// and has the resource's listeners hear it in their declared order. Fields a domain's table holds
// (tableFields.ts: a bill's paid and open amounts) are never stored in the data: the door drops them.
//
//   createRecord   a new record and its `create` event (a user's create, a handler's, a bill on completion)
//   createMany     many new records of one resource in a few statements, each possibly made already
//                  moved by a declared system move (a clearing run's parts passed on, made and received)
//   editRecord     a user's edit of the data in an editable state (`edit` event)
//   deleteRecord   a draft removed (its events go with it)
//   transition     one record, one action or system move, locked first (the action pipeline, a job)
//   moveMany       many records in one statement (a clearing run, expiry), as the system or a user
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TFunction } from 'i18next';
import type { ResourceDefinition } from '../../shared/resources/types';
import { asRecord, partyRoles, type RecordAbility } from '../../shared/resources/recordAbility';
import { noteWritten } from '../consumers/written';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { recordParties, resourceRecords } from '../db/schema';
import { slot, statementPerResource, nameLiteral } from '../db/statements';
import { conflict, notFound } from '../errors';
import { translatorFor } from '../i18n';
import { phase } from '../phases';
import { isUuid } from '../validate';
import { appendEvent, hear, hearAll, isJob, moverColumns, type Mover, type RecordEvent } from './events';
import { authorize, getRecord, recordEvents, type RecordEventRow, type RecordRow } from './records';
import type { CompiledResource, ResourceRegistry } from './registry';
import { ownedSql } from './scope';
import { tableFieldNames, withoutTableFields } from './tableFields';

/** The server's own language for a system move's validation messages (no request to answer). */
const systemT = (): TFunction => translatorFor('zh-CN');

const userOf = (m: Mover) => (isJob(m) ? null : m.userId);

/** Where an event's listeners are told: the mover's user and account ('' for a job). */
function eventOf(r: CompiledResource, resources: ResourceRegistry, tx: Db, e: { action: string; before: RecordRow | null; after: RecordRow; input: Record<string, unknown>; mover: Mover; now: Date }): RecordEvent {
  const m = e.mover;
  return {
    tx,
    def: r.def,
    action: e.action,
    before: e.before,
    after: e.after,
    input: e.input,
    userId: isJob(m) ? '' : m.userId,
    accountId: isJob(m) ? '' : m.accountId,
    ...(isJob(m) ? { job: m.job } : {}),
    now: e.now,
    resources,
  };
}

/**
 * The states a move may start from and end in, as the resource file declares them: an action's
 * `from` (its target is any declared state: a handler may send it elsewhere, e.g. pay ->
 * partiallyPaid), a system move's `from` and `to`, or the resource's expiry.
 */
export function declaredMove(def: ResourceDefinition, name: string): { from: readonly string[]; to?: readonly string[] } | undefined {
  const action = def.actions?.find((a) => a.name === name);
  if (action) return { from: action.from };
  const system = def.systemMoves?.find((m) => m.name === name);
  if (system) return system;
  if (name === 'expire' && def.expiry) return { from: def.expiry.from, to: [def.expiry.to] };
  return undefined;
}

/** Refuses a move the resource file does not declare (a programming error: 500), or from a state it does not start from (409). */
function checkDeclared(def: ResourceDefinition, action: string, from: string | null, to: string): void {
  const declared = declaredMove(def, action);
  if (!declared) throw new Error(`${def.name}: '${action}' is neither an action nor a system move of the resource`);
  if (!def.states?.values.includes(to) || (declared.to && !declared.to.includes(to))) throw new Error(`${def.name}.${action}: '${to}' is not a state it may move to`);
  if (from === null || !declared.from.includes(from)) throw conflict('actionNotAllowed');
}

/** Inserts a record with its `create` event and its parties, and has the listeners hear it. Call inside a transaction. */
export async function createRecord(
  tx: Db,
  r: CompiledResource,
  resources: ResourceRegistry,
  input: { accountId: string; mover: Mover; data: Record<string, unknown>; now: Date; parties?: Record<string, string>; createdBy?: string },
): Promise<RecordRow> {
  const def = r.def;
  const missing = (def.parties ?? []).filter((role) => !input.parties?.[role]);
  if (missing.length) throw new Error(`${def.name}: a record needs its parties (${missing.join(', ')})`);
  // A record's creator on record is a user: a job's record names the user it is made for (its event names the job).
  const by = userOf(input.mover) ?? input.createdBy;
  if (!by) throw new Error(`${def.name}: a record made by a job names the user it is made for (createdBy)`);
  const [row] = await tx
    .insert(resourceRecords)
    .values({
      resource: def.name,
      accountId: def.ownership === 'account' ? input.accountId : null,
      state: def.states?.initial ?? null,
      data: withoutTableFields(r.tableFields, input.data),
      createdBy: by,
      createdAt: input.now,
      updatedBy: by,
      updatedAt: input.now,
    })
    .returning();
  await appendEvent(tx, { recordId: row.id, resource: def.name, action: 'create', fromState: null, toState: row.state, input: {}, ...moverColumns(input.mover), version: row.version, at: input.now });
  const parties = Object.fromEntries(partyRoles(def).filter((role) => input.parties?.[role]).map((role) => [role, input.parties![role]]));
  // The row's copy of its parties is written by the trigger on record_parties (migration 0012).
  if (Object.keys(parties).length) await tx.insert(recordParties).values(Object.entries(parties).map(([role, accountId]) => ({ recordId: row.id, role, accountId })));
  const created = Object.keys(parties).length ? { ...row, parties } : row;
  await hear(r.listeners, eventOf(r, resources, tx, { action: 'create', before: null, after: created, input: {}, mover: input.mover, now: input.now }));
  return created;
}

/** One record of a set-based create: its owner, parties and data (and, for a job's record, the user it is made for). */
export interface ManyCreate {
  accountId: string;
  parties?: Record<string, string>;
  data: Record<string, unknown>;
  createdBy?: string;
  /** The input stored with the event of the move the record is made in (createMany's `then`). */
  thenInput?: Record<string, unknown>;
}

/**
 * Inserts many records of one resource, as createRecord does each (its data validated, its parties,
 * its `create` event), in two statements for the set: the records (their parties' copy on the row)
 * with their events, then their parties; the listeners hear them through hearAll. With `then`, a
 * declared system move out of the initial state, each record is made already moved by it: its
 * `create` event and then the move's (its input the item's `thenInput`), one write of the row, not
 * two. Answers the records in the order given.
 */
export async function createMany(
  tx: Db,
  r: CompiledResource,
  resources: ResourceRegistry,
  input: { mover: Mover; items: readonly ManyCreate[]; now: Date; then?: { action: string; to: string } },
): Promise<RecordRow[]> {
  const def = r.def;
  if (!input.items.length) return [];
  const initial = def.states?.initial ?? null;
  const then = input.then;
  if (then) checkDeclared(def, then.action, initial, then.to);
  const t = systemT();
  const roles = partyRoles(def);
  const items = input.items.map((item) => {
    const missing = (def.parties ?? []).filter((role) => !item.parties?.[role]);
    if (missing.length) throw new Error(`${def.name}: a record needs its parties (${missing.join(', ')})`);
    const by = userOf(input.mover) ?? item.createdBy;
    if (!by) throw new Error(`${def.name}: a record made by a job names the user it is made for (createdBy)`);
    r.check(item.data, t);
    const parties = Object.fromEntries(roles.filter((role) => item.parties?.[role]).map((role) => [role, item.parties![role]]));
    return { id: randomUUID(), by, parties, item };
  });
  const resource = sql.raw(nameLiteral(def.name));
  const cols = moverColumns(input.mover);
  const at = input.now.toISOString();
  const values = JSON.stringify(
    items.map(({ id, by, parties, item }, i) => ({ i, id, account_id: def.ownership === 'account' ? item.accountId : null, data: withoutTableFields(r.tableFields, item.data), parties, by, then_input: item.thenInput ?? {} })),
  );
  const rows = await queryRows<RecordRow & { written_tx: string | null }>(
    tx,
    sql`
    with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(i int, id uuid, account_id uuid, data jsonb, parties jsonb, by uuid, then_input jsonb)),
    r as (
      insert into resource_records (id, resource, account_id, state, version, data, parties, created_by, created_at, updated_by, updated_at)
      select v.id, ${resource}, v.account_id, ${then ? then.to : initial}::text, ${then ? 2 : 1}, v.data, v.parties, v.by, ${at}::timestamptz, v.by, ${at}::timestamptz from v order by v.i
      returning *
    ),
    -- A new record has no earlier event: its position is the transaction's (events.ts orderTxOf).
    -- Its create event (version 1), then the move it was made in (version 2), in that order.
    e as (
      insert into resource_events (record_id, resource, action, from_state, to_state, input, by, actor_account_id, job, api_key_id, version, at, order_tx)
      select x.id, ${resource}, x.action, x.from_state, x.to_state, x.input, ${cols.by}::uuid, ${cols.actorAccountId}::uuid, ${cols.job}::text, ${cols.apiKeyId}::uuid, x.version, ${at}::timestamptz, pg_current_xact_id()
      from (
        select r.id, 'create' as action, null::text as from_state, ${initial}::text as to_state, '{}'::jsonb as input, 1 as version from r
        union all
        select r.id, ${then?.action ?? null}::text, ${initial}::text, r.state, v.then_input, 2 from r join v on v.id = r.id where ${then ? sql`true` : sql`false`}
      ) x
      order by x.id, x.version
      returning order_tx
    )
    select (select w.order_tx::text from e w limit 1) as written_tx, id, resource, account_id as "accountId", state, version, data, parties, created_by as "createdBy", created_at as "createdAt", updated_by as "updatedBy", updated_at as "updatedAt" from r`,
  );
  if (rows[0]?.written_tx) noteWritten(rows[0].written_tx);
  const partyRows = items.flatMap(({ id, parties }) => Object.entries(parties).map(([role, account_id]) => ({ record_id: id, role, account_id })));
  // The rows carry their parties' copy already: the trigger on record_parties finds nothing to rewrite (migration 0033).
  if (partyRows.length) {
    await tx.execute(sql`insert into record_parties (record_id, role, account_id) select record_id, role, account_id from jsonb_to_recordset(${JSON.stringify(partyRows)}::jsonb) as p(record_id uuid, role text, account_id uuid)`);
  }
  const byId = new Map(rows.map(({ written_tx: _tx, ...row }) => [row.id, row]));
  const created = items.map(({ id }) => {
    const row = byId.get(id)!;
    return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) } as RecordRow;
  });
  // The listeners hear each record made (in its initial state), then the move it was made in.
  const made = then ? created.map((row) => ({ ...row, state: initial, version: 1 })) : created;
  await hearAll(
    r.listeners,
    made.map((after) => eventOf(r, resources, tx, { action: 'create', before: null, after, input: {}, mover: input.mover, now: input.now })),
  );
  if (then) {
    await hearAll(
      r.listeners,
      created.map((after, i) => eventOf(r, resources, tx, { action: then.action, before: made[i], after, input: items[i].item.thenInput ?? {}, mover: input.mover, now: input.now })),
    );
  }
  return created;
}

const byId = (def: ResourceDefinition, accountId: string, id: string): SQL => {
  if (!isUuid(id)) throw notFound();
  return and(ownedSql(def, accountId), eq(resourceRecords.id, id))!;
};

/** Why a conditional write touched nothing: unseen (404), not the caller's (403), or it moved on (409). */
async function explainMiss(db: Db, r: CompiledResource, ability: RecordAbility, id: string, action: 'edit' | 'delete', staleKey: string): Promise<never> {
  const row = await getRecord(db, r, ability, id);
  authorize(ability, r.def, row, action, staleKey);
  throw conflict(staleKey);
}

const editable = (def: ResourceDefinition): SQL | undefined =>
  def.states && def.states.editableIn.length < def.states.values.length ? inArray(resourceRecords.state, def.states.editableIn) : undefined;

/**
 * A user's edit of the data (already validated by the route), in an editable state and at the
 * version the user read: one conditional statement, so the loser of a race gets 409. The `edit`
 * event names the fields that changed.
 */
export async function editRecord(
  db: Db,
  r: CompiledResource,
  ability: RecordAbility,
  input: { accountId: string; userId: string; apiKeyId?: string; id: string; version: number; data: Record<string, unknown>; now: Date },
): Promise<RecordRow> {
  const def = r.def;
  const data = withoutTableFields(r.tableFields, input.data);
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [before] = await tx.select({ data: resourceRecords.data }).from(resourceRecords).where(and(byId(def, input.accountId, input.id), eq(resourceRecords.resource, def.name)));
    const [row] = await tx
      .update(resourceRecords)
      .set({ data, version: sql`${resourceRecords.version} + 1`, updatedBy: input.userId, updatedAt: input.now })
      .where(and(byId(def, input.accountId, input.id), eq(resourceRecords.version, input.version), editable(def)))
      .returning();
    if (!row) return explainMiss(tx, r, ability, input.id, 'edit', 'staleRecord');
    const fields = Object.keys({ ...before?.data, ...data }).filter((f) => JSON.stringify(before?.data[f] ?? null) !== JSON.stringify(data[f] ?? null));
    await appendEvent(tx, { recordId: row.id, resource: def.name, action: 'edit', fromState: row.state, toState: row.state, input: { fields }, by: input.userId, actorAccountId: input.accountId, job: null, apiKeyId: input.apiKeyId ?? null, version: row.version, at: input.now });
    return row;
  });
}

/** Removes a record in an editable state (a draft); its events, parties and keys go with it (cascade). */
export async function deleteRecord(db: Db, r: CompiledResource, ability: RecordAbility, accountId: string, id: string): Promise<void> {
  const def = r.def;
  const gone = await db.delete(resourceRecords).where(and(byId(def, accountId, id), editable(def))).returning({ id: resourceRecords.id });
  if (!gone.length) await explainMiss(db, r, ability, id, 'delete', 'notDeletable');
}

/** What a move's decider (an action's handler) decided: another target state, new data, parties it fills. */
export interface TransitionDecision {
  to?: string;
  data?: Record<string, unknown>;
  /** Later party roles (laterParties) this action fills: role -> account. */
  parties?: Record<string, string>;
  /** Statements sent by the handler, awaited with the record's write (ActionOutcome.pending). */
  pending?: Promise<unknown>;
}

export interface Moved {
  before: string | null;
  previous: RecordRow;
  row: RecordRow;
  events: RecordEventRow[];
  /** Has the resource's listeners hear the move (transition leaves it to the caller: the action pipeline sends it with its answer). */
  hear(): Promise<void>;
}

/**
 * Moves one record by an action or a declared system move. Call inside a transaction: the row is
 * locked first, so of two concurrent moves the second sees the new state (409). With an
 * `ability` (a user's action) the ability decides on the locked row (404 unseen, 403 not the
 * caller's, 409 wrong state); without one (a job, or a move another record's action causes) the
 * resource file's declared from-states do. `decide` (the action's handler) then runs before
 * anything is written; it may throw to refuse, or change the target state and the data, which
 * is validated against the record's schema. The listeners run when the caller calls `hear()`
 * (move() does at once).
 */
export async function transition(
  tx: Db,
  r: CompiledResource,
  resources: ResourceRegistry,
  input: { mover: Mover; id: string; action: string; to: string; payload: Record<string, unknown>; now: Date; ability?: RecordAbility; t?: TFunction },
  decide?: (current: RecordRow) => Promise<TransitionDecision | void>,
): Promise<Moved> {
  const def = r.def;
  if (!isUuid(input.id)) throw notFound();
  const [current] = await phase('recordLock', () => lockRecord(tx, def.name, { id: input.id }));
  if (input.ability) {
    if (!current || !input.ability.can('read', asRecord(def, current))) throw notFound();
    authorize(input.ability, def, current, input.action, 'actionNotAllowed');
  } else if (!current) throw notFound();
  const decision = (await decide?.(current)) ?? {};
  const to = decision.to ?? input.to;
  checkDeclared(def, input.action, current.state, to);
  if (decision.data) r.check(decision.data, input.t ?? systemT());
  const filled = Object.entries(decision.parties ?? {});
  for (const [role] of filled) if (!def.laterParties?.includes(role) || current.parties?.[role]) throw new Error(`${def.name}.${input.action}: cannot fill party '${role}'`);
  // The event, the record's history (with that event) and the write are sent together, behind
  // what the handler sent and did not wait for (a ledger move): one round trip on PostgreSQL;
  // they run in this order, so the history read sees the event, and a refused ledger move fails
  // the rest. The write, which carries the record's data, goes last: postgres-js sends what is
  // queued at once when it reaches 1 KB, so a large statement first would go out alone and the
  // small ones after it in a second write (docs/decisions.md "Collateral payments: third pass").
  // Timed as one phase with what the handler sent: they share the round trip (bench phases).
  const by = userOf(input.mover);
  const [, events, [row]] = await phase(decision.pending ? 'ledgerAndRecordWrite' : 'recordWrite', () =>
    Promise.all([
      appendEvent(tx, { recordId: current.id, resource: def.name, action: input.action, fromState: current.state, toState: to, input: input.payload, ...moverColumns(input.mover), version: current.version + 1, at: input.now }),
      recordEvents(tx, current.id),
      moveRecord(tx, current.resource, { id: current.id, state: to, data: withoutTableFields(r.tableFields, decision.data ?? current.data), by: by ?? current.updatedBy, at: input.now }),
      decision.pending,
    ]),
  );
  if (filled.length) await tx.insert(recordParties).values(filled.map(([role, accountId]) => ({ recordId: row.id, role, accountId })));
  const after = { ...row, parties: { ...current.parties, ...decision.parties } };
  const event = eventOf(r, resources, tx, { action: input.action, before: current, after, input: input.payload, mover: input.mover, now: input.now });
  return { before: current.state, previous: current, row: after, events, hear: () => hear(r.listeners, event) };
}

/** transition(), its listeners heard at once. */
export async function move(...args: Parameters<typeof transition>): Promise<Moved> {
  const moved = await transition(...args);
  await moved.hear();
  return moved;
}

/** One record of a set-based move: from the state the caller found it in (locked), to a state, its data patched. */
export interface ManyMove {
  id: string;
  from: string | null;
  to: string;
  patch?: Record<string, unknown>;
  input?: Record<string, unknown>;
}

/**
 * Moves many records of one resource by one action or system move in one statement (a clearing
 * run's bills, the offers that expired): each from the state it is in, checked against the
 * declaration, into its state with its data patched, validated, with one event each, and heard
 * by the listeners (hearAll: at once by a listener with a set-based form). The records are locked here in id order (the caller may
 * already hold them); one that is no longer in its `from` state refuses the whole move (409).
 */
export async function moveMany(tx: Db, r: CompiledResource, resources: ResourceRegistry, input: { action: string; mover: Mover; moves: readonly ManyMove[]; now: Date }): Promise<RecordRow[]> {
  const def = r.def;
  if (!input.moves.length) return [];
  for (const m of input.moves) checkDeclared(def, input.action, m.from, m.to);
  const resource = sql.raw(nameLiteral(def.name));
  const values = JSON.stringify(input.moves.map((m) => ({ id: m.id, from_state: m.from, to_state: m.to, patch: withoutTableFields(r.tableFields, m.patch ?? {}), input: m.input ?? {} })));
  // The fields a domain's table holds, as a text[] literal (field names are plain identifiers).
  const held = `{${tableFieldNames(r.tableFields).join(',')}}`;
  const cols = moverColumns(input.mover);
  const at = input.now.toISOString();
  // One statement locks the records in id order, writes each (from the state the caller found it
  // in), appends its event and answers it with what it was before: the listeners hear before and
  // after. The ids go as one JSON parameter (10,000 bind parameters cost more to send and plan than
  // the rows), and a record's data before is answered only where the move changed it (a clearing
  // run's write-down changes state alone: 10,000 copies of unchanged data were half the answer).
  const rows = await queryRows<RecordRow & { from_state: string | null; written_tx: string | null; before_version: number; before_data: Record<string, unknown> | null; before_updated_by: string; before_updated_at: string }>(
    tx,
    sql`
    with v as (select * from jsonb_to_recordset(${values}::jsonb) as v(id uuid, from_state text, to_state text, patch jsonb, input jsonb)),
    o as materialized (
      select r.id, r.state, r.data, r.version, r.updated_by, r.updated_at from resource_records r
      where r.resource = ${resource} and r.id in (select id from v) order by r.id for update
    ),
    r as (
      update resource_records r set state = v.to_state, data = (o.data || v.patch) - ${held}::text[], version = o.version + 1,
        updated_at = ${at}::timestamptz, updated_by = coalesce(${cols.by}::uuid, o.updated_by)
      from v join o on o.id = v.id
      where r.resource = ${resource} and r.id = v.id and o.state is not distinct from v.from_state
      returning r.*, v.from_state, v.input as event_input, o.version as before_version, o.updated_by as before_updated_by, o.updated_at as before_updated_at,
        case when o.data is distinct from r.data then o.data end as before_data
    ),
    -- Each record's last event, read once for the set (events.ts orderTxOf for many records): a
    -- subquery per row re-scanned the events table for each when its statistics called it small
    -- (10,000 bills: 1.3 million page reads, seconds of a clearing run).
    prev as (
      select distinct on (p.record_id) p.record_id, p.order_tx from resource_events p
      where p.record_id in (select id from v) order by p.record_id, p.order_tx desc
    ),
    e as (
      insert into resource_events (record_id, resource, action, from_state, to_state, input, by, actor_account_id, job, api_key_id, version, at, order_tx)
      select r.id, ${resource}, ${input.action}, r.from_state, r.state, r.event_input, ${cols.by}::uuid, ${cols.actorAccountId}::uuid, ${cols.job}::text, ${cols.apiKeyId}::uuid, r.version, ${at}::timestamptz, greatest(pg_current_xact_id(), prev.order_tx)
      from r left join prev on prev.record_id = r.id
      returning order_tx
    )
    select (select w.order_tx::text from e w order by w.order_tx desc limit 1) as written_tx, id, resource, account_id as "accountId", state, version, data, parties, created_by as "createdBy", created_at as "createdAt", updated_by as "updatedBy", updated_at as "updatedAt",
      from_state, before_version, before_data, before_updated_by, before_updated_at from r`,
  );
  if (rows.length !== input.moves.length) throw conflict('actionNotAllowed');
  if (rows[0]?.written_tx) noteWritten(rows[0].written_tx);
  const t = systemT();
  // Only data a move changed is validated again: a record whose patch is empty keeps the data its
  // last write validated (a clearing run's write-down changes state alone; its figures are table
  // fields), and checking 10,000 unchanged records cost more than a second of a run.
  const patched = new Set(input.moves.filter((m) => Object.keys(withoutTableFields(r.tableFields, m.patch ?? {})).length > 0).map((m) => m.id));
  const moved: RecordRow[] = [];
  const beforeById = new Map<string, RecordRow>();
  for (const { from_state: from, written_tx: _tx, before_version, before_data, before_updated_by, before_updated_at, ...row } of rows) {
    const after = { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) } as RecordRow;
    if (patched.has(after.id)) r.check(after.data, t);
    moved.push(after);
    beforeById.set(after.id, { ...after, state: from, version: before_version, data: before_data ?? after.data, updatedBy: before_updated_by, updatedAt: new Date(before_updated_at) });
  }
  const inputs = new Map(input.moves.map((m) => [m.id, m.input ?? {}]));
  await hearAll(
    r.listeners,
    moved.map((after) => eventOf(r, resources, tx, { action: input.action, before: beforeById.get(after.id) ?? null, after, input: inputs.get(after.id) ?? {}, mover: input.mover, now: input.now })),
  );
  return moved;
}

// The action's statements, built once (db/statements.ts).
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

export type { Mover } from './events';
