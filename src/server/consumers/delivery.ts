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

interface Waiter {
  upTo: bigint;
  deadline: number;
  done(handled: boolean): void;
}

/**
 * The requests of this node waiting on one consumer, served by one loop: it drains (or, while
 * another node's drain holds the position, reads where that drain got to) and answers every
 * waiter whose events the position has passed. Of many payments answering at once, one loop
 * drains for all of them, batch by batch, instead of each request taking a connection to poll.
 */
class Waiters {
  private waiting: Waiter[] = [];
  private running = false;
  /** The highest position seen: positions only move forward, so a waiter below it is answered at once. */
  private seen = -1n;

  constructor(
    private readonly db: Db,
    private readonly consumer: Consumer,
  ) {}

  wait(upTo: bigint, waitMs: number): Promise<boolean> {
    if (this.seen > upTo) return Promise.resolve(true);
    return new Promise((done) => {
      this.waiting.push({ upTo, deadline: Date.now() + waitMs, done });
      void this.run();
    });
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    try {
      while (this.waiting.length) {
        let again = false;
        try {
          const step = await drainOnce(this.db, this.consumer);
          const position = step.busy ? await positionTxOf(this.db, this.consumer.name) : step.positionTx;
          if (position > this.seen) this.seen = position;
          // A full batch: the next one at once.
          again = !step.busy && !step.caughtUp;
        } catch {
          // A drain that failed (a lost connection) is tried again; its waiters wait on to their deadline.
        }
        const now = Date.now();
        this.waiting = this.waiting.filter((w) => {
          if (this.seen > w.upTo) w.done(true);
          else if (now >= w.deadline) w.done(false);
          else return true;
          return false;
        });
        // Another drain is reading, or an older transaction holds the horizon: a moment.
        if (this.waiting.length && !again) await pause();
      }
    } finally {
      this.running = false;
    }
  }
}

const waitersOf = new WeakMap<Db, WeakMap<Consumer, Waiters>>();

/**
 * Waits until the consumer has handled every event it wants whose order_tx is at most `upTo` (a
 * request's own events: consumers/written.ts), this node's one loop draining for every waiter.
 * Answers false when `waitMs` passed first.
 */
export function awaitHandled(db: Db, consumer: Consumer, upTo: bigint, waitMs = DELIVERY_WAIT_MS): Promise<boolean> {
  let byConsumer = waitersOf.get(db);
  if (!byConsumer) waitersOf.set(db, (byConsumer = new WeakMap()));
  let waiters = byConsumer.get(consumer);
  if (!waiters) byConsumer.set(consumer, (waiters = new Waiters(db, consumer)));
  return waiters.wait(upTo, waitMs);
}

/**
 * Before a read of the consumer's output: waits (as a request does, at most `waitMs`) until every
 * committed event it wants is handled. Nothing pending costs one statement, no lock.
 */
export async function catchUp(db: Db, consumer: Consumer, waitMs = DELIVERY_WAIT_MS): Promise<void> {
  const upTo = await pendingUpTo(db, consumer);
  if (upTo !== undefined) await awaitHandled(db, consumer, upTo, waitMs);
}
