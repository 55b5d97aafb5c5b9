// The server's clock while the demo world is seeded. The seeder sends dozens of SMS codes, a few
// to the same phone, and the product allows one per phone per 60 s: rather than wait (or bend
// that rule), seeding runs on a clock that starts two hours back and jumps past the window
// before each send. When seeding ends the clock is real time again; it only ever moves forward.
import type { Clock } from '../../clock';

const HEAD_START_MS = 2 * 3_600_000;

export class SeedingClock implements Clock {
  private offset = -HEAD_START_MS;
  /** True until finish(): the per-client rate limits wait for the seeder (main.ts). */
  seeding = true;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  /** Moves the clock forward, never past real time. */
  advance(ms: number): void {
    this.offset = Math.min(0, this.offset + ms);
  }
  /** Seeding is over: real time from now on. */
  finish(): void {
    this.offset = 0;
    this.seeding = false;
  }
}
