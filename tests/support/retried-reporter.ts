// A vitest reporter that names, at the end of a run, every test that passed only when run again
// (the e2e project keeps `retry: 1` as insurance): a retry hides a flaky test, this list does not.
// It also prints how many assertions the run executed, per project (tests/support/assertion-count.ts).
// Registered in vitest.config.ts beside the default reporter, and by scripts/test.ts.
import type { Reporter, TestCase, TestModule } from 'vitest/node';

/** One line per test that needed a retry: project, file, full name, and how many retries. */
export function retriedLines(testModules: readonly TestModule[]): string[] {
  const lines: string[] = [];
  const visit = (test: TestCase) => {
    const { retryCount } = test.diagnostic() ?? { retryCount: 0 };
    if (retryCount > 0) lines.push(`${test.project.name ? `[${test.project.name}] ` : ''}${test.module.relativeModuleId} > ${test.fullName} (${test.result().state} after ${retryCount} retr${retryCount === 1 ? 'y' : 'ies'})`);
  };
  for (const module of testModules) for (const test of module.children.allTests()) visit(test);
  return lines;
}

/** The expect calls executed per project, and in all. */
export function assertionCounts(testModules: readonly TestModule[]): { total: number; byProject: Record<string, number> } {
  const byProject: Record<string, number> = {};
  let total = 0;
  for (const module of testModules)
    for (const test of module.children.allTests()) {
      const n = test.meta().assertions ?? 0;
      byProject[test.project.name || 'default'] = (byProject[test.project.name || 'default'] ?? 0) + n;
      total += n;
    }
  return { total, byProject };
}

export default class RetriedReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    const counts = assertionCounts(testModules);
    const parts = Object.entries(counts.byProject).map(([project, n]) => `${project} ${n}`);
    console.log(`\n${counts.total} assertions executed (expect calls: ${parts.join(', ')})`);
    const lines = retriedLines(testModules);
    if (!lines.length) return;
    console.log(`\n${lines.length} test(s) needed a retry (flaky: find the cause):\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }
}
