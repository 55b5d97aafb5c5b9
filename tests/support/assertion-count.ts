// Counts each test's assertions (the expect calls it executed, expect.poll's included) into its
// meta, so the run can print how many it made (tests/support/retried-reporter.ts): a suite made
// faster must not assert less. A setup file of every project (vitest.config.ts).
import { afterEach, expect } from 'vitest';

declare module '@vitest/runner' {
  interface TaskMeta {
    /** The expect calls the test executed. */
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
