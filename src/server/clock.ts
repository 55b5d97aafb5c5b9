// Every expiry (tokens, SMS codes, captchas, lockouts) is computed from this clock, never from
// the database's now(), so tests can move time forward and two nodes agree on one rule.
export interface Clock {
  now(): Date;
  /**
   * True while the demo seeder moves this clock through its month of history
   * (src/server/domains/demo): the scheduler's jobs wait, and catch up at the first tick after.
   */
  jobsHeld?: boolean;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start = Date.now()) {
    this.t = start;
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/**
 * Real time plus an offset that only grows: the clock of a server process started with
 * TEST_CLOCK=1 (never in production), moved by POST /api/dev/clock. Tests that run the product as
 * processes (tests/support/two-nodes.ts) move every node's clock by the same amount, so the nodes
 * still agree, as two production nodes on NTP do.
 */
export class OffsetClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    if (ms > 0) this.offset += ms;
  }
}
