// Tests that prove a figure does not depend on the machine's time zone run their file in another.
import { afterAll, beforeAll } from 'vitest';

/** Runs the tests of the enclosing file or block in time zone `tz` (process.env.TZ), the run's own restored after them. */
export function inTimeZone(tz: string): void {
  const saved = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = tz;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
  });
}
