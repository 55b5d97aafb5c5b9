// The generated edit page in real Chromium against the real server: the form saves through the
// default DataProvider's update, @refinedev/simple-rest's own code sent as PUT /api/rest/... by the
// one HTTP client (issue 30 item 6). The record keeps what was typed, a cleared optional field is
// gone, and a save over a newer version is refused with the offer to reload it.
import type { ResourceRecord } from '../../src/shared/resources/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, toast } from '../support/console';
import { offerBody } from '../support/trading';
import { apiCall, apiPost, approvedParty, attemptTag, openSignedIn } from '../support/seed';

const LIST = '/outgoing/chainPayment';

describe.skipIf(!chromiumPath)('browser: editing a record (simple-rest update)', () => {
  let e2e: E2eApp;
  let buyer: Awaited<ReturnType<typeof approvedParty>>;

  beforeAll(async () => {
    e2e = await startE2e();
    buyer = await approvedParty(e2e, '杭州编辑记录买方有限公司');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('saves the form with the version read, clears a field emptied, and offers the latest record after a conflict', async () => {
    const tag = attemptTag();
    const draft = await apiPost(e2e, '/api/r/purchaseOffers', buyer.token, offerBody(`编辑前的采购草稿 ${tag}`));
    const read = async () => (await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/purchaseOffers/${draft.id}`, undefined, buyer.token)).data;
    const { page, errors } = await openSignedIn(e2e, buyer.token, STEP_MS);
    const sent: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.includes(String(draft.id))) sent.push(`${request.method()} ${pathname}`);
    });

    await page.goto(`${LIST}/show/${draft.id}`);
    await pane(page).getByRole('button', { name: /编\s*辑/ }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/edit/${draft.id}`);
    const form = pane(page).locator('.schema-form');
    await form.getByLabel('报价标题', { exact: true }).fill(`编辑后的采购草稿 ${tag}`);
    await form.getByLabel('交易条款', { exact: true }).fill('');
    await pane(page).getByRole('button', { name: /保\s*存/ }).click();
    await toast(page, '保存成功');
    await page.waitForURL((url) => url.pathname === `${LIST}/show/${draft.id}`);
    await pane(page).getByText(`编辑后的采购草稿 ${tag}`).first().waitFor();

    const saved = await read();
    expect(saved).toMatchObject({ title: `编辑后的采购草稿 ${tag}`, version: 2, quantity: draft.quantity });
    expect(saved).not.toHaveProperty('terms');
    expect(sent).toContain(`PUT /api/rest/purchaseOffers/${draft.id}`);
    expect(sent.filter((s) => s.startsWith('PUT') || s.startsWith('PATCH'))).toEqual([`PUT /api/rest/purchaseOffers/${draft.id}`]);

    // Someone else saves while the form is open: the browser's save is refused, and reloading shows theirs.
    await pane(page).getByRole('button', { name: /编\s*辑/ }).click();
    await page.waitForURL((url) => url.pathname === `${LIST}/edit/${draft.id}`);
    await form.getByLabel('报价标题', { exact: true }).fill(`浏览器里的修改 ${tag}`);
    const { id: _id, state: _state, version, events: _events, ...data } = (await read()) as ResourceRecord & { events?: unknown };
    const theirs = await apiCall<ResourceRecord>(e2e.baseUrl, 'PUT', `/api/r/purchaseOffers/${draft.id}`, { ...data, title: `他人先改的标题 ${tag}`, version }, buyer.token);
    expect(theirs.code).toBe(200);
    await pane(page).getByRole('button', { name: /保\s*存/ }).click();
    await pane(page).getByText('该记录已被他人修改').waitFor();
    await pane(page).getByRole('button', { name: /重新加载/ }).click();
    await expect.poll(() => form.getByLabel('报价标题', { exact: true }).inputValue()).toBe(`他人先改的标题 ${tag}`);
    expect((await read()).title).toBe(`他人先改的标题 ${tag}`);
    expect(errors, 'page errors and console errors').toEqual([]);
  });
});
