// Every expiry (tokens, SMS codes, captchas, lockouts) is computed from this clock, never from
// the database's now(), so tests can move time forward and two nodes agree on one rule.
export interface Clock {
  now(): Date;
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
