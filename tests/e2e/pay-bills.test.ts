// Browser journey of paying several bills at once (issue 18) in real Chromium: the payer ticks two
// confirmed bills on /contractUpdate/contractPayment, pays part of one, sees the total in figures
// and capitals and the balance before and after, enters an SMS code, pays both in one payment and
// opens its Solutions receipt; a wrong code is said and changes nothing. Then the outgoing detail
// report (/report/chainOutgoingList) lists the contract with its figures and totals. Screenshots
// in the dark and light themes and in en-US.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, shot, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, testIdText } from '../support/console';
import { openSignedIn } from '../support/seed';
import type { Party } from '../support/world';

const ADMIN = { ADMIN_PHONE: '13900000093', ADMIN_PASSWORD: 'Ops#PayMany2026' };
const BUYER = '杭州合并付款买方有限公司';
const SELLER = '苏州合并付款卖方有限公司';
const TITLE = '合并付款旅程合同';

describe.skipIf(!chromiumPath)('browser journey: several bills paid at once, and the outgoing detail (issue 18)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();
  /** The buyer of the first journey's contract, whose bills the later journeys read. */
  let buyer: Party;

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main'], { clock });
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /**
   * A new buyer, funded with 50,000.00, and a contract signed with a new seller under which two bills
   * (1,000.00 and 2,000.00) wait, confirmed by the buyer. Made by the journey that pays them, not
   * once for the file: a retried journey starts from unpaid bills and the whole balance again.
   */
  const contractWithBills = async () => {
    const { world } = e2e;
    buyer = await world.party({ name: BUYER, approved: true, balance: '50000.00' });
    const seller = await world.party({ name: SELLER, approved: true });
    const { id: contractId } = await world.contract({ state: 'signed', buyer, seller, title: TITLE, offer: { quantity: 5 } });
    // Two bills the seller issues under the signed contract, both confirmed by the buyer.
    const dueDay = new Date(clock.now().getTime() + 20 * 86_400_000).toISOString().slice(0, 10);
    for (const amount of ['1000.00', '2000.00']) await world.bill({ state: 'confirmed', payer: buyer, payee: seller, contractId, amount, dueDay });
  };

  /** A signed-in page of the buyer in a theme and language (dark and zh-CN are the defaults). */
  const open = (theme: 'dark' | 'light' = 'dark', lang: 'zh-CN' | 'en-US' = 'zh-CN') => openSignedIn(e2e, buyer.token, STEP_MS, { theme, lang });
  const rowOf = (page: Page, amount: string) => pane(page).locator('.resource-list__table tr', { hasText: TITLE }).filter({ hasText: amount });

  it('pays two ticked bills, one in part, in one payment with an SMS code, and opens the Solutions receipt', async () => {
    await contractWithBills();
    const { page, errors } = await open();
    await page.goto('/contractUpdate/contractPayment');
    await pane(page).getByTestId('pay-bills-none').waitFor();
    await rowOf(page, '1,000.00').getByRole('checkbox').check();
    await rowOf(page, '2,000.00').getByRole('checkbox').check();
    const panel = pane(page).getByTestId('pay-bills');
    await panel.waitFor();
    expect(await testIdText(page, 'pay-bills-total')).toBe('3,000.00');
    // Part of the second bill.
    const second = panel.locator('tr', { hasText: '2,000.00' }).getByRole('textbox');
    await second.fill('1500.00');
    expect(await testIdText(page, 'pay-bills-total')).toBe('2,500.00');
    expect(await testIdText(page, 'pay-bills-capital')).toBe('大写：人民币贰仟伍佰元整');
    expect(await testIdText(page, 'money-before')).toBe('50,000.00');
    expect(await testIdText(page, 'money-after')).toBe('47,500.00');
    await shot(page, 'billpages-pay-dark', { fullPage: true });

    // A wrong code is said, and what was typed stays.
    await panel.getByLabel('短信验证码').fill('000000');
    await panel.getByTestId('pay-bills-submit').click();
    await pane(page).getByTestId('pay-bills-failure').waitFor();
    expect(await second.inputValue()).toBe('1500.00');
    expect(await testIdText(page, 'money-before')).toBe('50,000.00');

    clock.advance(61_000);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel.getByRole('button', { name: /秒/ }).waitFor();
    await panel.getByLabel('短信验证码').fill(await e2e.latestSms(buyer.phone));
    await panel.getByTestId('pay-bills-submit').click();
    await pane(page).getByTestId('pay-bills-done').waitFor();
    await pane(page).getByText('已支付 2 笔账单，共 2,500.00 元。').waitFor();
    await shot(page, 'billpages-paid', { fullPage: true });
    // The 1,000.00 bill was paid in full and left the list; the other stays with 500.00 open.
    await expect.poll(() => rowOf(page, '1,000.00').count(), { timeout: STEP_MS }).toBe(0);
    await rowOf(page, '500.00').getByText('部分付款').waitFor();

    await pane(page).getByTestId('pay-bills-receipt').click();
    await page.waitForURL((url) => url.pathname === '/Solutions');
    await page.getByTestId('receipt-amount').waitFor();
    expect(await testIdText(page, 'receipt-amount')).toBe('¥ 2,500.00');
    expect(await testIdText(page, 'receipt-capitals')).toBe('人民币贰仟伍佰元整');
    expect(await testIdText(page, 'receipt-payer')).toBe(BUYER);
    expect(await page.getByTestId('receipt-lines').locator('li').count()).toBe(2);
    await shot(page, 'billpages-solutions', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('lists the contract in the outgoing detail with its figures and totals', async () => {
    const { page, errors } = await open();
    await page.goto('/report/chainOutgoingList');
    const row = pane(page).locator('.resource-list__table tr', { hasText: TITLE });
    await row.waitFor({ timeout: STEP_MS });
    const text = await row.innerText();
    // 5 x 4000 = 20,000.00; billed 3,000.00, paid 2,500.00, 500.00 open; no collateral paid yet.
    for (const figure of ['20,000.00', '3,000.00', '2,500.00', '500.00', SELLER, '买方']) expect(text).toContain(figure);
    await pane(page).locator('.resource-list__totals').waitFor();
    // The largest contracts as a chart, its figures in words: this one's 2,500.00 paid, 500.00 open.
    const chart = pane(page).locator('.resource-list__chart', { hasText: '金额最大的 10 个合同' });
    await expect.poll(() => chart.locator('.lsf-chart__summary').innerText()).toContain('已付（元） 2,500.00');
    expect(await chart.locator('.lsf-chart__summary').innerText()).toContain('未付（元） 500.00');
    await shot(page, 'billpages-report-dark', { fullPage: true });
    expect(errors).toEqual([]);
  });

  it('looks right in the light theme and in English', async () => {
    const light = await open('light');
    await light.page.goto('/report/chainOutgoingList');
    await pane(light.page).locator('.resource-list__table tr', { hasText: TITLE }).waitFor({ timeout: STEP_MS });
    await shot(light.page, 'billpages-report-light', { fullPage: true });
    await light.page.goto('/contractUpdate/contractPayment');
    await rowOf(light.page, '500.00').getByRole('checkbox').check();
    await pane(light.page).getByTestId('pay-bills').waitFor();
    await shot(light.page, 'billpages-pay-light', { fullPage: true });

    const en = await open('dark', 'en-US');
    await en.page.goto('/contractUpdate/contractPayment');
    await rowOf(en.page, '500.00').getByRole('checkbox').check();
    await pane(en.page).getByText('Pay several bills', { exact: false }).first().waitFor();
    await shot(en.page, 'billpages-pay-en', { fullPage: true });
    await en.page.goto('/report/chainOutgoingList');
    await pane(en.page).getByText('Outgoing detail').first().waitFor();
    await shot(en.page, 'billpages-report-en', { fullPage: true });
    expect([...light.errors, ...en.errors]).toEqual([]);
  });
});
