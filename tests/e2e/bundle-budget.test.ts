// The console's JavaScript stays within its budgets (scripts/measure-bundle.ts): the login route,
// the shell + home route and a generated list page in all, in gzip, with the libraries that must
// not reach a page (rjsf/ajv on lists, @refinedev/antd on login, recharts on login and the shell).
// It runs in the e2e project because that project's global setup builds the console first
// (tests/support/e2e-global.ts); it opens no browser.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chromiumPath } from '../support/browser';

const run = promisify(execFile);

interface Measured {
  totalGzipKb: number;
  shellGzipKb: number;
  listRouteGzipKb: number;
  budgets: { loginKb: number; shellKb: number; listRouteKb: number };
  over: string[];
}

// The global setup builds only where Chromium is (it skips the e2e project otherwise).
describe.skipIf(!chromiumPath)('bundle budgets of the built console (issue 32 item 7)', () => {
  it('measure-bundle finds the main console within every budget and exits 0', async () => {
    const { stdout } = await run('npx', ['tsx', 'scripts/measure-bundle.ts', '--json'], { cwd: process.cwd(), env: { ...process.env, VARIANT: 'main' }, maxBuffer: 16 * 1024 * 1024 }).catch((error: { stdout?: string; code?: number }) => {
      // Over a budget the script exits 1: its figures say which.
      throw new Error(`measure-bundle exited ${error.code}: ${error.stdout?.split('\n').filter((line) => /OVER BUDGET|TOTAL|in all|Console shell/.test(line)).join(' | ')}`);
    });
    const measured = JSON.parse(stdout.trim().split('\n').at(-1)!) as Measured;
    expect(measured.over).toEqual([]);
    expect(measured.totalGzipKb).toBeLessThanOrEqual(measured.budgets.loginKb);
    expect(measured.shellGzipKb).toBeLessThanOrEqual(measured.budgets.shellKb);
    expect(measured.listRouteGzipKb).toBeLessThanOrEqual(measured.budgets.listRouteKb);
  });
});
