// Browser journey of a bill (issue 18) in real Chromium: a contract completes (over the API: the
// collateral journey is contract-money's), its bill is listed in the buyer's payables, confirmed
// in the console with an SMS code, paid in two parts, and both Solution receipts open with their
// amounts in figures and capitals; a signed-out visitor verifies one.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, journeyApp } from '../support/browser';
import { actWithSmsCode, activePane as pane, testIdText } from '../support/console';
import { apiCall, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000091', ADMIN_PASSWORD: 'Ops#Bills2026' };
const BUYER = '杭州账单旅程买方有限公司';
const SELLER = '苏州账单旅程卖方有限公司';

const cell = testIdText;

describe.skipIf(!chromiumPath)('browser journey: a bill confirmed and paid in two parts (issue 18)', () => {
  const e2e = journeyApp(ADMIN);

  /** The record action `label` on the open show page, with an SMS code from the dialog. */
  const actWithCode = (page: Page, phone: string, label: string | RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => actWithSmsCode(e2e, page, phone, label, fill);

  it('confirms the bill of a completed contract with an SMS code and pays it in two parts, with receipts', async () => {
    // A completed contract of 5 t at 4,000.00 (collateral 4,000.00) between two new accounts.
    const { world } = e2e;
    const { id, buyer } = await world.contract({
      state: 'completed',
      buyer: await world.party({ name: BUYER, approved: true, balance: '50000.00' }),
      seller: await world.party({ name: SELLER, approved: true }),
      title: '账单旅程螺纹钢合同',
      offer: { quantity: 5 },
    });

    // The buyer's payables list the bill: 20,000.00 less 4,000.00 collateral.
    const b = await openSignedIn(e2e, buyer.token, STEP_MS);
    await b.page.goto('/payment/payManagement');
    const row = pane(b.page).locator('tr', { hasText: '账单旅程螺纹钢合同' });
    await row.getByText('待确权').waitFor();
    expect(await row.innerText()).toContain('16,000.00');
    await shot(b.page, 'bills-payables');
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
    await shot(b.page, 'bills-paid', { fullPage: true });

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
    await shot(b.page, 'bills-receipt', { fullPage: true });
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
