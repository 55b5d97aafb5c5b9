// Browser journey of the guidance a newcomer and operations get (issue 17), in real Chromium:
// an enterprise not yet authenticated sees, where the offers' create button would be, why there
// is none and how long review takes, follows the link to authentication (also in the account
// centre menu) and finds its registered name already filled in; a signed contract shows its
// lifecycle steps and each party's next action, and the accepted offer links to it; operations
// see what waits in their queues on home and as menu badges, and a queue opens on what is pending.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { apiCall, apiPost, apiSignIn, approvedParty, attemptTag, openSignedIn, registerAccount, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000117', ADMIN_PASSWORD: 'Ops#Guide2026' };

describe.skipIf(!chromiumPath)('browser journey: guidance for newcomers and operations (issue 17)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['main'], { clock });

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);
  const screenshot = (page: Page, name: string) => shot(page, `guidance-${name}`, { fullPage: true });

  it('tells an account that is not authenticated why it cannot create, and leads it to a pre-filled authentication', async () => {
    const name = '杭州新来的贸易有限公司';
    const { phone } = await registerAccount(e2e, { enterpriseName: name });
    const token = await apiSignIn(e2e, phone);
    await settledUser(e2e, token, 'lsf');
    const { page } = await openSignedIn(e2e, token, STEP_MS);

    await page.goto('/outgoing/chainPayment');
    const notice = pane(page).getByTestId('approval-notice');
    await notice.getByText('完成认证后即可交易').waitFor();
    expect(await notice.innerText()).toContain('审核需要 1–2 个工作日');
    // Where the create button would be: the way to authentication, not 新建.
    await pane(page).getByRole('button', { name: '认证后可新建' }).first().waitFor();
    expect(await pane(page).getByRole('button', { name: /(^|\s)新\s*建$/ }).count()).toBe(0);
    await screenshot(page, 'notice');

    // The account centre lists enterprise authentication.
    await page.locator('.shell-menu').getByText('账户中心').click();
    await page.locator('.shell-menu').getByRole('link', { name: '企业认证' }).waitFor();

    await notice.getByRole('button', { name: '去认证' }).click();
    await page.waitForURL((url) => url.pathname === '/businessAuthentication');
    const form = pane(page).locator('.schema-form');
    await expect.poll(() => form.getByLabel('企业名称', { exact: true }).inputValue(), { timeout: STEP_MS }).toBe(name);
    expect(await pane(page).locator('.authentication-banner').innerText()).toContain('1–2 个工作日');
    await screenshot(page, 'authentication');
  });

  it("shows a contract's steps and each party's next action; the accepted offer links to its contract", async () => {
    const { world } = e2e;
    const buyer = await world.party({ name: '杭州进度买方有限公司', approved: true });
    const seller = await world.party({ name: '苏州进度卖方有限公司', approved: true });
    const title = '进度可见的钢材采购';
    const { id: contractId, offerId } = await world.contract({ state: 'signed', buyer, seller, title });

    // The buyer opens its offer and follows it to the contract.
    const b = await openSignedIn(e2e, buyer.token, STEP_MS);
    await b.page.goto(`/outgoing/chainPayment/show/${offerId}`);
    await pane(b.page).getByRole('link', { name: title }).waitFor();
    await screenshot(b.page, 'offer');
    await pane(b.page).getByRole('link', { name: title }).click();
    await b.page.waitForURL((url) => url.pathname === '/contract/details' && url.searchParams.get('id') === contractId);
    const progress = pane(b.page).getByTestId('contract-progress');
    await progress.waitFor();
    const steps = await progress.locator('.ant-steps-item-title').allInnerTexts();
    expect(steps.map((s) => s.trim())).toEqual(['待签署', '已签署', '保证金已托管', '已交付', '已完成']);
    expect(await progress.locator('.ant-steps-item-process .ant-steps-item-title').innerText()).toBe('已签署');
    expect((await progress.getByTestId('contract-next-action').innerText()).trim()).toBe('您的下一步：支付保证金');
    await screenshot(b.page, 'contract-buyer');

    // The seller waits for the buyer.
    const v = await openSignedIn(e2e, seller.token, STEP_MS);
    await v.page.goto(`/contract/supplyDetails?id=${contractId}`);
    await expect
      .poll(async () => (await pane(v.page).getByTestId('contract-next-action').innerText()).trim(), { timeout: STEP_MS })
      .toBe('等待对方：买方支付保证金');
  });

  it('gives operations the counts of their queues on home and in the menu, and opens a queue on what is pending', async () => {
    const ops = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, ops, 'lsf');
    const payer = await approvedParty(e2e, '杭州待确认充值有限公司');
    // A retry finds an earlier attempt's deposit still waiting: this attempt's references are its
    // own, and the queue's count is what waited before plus this attempt's one.
    const tag = attemptTag();
    const pendingBefore = (await apiCall<Record<string, number>>(e2e.baseUrl, 'GET', '/api/ops/pending', undefined, ops)).data.opsDeposits;
    const waiting = pendingBefore + 1;
    const deposit = (amount: string, reference: string) =>
      post('/api/r/deposits', payer.token, { amount, payerName: payer.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference });
    const confirmed = await deposit('300.00', `REF-GUIDE-DONE-${tag}`);
    await post(`/api/r/deposits/${confirmed.id}/actions/confirm`, ops);
    await deposit('1234.00', `REF-GUIDE-WAIT-${tag}`);

    const { page } = await openSignedIn(e2e, ops, STEP_MS);
    await page.goto('/home');
    const card = pane(page).getByTestId('ops-pending');
    await card.getByRole('link', { name: /充值确认/ }).waitFor();
    expect(await card.getByRole('link', { name: /充值确认/ }).innerText()).toContain(String(waiting));
    // The menu's badge on the queue (its group open: the ops group).
    await page.locator('.shell-menu').getByText('平台运营').first().click();
    await expect.poll(async () => (await page.getByTestId('queue-badge-opsDeposits').innerText()).trim(), { timeout: STEP_MS }).toBe(String(waiting));
    await screenshot(page, 'ops-home');

    // The queue opens filtered on the deposits to confirm; clearing the filter shows them all.
    await card.getByRole('link', { name: /充值确认/ }).click();
    await page.waitForURL((url) => url.pathname === '/ops/deposits');
    const rows = pane(page).locator('.ant-table-row');
    await rows.filter({ hasText: `REF-GUIDE-WAIT-${tag}` }).waitFor();
    expect(await rows.count()).toBe(waiting);
    expect(await pane(page).locator('.resource-filters').getByText('待确认').count()).toBe(1);
    await screenshot(page, 'ops-queue');
    await pane(page).getByRole('button', { name: /重\s*置/ }).click();
    await rows.filter({ hasText: `REF-GUIDE-DONE-${tag}` }).waitFor();
    expect(new URL(page.url()).searchParams.get('state')).toBe('');
  });
});
