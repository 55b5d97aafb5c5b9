// npm test: every vitest project (unit, web, api on PGlite and PostgreSQL, browser e2e),
// then the tests that passed only on a retry (tests/support/retried-reporter.ts), and one plain
// closing line "N passed, N failed, N skipped" that CI reads.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './lib/web-build';

const report = path.join(repoRoot, '.tmp/vitest-report.json');
fs.mkdirSync(path.dirname(report), { recursive: true });
fs.rmSync(report, { force: true });
const vitest = path.join(repoRoot, 'node_modules/.bin/vitest');
const run = spawnSync(vitest, ['run', '--reporter=default', '--reporter=./tests/support/retried-reporter.ts', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)], {
  cwd: repoRoot,
  stdio: 'inherit',
});

let summary = 'no test report: vitest did not finish';
if (fs.existsSync(report)) {
  const r = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  summary = `${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
}
console.log(`\n${summary}`);
process.exit(run.status ?? 1);
