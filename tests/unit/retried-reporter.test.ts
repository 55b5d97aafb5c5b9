// The retried reporter (tests/support/retried-reporter.ts) names a test that passed only on its
// retry and no other: a real vitest run of a fixture file, read the way the run's end reads it.
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import { startVitest } from 'vitest/node';
import { repoRoot } from '../../scripts/lib/web-build';
import RetriedReporter from '../support/retried-reporter';

it('lists the test that needed a retry, with its file and retry count, and only that one', async () => {
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  const vitest = await startVitest('test', [], {
    root: repoRoot,
    config: false,
    include: ['tests/unit/fixtures/flaky.fixture.ts'],
    watch: false,
    reporters: [new RetriedReporter()],
  });
  try {
    const modules = vitest.state.getTestModules();
    expect(modules.map((m) => path.relative(repoRoot, m.moduleId))).toEqual(['tests/unit/fixtures/flaky.fixture.ts']);
    expect(modules[0].ok()).toBe(true);
    const printed = log.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('needed a retry'));
    expect(printed).toEqual(['\n1 test(s) needed a retry (flaky: find the cause):\n  tests/unit/fixtures/flaky.fixture.ts > passes on its second attempt (passed after 1 retry)']);
  } finally {
    log.mockRestore();
    await vitest.close();
  }
}, 60_000);
