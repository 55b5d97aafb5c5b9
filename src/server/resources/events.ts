// A record's event: written by the one door (moves.ts) in the move's transaction, then heard by
// the resource's listeners (a bill's money row, a bill on a contract's completion), in the order the
// listeners declare (registry.ts compiles it at start). A failed listener rolls the move back.
// The events table is also the stream the consumers read from a position (eventStream.ts: the
// live console, the audit trail; consumers/: the messages and todos of news.ts).
import { sql } from 'drizzle-orm';
import type { ResourceDefinition } from '../../shared/resources/types';
import { noteWritten } from '../consumers/written';
import type { Db } from '../db/client';
import { resourceEvents } from '../db/schema';
import { slot, statement } from '../db/statements';
import type { RecordRow } from './records';
import type { ResourceRegistry } from './registry';

/** Who moves a record: a signed-in user (of an account; through one of its API keys when `apiKeyId` is set) or a job of the system, named. */
export type Mover = { userId: string; accountId: string; apiKeyId?: string } | { job: string };

export const isJob = (m: Mover): m is { job: string } => 'job' in m;

export interface RecordEvent {
  tx: Db;
  def: ResourceDefinition;
  /** `create`, `edit`, the action's name, or a declared system move's name (`autoRelease`). */
  action: string;
  /** The record before the move (null on create). */
  before: RecordRow | null;
  after: RecordRow;
  /** The action's input as stored with its event ({} on create). */
  input: Record<string, unknown>;
  /** Who acted: the user's id, '' for a job (then `job` names it). */
  userId: string;
  accountId: string;
  job?: string;
  now: Date;
  /** Every resource this server serves, for a listener that moves another record (through moves.ts). */
  resources: ResourceRegistry;
}

export type RecordListener = (event: RecordEvent) => Promise<void>;

/** A listener's set-based form: the events of one set-based move (moves.ts createMany, moveMany), in one go. */
export type RecordSetListener = (events: readonly RecordEvent[]) => Promise<void>;

/**
 * A domain's listener on one resource, with the domains whose listeners on it must run first.
 * `listenMany`, when given, hears a set-based move's events at once (one statement for all, not
 * one per record); it must do what `listen` does for each of them.
 */
export interface ListenerDeclaration {
  listen: RecordListener;
  listenMany?: RecordSetListener;
  after?: readonly string[];
}

/** A listener as compiled for a resource: its domain's name and what it runs. */
export interface CompiledListener {
  domain: string;
  listen: RecordListener;
  listenMany?: RecordSetListener;
}

/**
 * The listeners of one resource in the order they declare: each after the domains it names
 * (a topological order; ties keep the domain list's order). A name no domain listens with, or a
 * cycle, stops the start.
 */
export function orderListeners(resource: string, declared: readonly { domain: string; decl: ListenerDeclaration }[]): CompiledListener[] {
  const names = new Set(declared.map((d) => d.domain));
  for (const d of declared) for (const a of d.decl.after ?? []) if (!names.has(a)) throw new Error(`${resource}: listener of '${d.domain}' runs after '${a}', which has no listener on it`);
  const done: CompiledListener[] = [];
  const left = [...declared];
  while (left.length) {
    const i = left.findIndex((d) => (d.decl.after ?? []).every((a) => done.some((x) => x.domain === a)));
    if (i < 0) throw new Error(`${resource}: the listeners' order has a cycle (${left.map((d) => d.domain).join(', ')})`);
    const [next] = left.splice(i, 1);
    done.push({ domain: next.domain, listen: next.decl.listen, ...(next.decl.listenMany ? { listenMany: next.decl.listenMany } : {}) });
  }
  return done;
}

/** Runs the listeners of the event's resource in their declared order. */
export async function hear(listeners: readonly CompiledListener[], event: RecordEvent): Promise<void> {
  for (const l of listeners) await l.listen(event);
}

/**
 * The events of one set-based move, listener by listener in their declared order: each listener
 * hears them all (at once through its set-based form, else one by one) before the next one does.
 */
export async function hearAll(listeners: readonly CompiledListener[], events: readonly RecordEvent[]): Promise<void> {
  if (!events.length) return;
  for (const l of listeners) {
    if (l.listenMany) await l.listenMany(events);
    else for (const event of events) await l.listen(event);
  }
}

/** What an event row carries of its mover. */
export const moverColumns = (m: Mover) => (isJob(m) ? { by: null, actorAccountId: null, job: m.job, apiKeyId: null } : { by: m.userId, actorAccountId: m.accountId, job: null, apiKeyId: m.apiKeyId ?? null });

/**
 * The position of a record's new event: the writing transaction's id, raised to the record's
 * previous event's, so a record's events never go backwards in the stream (eventStream.ts). The
 * record is locked by the mover, so its previous event is committed and seen here.
 */
export const orderTxOf = (recordId: SQL | string) =>
  sql`greatest(pg_current_xact_id(), (select p.order_tx from resource_events p where p.record_id = ${recordId} order by p.order_tx desc limit 1))`;

type SQL = ReturnType<typeof sql>;

/** The insert of one event (built once, db/statements.ts): the only insert of a single event. */
const insertEvent = statement('record_event', (db) =>
  db
    .insert(resourceEvents)
    .values({
      recordId: slot('recordId', resourceEvents.recordId),
      resource: slot('resource', resourceEvents.resource),
      action: slot('action', resourceEvents.action),
      fromState: slot('fromState', resourceEvents.fromState),
      toState: slot('toState', resourceEvents.toState),
      input: slot('input', resourceEvents.input),
      by: slot('by', resourceEvents.by),
      actorAccountId: slot('actorAccountId', resourceEvents.actorAccountId),
      job: slot('job', resourceEvents.job),
      apiKeyId: slot('apiKeyId', resourceEvents.apiKeyId),
      version: slot('version', resourceEvents.version),
      at: slot('at', resourceEvents.at),
      orderTx: orderTxOf(slot('recordId', resourceEvents.recordId)),
    })
    .returning({ orderTx: resourceEvents.orderTx }),
);

/** Appends one event, noting its position for the work that wrote it (consumers/written.ts). */
export async function appendEvent(db: Db, values: Record<string, unknown>): Promise<void> {
  const [row] = await insertEvent(db, values);
  if (row) noteWritten(row.orderTx);
}
