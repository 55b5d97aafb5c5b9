// Reading the event stream from a position (DESIGN §10 "Events"). Every move appends its event in
// the move's transaction (moves.ts); a reader takes, in (order_tx, seq) order, only events whose
// order_tx is below the oldest transaction still running (pg_snapshot_xmin): every transaction
// below it has ended, and an event still to come carries an order_tx at least its own xid, which
// is at or above that horizon. So nothing ever appears behind a position already read, an event
// committed late is read late rather than lost, and a record's events (whose order_tx never goes
// down: events.ts orderTxOf) come in commit order. A position is "<order_tx>:<seq>" of the last
// event read; a consumer that keeps it (a browser's Last-Event-ID) resumes where it stopped, on
// any node.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/rows';

export interface StreamEvent {
  /** Where the stream stands after this event (a consumer's position). */
  position: string;
  seq: number;
  recordId: string;
  resource: string;
  action: string;
  from: string | null;
  to: string | null;
  /** The acting user, or null for a job (then `job` names it). */
  by: string | null;
  actorAccountId: string | null;
  job: string | null;
  version: number | null;
  at: string;
  input: Record<string, unknown>;
}

/** The position before every event. */
export const STREAM_START = '0:0';

const POSITION = /^(\d{1,20}):(\d{1,20})$/;

/** A position as sent back by a consumer, or undefined when it is not one. */
export function parsePosition(text: unknown): { tx: string; seq: string } | undefined {
  const m = typeof text === 'string' ? POSITION.exec(text) : null;
  return m ? { tx: m[1], seq: m[2] } : undefined;
}

interface Row {
  order_tx: string;
  seq: string;
  record_id: string;
  resource: string;
  action: string;
  from_state: string | null;
  to_state: string | null;
  by: string | null;
  actor_account_id: string | null;
  job: string | null;
  version: number | null;
  at: Date | string;
  input: Record<string, unknown>;
}

/** Which events a reader wants: by resource, the actions it reads (absent: every event). */
export type StreamFilter = Readonly<Record<string, readonly string[]>>;

/** The condition `and <the event is one the filter names>` on resource_events (as `alias`), or nothing without a filter. */
export function wantedSql(only: StreamFilter | undefined, alias = sql``) {
  if (!only) return sql``;
  const keys = Object.entries(only).flatMap(([resource, actions]) => actions.map((a) => `${resource}:${a}`));
  // One parameter, whatever the count (resource and action names are identifiers: no comma).
  return sql`and ${alias}resource || ':' || ${alias}action = any(string_to_array(${keys.join(',')}::text, ','))`;
}

/**
 * Up to `limit` events after `after` (those `only` names), in stream order, that no later commit
 * can precede, and the horizon they were read below: every event whose order_tx is below it is
 * committed, so a read that came back short has read every wanted event below it.
 */
export async function readStream(db: Db, after: string, limit = 500, only?: StreamFilter): Promise<{ events: StreamEvent[]; horizon: string }> {
  const from = parsePosition(after) ?? parsePosition(STREAM_START)!;
  const rows = await queryRows<Omit<Row, 'seq'> & { seq: string | null; horizon: string }>(
    db,
    sql`with h as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
      select h.xmin::text as horizon, e.order_tx::text, e.seq::text, e.record_id, e.resource, e.action, e.from_state, e.to_state, e.by, e.actor_account_id, e.job, e.version, e.at, e.input
      from h left join lateral (
        select * from resource_events
        where (order_tx, seq) > (${from.tx}::xid8, ${from.seq}::bigint)
          and order_tx < h.xmin
          ${wantedSql(only)}
        order by order_tx, seq
        limit ${limit}
      ) e on true
      order by e.order_tx, e.seq`,
  );
  const horizon = rows[0]?.horizon ?? '0';
  return { events: rows.flatMap((r) => (r.seq === null ? [] : [toStreamEvent({ ...r, seq: r.seq })])), horizon };
}

/** Up to `limit` events after `after`, in stream order, that no later commit can precede. */
export async function readEvents(db: Db, after: string, limit = 500): Promise<StreamEvent[]> {
  return (await readStream(db, after, limit)).events;
}

function toStreamEvent(r: Row): StreamEvent {
  return {
    position: `${r.order_tx}:${r.seq}`,
    seq: Number(r.seq),
    recordId: r.record_id,
    resource: r.resource,
    action: r.action,
    from: r.from_state,
    to: r.to_state,
    by: r.by,
    actorAccountId: r.actor_account_id,
    job: r.job,
    version: r.version,
    at: new Date(r.at).toISOString(),
    input: r.input,
  };
}

/** The position of the stream's end as of now: a consumer starting here hears only what comes next. */
export async function streamHead(db: Db): Promise<string> {
  const [row] = await queryRows<{ order_tx: string; seq: string }>(
    db,
    // Ordered by the columns (e.), not by the text they are answered as: "999" sorts after "1000".
    sql`select e.order_tx::text, e.seq::text from resource_events e where e.order_tx < pg_snapshot_xmin(pg_current_snapshot()) order by e.order_tx desc, e.seq desc limit 1`,
  );
  return row ? `${row.order_tx}:${row.seq}` : STREAM_START;
}
