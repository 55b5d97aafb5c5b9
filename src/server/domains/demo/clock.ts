// The server's clock while the demo world is seeded. The world has a month of history (wallet
// movements, bills confirmed, paid and overdue, a clearing run), and the product dates every
// record and ledger line by its clock: so seeding runs on a clock that starts a month (and two
// hours) back and that the seeder moves forward day by day, and past the SMS resend window
// before each send (one code per phone per 60 s: rather than wait, or bend that rule). The
// scheduler's jobs wait while it seeds (jobsHeld) and catch up after. When seeding ends the clock
// is real time again; it only ever moves forward.
import type { Clock } from '../../clock';

/** How many days of history the demo world has: its seeder starts this many days back. */
export const DEMO_HISTORY_DAYS = 30;
export const DAY_MS = 86_400_000;
const HEAD_START_MS = DEMO_HISTORY_DAYS * DAY_MS + 2 * 3_600_000;

export class SeedingClock implements Clock {
  private offset = -HEAD_START_MS;
  /** True until finish(): the per-client rate limits wait for the seeder (main.ts). */
  seeding = true;
  jobsHeld = true;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  /** Moves the clock forward, never past real time. */
  advance(ms: number): void {
    this.offset = Math.min(0, this.offset + Math.max(0, ms));
  }
  /** Seeding is over: real time from now on. */
  finish(): void {
    this.offset = 0;
    this.seeding = false;
    this.jobsHeld = false;
  }
}
