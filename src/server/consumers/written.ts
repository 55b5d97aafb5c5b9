// What a request (or any unit of work) has written to the event stream: the highest position
// (order_tx) of the events its moves appended, so that before its answer goes out it can wait
// until the consumers have read them (delivery.ts). The door (resources/events.ts, moves.ts)
// notes each event it appends; the work's async context carries the note, so no signature on
// the way from the route to the door changes. An event of a transaction that rolled back is noted
// too: waiting for it ends as soon as that transaction has ended, which it has.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface Written {
  /** The highest order_tx among the events written, as decimal text; undefined while none. */
  upTo?: bigint;
}

const current = new AsyncLocalStorage<Written>();

/** Runs `work` with `written` collecting the events it appends (callback style, for a Fastify hook's `done`). */
export function trackWrites<T>(written: Written, work: () => T): T {
  return current.run(written, work);
}

/** Notes an event just appended at `orderTx` (the door calls it; outside a tracked work it does nothing). */
export function noteWritten(orderTx: string | bigint): void {
  const written = current.getStore();
  if (!written) return;
  const tx = BigInt(orderTx);
  if (written.upTo === undefined || tx > written.upTo) written.upTo = tx;
}
