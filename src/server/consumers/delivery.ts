// Waiting for a consumer to have handled events: what a request that moved records does before
// its answer goes out (so the actor's next call finds the messages and todos its move made), and
// what a reader of a consumer's output (the message centre, the todo list) does before it reads.
//
// Why the wait is bounded: the stream hands out an event only once every transaction older than
// the event's own has ended (eventStream.ts: the pg_snapshot_xmin horizon), so an event committed
// a moment ago cannot be read while an older transaction (another request's, a clearing run) is
// still open. The request drains, and while its own events are not yet readable it waits a few
// milliseconds and drains again, for at most DELIVERY_WAIT_MS (a cap reached only behind a long
// transaction, such as a clearing run); past that it answers anyway, and the events are handled
// by the next drain: the scheduler's, every second, or a reader's catch-up, which waits the same
// way for every committed event not yet handled. Nothing is lost or doubled either way: only the
// drain's transaction moves the position.
import type { Db } from '../db/client';
import { drainOnce, pendingUpTo, positionTxOf, type Consumer } from './consumer';

/** The longest a request's answer waits for its events to be handled. */
export const DELIVERY_WAIT_MS = 2000;
/** Between two tries while another drain holds the position or an older transaction the horizon. */
const RETRY_MS = 5;

const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_MS));

/**
 * Waits until the consumer has handled every event it wants whose order_tx is at most `upTo` (a
 * request's own events: consumers/written.ts), draining itself when no other drain is. While
 * another drain holds the position it only reads the position (one statement, no lock) until that
 * drain commits: of many requests answering at once, one drains for all. Answers false when
 * `waitMs` passed first.
 */
export async function awaitHandled(db: Db, consumer: Consumer, upTo: bigint, waitMs = DELIVERY_WAIT_MS): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  let position = await positionTxOf(db, consumer.name);
  for (;;) {
    if (position > upTo) return true;
    const step = await drainOnce(db, consumer);
    if (!step.busy && step.positionTx > upTo) return true;
    // A full batch read: the next one at once.
    if (!step.busy && !step.caughtUp) continue;
    // Another drain is reading (wait for its commit), or an older transaction holds the horizon (try again shortly).
    const held = await positionTxOf(db, consumer.name);
    do {
      if (Date.now() >= deadline) return false;
      await pause();
      position = await positionTxOf(db, consumer.name);
    } while (step.busy && position === held && position <= upTo);
  }
}

/**
 * Before a read of the consumer's output: waits (as a request does, at most `waitMs`) until every
 * committed event it wants is handled. Nothing pending costs one statement, no lock.
 */
export async function catchUp(db: Db, consumer: Consumer, waitMs = DELIVERY_WAIT_MS): Promise<void> {
  const upTo = await pendingUpTo(db, consumer);
  if (upTo !== undefined) await awaitHandled(db, consumer, upTo, waitMs);
}
