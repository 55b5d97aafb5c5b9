// Issue 17 in real Chromium: deleting a record closes its tab, so nothing reads the deleted
// record again (no 404, no console error) (defect 7); and a contract list at 1440 px shows its
// time column whole, not clipped nor covered by the fixed action column (defect 12).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, shot, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, toast } from '../support/console';
import { offerBody } from '../support/trading';
import { apiPost, approvedParty, attemptTag, openSignedIn } from '../support/seed';

const LIST = '/outgoing/chainPayment';

/** The labels of the open tabs, as the tab bar shows them. */
const tabLabels = (page: Page) => page.locator('.shell-tabs .ant-tabs-tab').allInnerTexts();

describe.skipIf(!chromiumPath)('browser: record pages (issue 17)', () => {
  let e2e: E2eApp;
  let buyer: Awaited<ReturnType<typeof approvedParty>>;

  beforeAll(async () => {
    e2e = await startE2e();
    buyer = await approvedParty(e2e, '杭州删除页签买方有限公司');
    const seller = await approvedParty(e2e, '苏州删除页签卖方有限公司');
    const offer = await apiPost(e2e, '/api/r/purchaseOffers', buyer.token, offerBody('宽屏时间列螺纹钢采购'));
    await apiPost(e2e, `/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    await apiPost(e2e, `/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('closes the tab of a deleted record; nothing asks for it again', async () => {
    // Its own title: on a retry the list also holds the draft of an attempt that stopped before deleting it.
    const title = `待删除的采购草稿 ${attemptTag()}`;
    const draft = await apiPost(e2e, '/api/r/purchaseOffers', buyer.token, offerBody(title));
    const { page, errors } = await openSignedIn(e2e, buyer.token, STEP_MS);
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(`${response.request().method()} ${response.url()}`);
    });
    await page.goto(LIST);
    await pane(page).getByText(title).waitFor();
    await pane(page).locator('tr', { hasText: title }).getByRole('button', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/show/${draft.id}`);
    await expect.poll(() => tabLabels(page)).toContainEqual(expect.stringContaining(String(draft.id).slice(0, 8)));

    await pane(page).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '记录已删除');
    await page.waitForURL((url) => url.pathname === LIST);
    await pane(page).locator('tr', { hasText: title }).waitFor({ state: 'detached' });
    // The record's tab is gone; the list's stays.
    const labels = await tabLabels(page);
    expect(labels.some((label) => label.includes(String(draft.id).slice(0, 8)))).toBe(false);
    expect(labels).toHaveLength(1);
    // A refetch of the deleted record would have answered by now (the list was read after it).
    await page.waitForTimeout(500);
    expect(missing).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the time column of a contract list whole at 1440 px, clear of the fixed action column', async () => {
    const opened = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
    opened.context.setDefaultTimeout(STEP_MS);
    const { page, errors } = opened;
    await page.context().addInitScript(
      (token) => localStorage.setItem('Access-Token', JSON.stringify({ value: token, expire: Date.now() + 604_800_000 })),
      buyer.token,
    );
    await page.goto('/contract/contractbuy');
    const row = pane(page).locator('.ant-table-tbody tr.ant-table-row', { hasText: '宽屏时间列螺纹钢采购' });
    await row.waitFor();
    await shot(page, 'contrast-list-1440');
    // The time column: the last header that names a time.
    const headers = await pane(page).locator('.ant-table-thead th').allInnerTexts();
    const timeIndex = headers.map((h) => /时间/.test(h)).lastIndexOf(true);
    expect(timeIndex).toBeGreaterThan(0);
    const time = row.locator('td').nth(timeIndex);
    const action = row.locator('td.ant-table-cell-fix-right');
    expect(await time.innerText()).toMatch(/^\d{4}\D\d{2}\D\d{2} \d{2}:\d{2}/);
    // Its text fits its cell (one line, nothing cut off) ...
    const fits = await time.evaluate((td) => ({ scroll: td.scrollWidth, client: td.clientWidth }));
    expect(fits.scroll).toBeLessThanOrEqual(fits.client);
    // ... and the fixed column starts where the time cell ends, not over it.
    const timeBox = (await time.boundingBox())!;
    const actionBox = (await action.boundingBox())!;
    expect(timeBox.x + timeBox.width).toBeLessThanOrEqual(actionBox.x + 1);
    expect(errors).toEqual([]);
  });
});
