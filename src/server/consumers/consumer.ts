// A consumer of the event stream (DESIGN §10 "Events"): a named reader with a durable position in
// consumer_positions. drainOnce takes the position row's lock (FOR UPDATE SKIP LOCKED: of two
// nodes draining at once, one reads and the other leaves), reads the next batch of the events it
// wants after its position (resources/eventStream.ts: only events no later commit can precede),
// has its handler act on them and moves the position past them, all in ONE transaction: the
// handler's writes and the new position commit together or not at all, so every event is handled
// exactly once, in stream order (commit order per record), whichever node drains and whenever a
// node dies. After a read that came back short, the position moves on to the read's horizon: the
// events below it the consumer does not want are never read again.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';
import { resourceRecords } from '../db/schema';
import type { RecordRow } from '../resources/records';
import { readStream, wantedSql, type StreamEvent, type StreamFilter } from '../resources/eventStream';

export interface Consumer {
  /** Unique; its row in consumer_positions. */
  name: string;
  /** The events it reads, by resource and action (absent: all). */
  wants?: StreamFilter;
  /** Acts on a batch in stream order, in the drain's transaction: a throw rolls the batch back and the position stays. */
  handle(tx: Db, events: readonly StreamEvent[]): Promise<void>;
}

/**
 * Events per batch (per transaction). Small on purpose: a drain's transaction holds the stream's
 * horizon while it writes (eventStream.ts), so every event committed meanwhile waits for it.
 */
export const BATCH = 100;

/** What one drain transaction did: `busy` when another drain held the position (nothing done). */
export interface DrainStep {
  busy: boolean;
  /** Events handled. */
  handled: number;
  /** The position after the step: its order_tx, as a number (every event below it that the consumer wants is handled). */
  positionTx: bigint;
  /** True when the read came back short: nothing it wants is left below the horizon. */
  caughtUp: boolean;
}

/** Creates the consumer's position (at the stream's start) if it has none; a new consumer reads every event ever written. */
export async function ensureConsumer(db: Db, name: string): Promise<void> {
  await db.execute(sql`insert into consumer_positions (name) values (${name}) on conflict (name) do nothing`);
}

/** The consumer's position's order_tx without waiting for any lock (a drain may be moving it). */
export async function positionTxOf(db: Db, name: string): Promise<bigint> {
  const [row] = await queryRows<{ order_tx: string }>(db, sql`select order_tx::text from consumer_positions where name = ${name}`);
  if (!row) throw new Error(`consumer '${name}' has no position (ensureConsumer)`);
  return BigInt(row.order_tx);
}

/**
 * The highest order_tx among the committed events the consumer wants and has not handled yet,
 * readable or still held back by the horizon; undefined when there are none. One statement, no
 * lock: the cheap question a reader and the scheduler ask before they drain.
 */
export async function pendingUpTo(db: Db, consumer: Consumer): Promise<bigint | undefined> {
  const [row] = await queryRows<{ order_tx: string }>(
    db,
    sql`select e.order_tx::text from consumer_positions p join resource_events e on (e.order_tx, e.seq) > (p.order_tx, p.seq)
      where p.name = ${consumer.name} ${wantedSql(consumer.wants, sql`e.`)}
      order by e.order_tx desc, e.seq desc limit 1`,
  );
  return row ? BigInt(row.order_tx) : undefined;
}

/** One batch: lock the position, read, handle, move the position; one transaction. */
export async function drainOnce(db: Db, consumer: Consumer, limit = BATCH): Promise<DrainStep> {
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    const [at] = await queryRows<{ order_tx: string; seq: string }>(
      tx,
      sql`select order_tx::text, seq::text from consumer_positions where name = ${consumer.name} for update skip locked`,
    );
    if (!at) {
      // Locked by another drain, or never created: say which.
      await positionTxOf(tx, consumer.name);
      return { busy: true, handled: 0, positionTx: 0n, caughtUp: false };
    }
    const { events, horizon } = await readStream(tx, `${at.order_tx}:${at.seq}`, limit, consumer.wants);
    if (events.length) await consumer.handle(tx, events);
    const caughtUp = events.length < limit;
    const last = events[events.length - 1];
    let [orderTx, seq] = last ? last.position.split(':') : [at.order_tx, at.seq];
    // Short read: every wanted event below the horizon is handled, so the position may stand there.
    if (caughtUp && BigInt(horizon) > BigInt(orderTx)) [orderTx, seq] = [horizon, '0'];
    if (orderTx !== at.order_tx || seq !== at.seq) {
      await tx.execute(
        sql`update consumer_positions set order_tx = ${orderTx}::xid8, seq = ${seq}::bigint, handled = handled + ${events.length}, updated_at = now() where name = ${consumer.name}`,
      );
    }
    return { busy: false, handled: events.length, positionTx: BigInt(orderTx), caughtUp };
  });
}

/**
 * Drains what is there now: batch after batch until a read comes back short, or until another
 * drain holds the position (it reads what this one would). Answers how many events this call handled.
 */
export async function drain(db: Db, consumer: Consumer): Promise<number> {
  let handled = 0;
  for (;;) {
    const step = await drainOnce(db, consumer);
    handled += step.handled;
    if (step.busy || step.caughtUp) return handled;
  }
}

/** The records of a batch's events, one read per resource (records are partitioned by resource). */
export async function recordsOf(tx: Db, events: readonly StreamEvent[]): Promise<Map<string, RecordRow>> {
  const ids = new Map<string, Set<string>>();
  for (const e of events) ids.set(e.resource, (ids.get(e.resource) ?? new Set()).add(e.recordId));
  const rows = new Map<string, RecordRow>();
  for (const [resource, set] of ids) {
    for (const row of await tx.select().from(resourceRecords).where(and(eq(resourceRecords.resource, resource), inArray(resourceRecords.id, [...set])))) rows.set(row.id, row);
  }
  return rows;
}
