// A transaction PostgreSQL aborted to let another go on: a deadlock it broke (40P01: two steps
// that lock the same rows in different orders, such as two payments of several bills whose
// payees cross) or a serialization failure (40001). The request failed on nothing it asked for
// and everything it wrote was rolled back, so the whole transaction is run again: the other side
// has committed or is about to. PGlite has one connection and never raises either.
import { causes } from './unavailable';

const CONFLICT_STATES = new Set(['40P01', '40001']);

/** Whether `error`, or an error it wraps, is such an abort. */
export function isTransactionConflict(error: unknown): boolean {
  for (const e of causes(error)) if (CONFLICT_STATES.has(String((e as { code?: unknown }).code))) return true;
  return false;
}

/** Tries of a transaction in all: a third abort in a row is answered 503 with Retry-After (plugins/envelope.ts). */
export const CONFLICT_TRIES = 3;

/** Runs `transaction` (a whole db.transaction call) again when PostgreSQL aborted it as a conflict, up to CONFLICT_TRIES in all. */
export async function retryingConflicts<T>(transaction: () => Promise<T>, tries = CONFLICT_TRIES): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= tries || !isTransactionConflict(err)) throw err;
      // A short random pause, so two that crossed do not cross again at once.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
