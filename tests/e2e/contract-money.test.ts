// Browser journey of a contract's money (issue 8) in real Chromium: the buyer's deposit is
// confirmed by ops and a contract is signed by both parties (over the API: this journey is not
// about them); the buyer pays the collateral in the console with an SMS code and lands on
// /contract/paymentStatus, opens the Chainpayment receipt (amount in figures and capitals, the
// print button not printed); the seller records delivery; the buyer confirms receipt and the
// collateral is released; both balances are right on /payment/RecordTabs and each party opens
// its copy of the release receipt. A second contract: the buyer objects with a deposit, ops
// resolve it by refund at /ops/objections, the buyer's balance is whole again and the
// Entropygold / Entropygoldrefund receipts print. A signed-out visitor opens a receipt's
// verification link and sees it genuine.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, journeyApp } from '../support/browser';
import { actWithSmsCode, activePane as pane, toast, walletFigure as figure, testIdText } from '../support/console';
import { attemptTag, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000089', ADMIN_PASSWORD: 'Ops#Money2026' };
const BUYER = '杭州回单买方有限公司';
const SELLER = '苏州回单卖方有限公司';

const cell = testIdText;

describe.skipIf(!chromiumPath)('browser journey: contract money with receipts (issue 8)', () => {
  const e2e = journeyApp(ADMIN);

  /** Runs the record action `label` on the open show page, with an SMS code from the dialog and optional inputs. */
  const actWithCode = (page: Page, phone: string, label: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => actWithSmsCode(e2e, page, phone, label, fill);

  /** Opens the receipt `template` linked from the record's receipts card and checks what it prints. */
  const openReceipt = async (page: Page, template: string, expected: { amount: string; capitals: string; payer?: string; payee?: string; status?: string }) => {
    await pane(page).getByTestId(`receipt-link-${template}`).click();
    await page.waitForURL((url) => url.pathname === `/${template}`);
    await page.getByTestId('receipt-amount').waitFor();
    expect(await cell(page, 'receipt-amount')).toBe(`¥ ${expected.amount}`);
    expect(await cell(page, 'receipt-capitals')).toBe(`人民币${expected.capitals}`);
    if (expected.payer) expect(await cell(page, 'receipt-payer')).toBe(expected.payer);
    if (expected.payee) expect(await cell(page, 'receipt-payee')).toBe(expected.payee);
    if (expected.status) expect(await cell(page, 'receipt-status')).toBe(expected.status);
    return (await page.getByTestId('receipt-verify-url').innerText()).trim();
  };

  it('pays, delivers, releases, objects and refunds in the console, with a receipt for every step', async () => {
    const { world } = e2e;
    const opsToken = await world.ops();
    await world.settle({ token: opsToken });
    // The buyer's bank transfer, declared and confirmed by ops; a contract both have signed.
    const buyer = await world.party({ name: BUYER, approved: true, balance: '50000.00' });
    const seller = await world.party({ name: SELLER, approved: true });
    const { id: first } = await world.contract({ state: 'signed', buyer, seller, title: '回单旅程螺纹钢采购合同' });

    // The buyer pays the collateral with an SMS code and lands on the payment result.
    const b = await openSignedIn(e2e, buyer.token, STEP_MS);
    await b.page.goto(`/contract/details?id=${first}`);
    await pane(b.page).locator('.resource-show__title').getByText('已签署').waitFor();
    await actWithCode(b.page, buyer.phone, '支付保证金');
    await b.page.waitForURL((url) => url.pathname === '/contract/paymentStatus');
    await pane(b.page).getByText('支付成功', { exact: true }).waitFor();
    expect(await pane(b.page).getByTestId('payment-amount').innerText()).toBe('16,000.00');
    await pane(b.page).getByText(first, { exact: true }).waitFor();
    await pane(b.page).getByText('托管中', { exact: true }).waitFor();

    // Its receipt: amount in figures and capitals, the buyer paying the platform's escrow.
    await pane(b.page).getByRole('button', { name: '查看支付回单' }).click();
    await b.page.waitForURL((url) => url.pathname === '/Chainpayment');
    await b.page.getByTestId('receipt-amount').waitFor();
    expect(await cell(b.page, 'receipt-amount')).toBe('¥ 16,000.00');
    expect(await cell(b.page, 'receipt-capitals')).toBe('人民币壹万陆仟元整');
    expect(await cell(b.page, 'receipt-payer')).toBe(BUYER);
    expect(await cell(b.page, 'receipt-payee')).toBe('链上付平台（保证金托管账户）');
    expect(await cell(b.page, 'receipt-number')).toMatch(/^LSF\d{8}[0-9A-F]{12}$/);
    await b.page.getByRole('heading', { name: '链付支付回单' }).waitFor();
    const verifyUrl = (await b.page.getByTestId('receipt-verify-url').innerText()).trim();
    expect(verifyUrl).toMatch(/\/receipt\/verify\?id=[0-9a-f-]{36}&template=Chainpayment$/);
    expect(await b.page.locator('.receipt__verify svg, .receipt__verify canvas').count()).toBe(1);
    // Printed: the receipt without the print button or links.
    const print = b.page.getByRole('button', { name: /打\s*印/ });
    expect(await print.isVisible()).toBe(true);
    await b.page.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    expect(await b.page.getByText('查看业务记录').isVisible()).toBe(false);
    expect(await b.page.getByTestId('receipt-amount').isVisible()).toBe(true);
    expect((await b.page.pdf({ format: 'A4' })).byteLength).toBeGreaterThan(1000);
    await b.page.emulateMedia({ media: 'screen' });

    // The seller records the delivery.
    const v = await openSignedIn(e2e, seller.token, STEP_MS);
    await v.page.goto(`/contract/supplyDetails?id=${first}`);
    await pane(v.page).getByRole('button', { name: '确认交付' }).click();
    const deliver = v.page.getByRole('dialog');
    await deliver.getByLabel('交付说明').fill('已按合同发货，物流单号 SF20261120');
    await deliver.getByRole('button', { name: /提\s*交/ }).click();
    await toast(v.page, '已确认交付');

    // The buyer confirms receipt: the collateral goes to the seller.
    await b.page.goto(`/contract/details?id=${first}`);
    await pane(b.page).locator('.resource-show__title').getByText('已交付').waitFor();
    await actWithCode(b.page, buyer.phone, '确认收货并放款');
    await toast(b.page, '已放款给卖方');
    await pane(b.page).locator('.resource-show__title').getByText('已完成').waitFor();

    // Both balances.
    await b.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(b.page, 'available'), { timeout: STEP_MS }).toBe('34,000.00');
    expect(await figure(b.page, 'escrow')).toBe('0.00');
    await v.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(v.page, 'available'), { timeout: STEP_MS }).toBe('16,000.00');

    // Each party's copy of the release, linked from the contract.
    await b.page.goto(`/contract/details?id=${first}`);
    await pane(b.page).getByTestId('record-receipts').waitFor();
    await openReceipt(b.page, 'PaymentReleaseReceipt', { amount: '16,000.00', capitals: '壹万陆仟元整', payer: BUYER, payee: SELLER, status: '已完成' });
    await v.page.goto(`/contract/supplyDetails?id=${first}`);
    await pane(v.page).getByTestId('record-receipts').waitFor();
    expect(await pane(v.page).getByTestId('receipt-link-PaymentReleaseReceipt').count()).toBe(0);
    await openReceipt(v.page, 'ReleaseReceipt', { amount: '16,000.00', capitals: '壹万陆仟元整', payer: '链上付平台（保证金托管账户）', payee: SELLER });

    // A second contract: paid, then the buyer objects with the deposit.
    // Its own title: ops find it among every objection, on a retry the first attempt's too.
    const objected = `回单旅程异议合同 ${attemptTag()}`;
    const { id: second } = await world.contract({ state: 'collateralPaid', buyer, seller, title: objected, offer: { quantity: 10 } });
    await b.page.goto(`/contract/details?id=${second}`);
    await pane(b.page).locator('.resource-show__title').getByText('保证金已托管').waitFor();
    await actWithCode(b.page, buyer.phone, '提出异议', (dialog) => dialog.getByLabel('异议理由').fill('到货规格与合同不符，要求退款'));
    await toast(b.page, '异议已提交，熵金已冻结');
    await b.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(b.page, 'objectionDeposits'), { timeout: STEP_MS }).toBe('800.00');
    expect(await figure(b.page, 'available')).toBe('25,200.00');

    // Ops resolve it by refund at /ops/objections, returning the deposit.
    const o = await openSignedIn(e2e, opsToken, STEP_MS);
    await o.page.goto('/ops/objections');
    await pane(o.page).locator('.ant-table-row', { hasText: objected }).getByRole('button', { name: '查看' }).click();
    await o.page.waitForURL((url) => url.pathname.startsWith('/ops/objections/show/'));
    await pane(o.page).getByRole('button', { name: '裁决退款' }).click();
    const resolve = o.page.getByRole('dialog');
    await resolve.getByLabel('处理意见').fill('经核实规格不符，退还买方');
    await resolve.getByLabel('熵金处理').click();
    await o.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '退还异议方' }).first().click();
    await resolve.getByRole('button', { name: /提\s*交/ }).click();
    await toast(o.page, '保证金已退还买方');

    // The buyer's money is whole again: 34,000.00 as after the first contract.
    await b.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(b.page, 'available'), { timeout: STEP_MS }).toBe('34,000.00');
    expect(await figure(b.page, 'objectionDeposits')).toBe('0.00');
    expect(await figure(b.page, 'escrow')).toBe('0.00');

    // The objection deposit's receipts, and the refund's with the buyer as payee.
    await b.page.goto(`/contract/details?id=${second}`);
    await pane(b.page).getByTestId('record-receipts').waitFor();
    await openReceipt(b.page, 'Entropygold', { amount: '800.00', capitals: '捌佰元整', payer: BUYER, payee: '链上付平台（熵金账户）', status: '已退还' });
    await b.page.goBack();
    await openReceipt(b.page, 'Entropygoldrefund', { amount: '800.00', capitals: '捌佰元整', payer: '链上付平台（熵金账户）', payee: BUYER });
    await b.page.goBack();
    await openReceipt(b.page, 'ReleaseReceipt', { amount: '8,000.00', capitals: '捌仟元整', payer: '链上付平台（保证金托管账户）', payee: BUYER });
    // A receipt id that names nothing the buyer may see: a clear error state.
    await b.page.goto(`/Chainpayment?id=${randomUUID()}`);
    await b.page.getByText('回单不存在或无权查看').waitFor();

    // A visitor who is not signed in checks the first receipt by its link.
    const visitor = await e2e.newPage();
    await visitor.page.goto(new URL(verifyUrl).pathname + new URL(verifyUrl).search);
    await visitor.page.getByText('真实有效').waitFor({ timeout: STEP_MS });
    await visitor.page.getByText('16,000.00').first().waitFor();
    await visitor.page.getByText('人民币壹万陆仟元整').waitFor();
    expect(new URL(visitor.page.url()).pathname).toBe('/receipt/verify');
    await visitor.page.goto(`/receipt/verify?id=${randomUUID()}`);
    await visitor.page.getByText('未找到该回单').waitFor({ timeout: STEP_MS });

    expect(b.errors, 'buyer page errors').toEqual([]);
    expect(v.errors, 'seller page errors').toEqual([]);
    expect(o.errors, 'ops page errors').toEqual([]);
    expect(visitor.errors, 'visitor page errors').toEqual([]);
  });
});
