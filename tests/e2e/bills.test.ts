// Browser journey of a bill (issue 18) in real Chromium: a contract completes (over the API: the
// collateral journey is contract-money's), its bill is listed in the buyer's payables, confirmed
// in the console with an SMS code, paid in two parts, and both Solution receipts open with their
// amounts in figures and capitals; a signed-out visitor verifies one.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, testIdText } from '../support/console';
import { offerBody } from '../support/trading';
import { apiCall, apiPost, apiSignIn, approvedParty, freshSmsCode, openSignedIn, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000091', ADMIN_PASSWORD: 'Ops#Bills2026' };
const BUYER = '杭州账单旅程买方有限公司';
const SELLER = '苏州账单旅程卖方有限公司';

const cell = testIdText;

describe.skipIf(!chromiumPath)('browser journey: a bill confirmed and paid in two parts (issue 18)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main'], { clock });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);
  const smsCode = (phone: string, token: string) => freshSmsCode(e2e, clock, phone, token);

  /** The record action `label` on the open show page, with an SMS code from the dialog. */
  const actWithCode = async (page: Page, phone: string, label: string | RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await pane(page).getByRole('button', { name: label }).click();
    const dialog = page.getByRole('dialog');
    if (fill) await fill(dialog);
    clock.advance(61_000);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒/ }).waitFor();
    await dialog.getByLabel('短信验证码').fill(await e2e.latestSms(phone));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
  };

  it('confirms the bill of a completed contract with an SMS code and pays it in two parts, with receipts', async () => {
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'lsf');
    const buyer = await approvedParty(e2e, BUYER);
    const seller = await approvedParty(e2e, SELLER);
    const deposit = await post('/api/r/deposits', buyer.token, { amount: '50000.00', payerName: BUYER, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'E2E-BILL-1' });
    await post(`/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody('账单旅程螺纹钢合同', { quantity: 5 }));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    const id = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
    for (const who of [buyer, seller]) await post(`/api/r/contracts/${id}/actions/sign`, who.token, { smsCode: await smsCode(who.phone, who.token) });
    await post(`/api/r/contracts/${id}/actions/payCollateral`, buyer.token, { smsCode: await smsCode(buyer.phone, buyer.token) });
    await post(`/api/r/contracts/${id}/actions/deliver`, seller.token, { deliveryNote: '已按合同发货' });
    await post(`/api/r/contracts/${id}/actions/confirmReceipt`, buyer.token, { smsCode: await smsCode(buyer.phone, buyer.token) });

    // The buyer's payables list the bill: 20,000.00 less 4,000.00 collateral.
    const b = await openSignedIn(e2e, buyer.token, STEP_MS);
    await b.page.goto('/payment/payManagement');
    const row = pane(b.page).locator('tr', { hasText: '账单旅程螺纹钢合同' });
    await row.getByText('待确权').waitFor();
    expect(await row.innerText()).toContain('16,000.00');
    await b.page.screenshot({ path: '/tmp/bills-payables.png' });
    const bills = await apiCall<ListPage<ResourceRecord>>(e2e.baseUrl, 'GET', '/api/r/bills?scope=payer', undefined, buyer.token);
    const bill = bills.data.records.find((r) => r.contractId === id)!;

    await b.page.goto(`/contractUpdate/contractPaymentDetails?id=${bill.id}`);
    await pane(b.page).locator('.resource-show__title').getByText('待确权').waitFor();
    // antd spaces two-character labels (确 权): match the button exactly, not 拒绝确权.
    await actWithCode(b.page, buyer.phone, /^确\s*权$/);
    await pane(b.page).locator('.resource-show__title').getByText('已确权').waitFor();

    await actWithCode(b.page, buyer.phone, /^付\s*款$/, (dialog) => dialog.getByLabel('本次付款金额（元）').fill('6000.00'));
    await pane(b.page).locator('.resource-show__title').getByText('部分付款').waitFor();
    await actWithCode(b.page, buyer.phone, /^付\s*款$/, (dialog) => dialog.getByLabel('本次付款金额（元）').fill('10000.00'));
    await pane(b.page).locator('.resource-show__title').getByText('已付清').waitFor();
    await b.page.screenshot({ path: '/tmp/bills-paid.png', fullPage: true });

    // Both payments have their Solution receipt: figures, capitals, parties.
    const links = pane(b.page).getByTestId('receipt-link-Solution');
    await links.first().waitFor();
    expect(await pane(b.page).getByText('账单付款', { exact: true }).count()).toBe(2);
    expect(await links.count()).toBe(2);
    await links.nth(1).click();
    await b.page.waitForURL((url) => url.pathname === '/Solution');
    await b.page.getByTestId('receipt-amount').waitFor();
    expect(await cell(b.page, 'receipt-amount')).toBe('¥ 10,000.00');
    expect(await cell(b.page, 'receipt-capitals')).toBe('人民币壹万元整');
    expect(await cell(b.page, 'receipt-payer')).toBe(BUYER);
    expect(await cell(b.page, 'receipt-payee')).toBe(SELLER);
    await b.page.screenshot({ path: '/tmp/bills-receipt.png', fullPage: true });
    const verifyUrl = (await b.page.getByTestId('receipt-verify-url').innerText()).trim();

    // Anyone holding the link checks it, signed out.
    const visitor = await e2e.newPage();
    await visitor.page.goto(new URL(verifyUrl).pathname + new URL(verifyUrl).search);
    await visitor.page.getByText('真实有效').waitFor({ timeout: STEP_MS });
    await visitor.page.getByText('人民币壹万元整').waitFor();
    expect(b.errors, 'buyer page errors').toEqual([]);
    expect(visitor.errors, 'visitor page errors').toEqual([]);
  });
});
