// The home page does not jump as its content lands (issue 32 item 7: Lighthouse measured a layout
// shift of 0.43 on a phone, the footer and the cards moving). An approved account opens /home on
// a phone's window (390 x 844) and a laptop's; the browser's own layout-shift entries (what
// Lighthouse sums as CLS) are collected from the first frame until every panel has its content:
// their sum stays within 0.05, Lighthouse's "good" being 0.1.
import { describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, journeyApp } from '../support/browser';
import { activePane } from '../support/console';
import { approvedParty, signInContext } from '../support/seed';

declare global {
  interface Window {
    __layoutShifts?: { value: number; sources: string[] }[];
  }
}

/** Lighthouse's "good" is 0.1; the issue asks for half of it. */
const MAX_CLS = 0.05;

describe.skipIf(!chromiumPath)('browser journey: the home page keeps its layout while it loads (issue 32 item 7)', () => {
  const e2e = journeyApp();

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 860 },
  ]) {
    it(`shifts by at most ${MAX_CLS} at ${viewport.width} x ${viewport.height}`, async () => {
      const { token } = await approvedParty(e2e, `首页布局测试${viewport.width}有限公司`);
      const { context, page, errors } = await e2e.newPage({ viewport });
      context.setDefaultTimeout(STEP_MS);
      await signInContext(context, e2e.baseUrl, token);
      // Every shift not caused by input, from the first frame on (buffered), with what moved.
      await context.addInitScript(() => {
        window.__layoutShifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
            if (entry.hadRecentInput) continue;
            const sources = (entry.sources ?? []).map((source) => (source.node instanceof Element ? `${source.node.tagName} ${source.node.className}` : String(source.node?.nodeName)));
            window.__layoutShifts!.push({ value: entry.value, sources });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/home');

      const pane = activePane(page);
      // Every panel with its content: the balances, the flows (chart or empty), the todos, the
      // greeting's actions answered by access control, no loading card or spinner left.
      await pane.getByTestId('wallet-available').waitFor();
      await pane.getByRole('button', { name: '发布采购发盘' }).waitFor();
      await expect.poll(() => pane.locator('.ant-skeleton, .ant-spin, .ant-card-loading').count(), { timeout: STEP_MS }).toBe(0);
      // Late work (the unread count, the live connection) has a moment to land too.
      await page.waitForTimeout(1500);

      const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
      const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(MAX_CLS);
      expect(errors).toEqual([]);
    });
  }
});
