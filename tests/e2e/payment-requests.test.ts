// Browser journey of a payment request (issue 19) in the jjsk console, real Chromium: the payee
// makes a request under a signed contract in the form (which shows what the contract leaves),
// submits it and sees the result step; the payer finds it on its home, reviews and confirms it,
// pays it in two parts with SMS codes, and opens the Solution receipt. Each page is also opened
// in the light theme and en-US (screenshots of each with E2E_SHOTS, README "Tests").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/shared/chinaTime';
import { chromiumPath, STEP_MS, shot, SkewedClock, journeyApp } from '../support/browser';
import { actWithSmsCode, activePane as pane, testIdText } from '../support/console';
import { signInContext } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000093', ADMIN_PASSWORD: 'Ops#Requests2026' };
const BUYER = '杭州请款旅程付款方有限公司';
const SELLER = '苏州请款旅程收款方有限公司';
const TITLE = '请款旅程螺纹钢合同';

describe.skipIf(!chromiumPath)('browser journey: a payment request made, submitted, confirmed, paid (issue 19, jjsk)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['jjsk'], { clock });


  /** A page of the jjsk console signed in as `token`, in a theme and language. */
  const open = async (token: string, opts: { theme?: 'light'; locale?: 'en-US' } = {}) => {
    const opened = await e2e.newPage(opts.locale ? { locale: opts.locale } : {});
    opened.context.setDefaultTimeout(STEP_MS);
    await signInContext(opened.context, e2e.baseUrl, token);
    if (opts.theme) await opened.context.addInitScript(() => localStorage.setItem('lsf.settings.jjsk', JSON.stringify({ theme: 'light' })));
    if (opts.locale) await opened.context.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    return opened;
  };

  /** The record action `label` on the open show page, with an SMS code from the dialog. */
  const actWithCode = (page: Page, phone: string, label: RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => actWithSmsCode(e2e, page, phone, label, fill);
  const stateShown = (page: Page, state: string) => pane(page).locator('.resource-show__title').getByText(state).waitFor();

  it('takes a request from the payee form to the payer receipt', async () => {
    const { world } = e2e;
    const buyer = await world.party({ name: BUYER, approved: true, balance: '50000.00' });
    const seller = await world.party({ name: SELLER, approved: true });
    for (const who of [buyer, seller]) await world.settle(who, 'jjsk');
    await world.contract({ state: 'signed', buyer, seller, title: TITLE, offer: { quantity: 5 } });

    // The payee: the list (as payee), the form with what the contract leaves, the result step.
    const s = await open(seller.token);
    await s.page.goto('/requestFunds');
    await pane(s.page).locator('.resource-list').waitFor();
    await pane(s.page).getByText('我收款的').waitFor();
    await pane(s.page).getByRole('button', { name: /新\s*建/ }).first().click();
    await s.page.waitForURL((url) => url.pathname === '/requestFunds/newFunds');
    const form = pane(s.page);
    await form.getByLabel('所属合同', { exact: true }).click();
    await s.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: TITLE }).first().click();
    await form.getByTestId('request-headroom').getByText('尚可请款 ¥ 16,000.00').waitFor();
    await form.getByLabel('请款金额（元）', { exact: true }).fill('16000.01');
    // Over what is open: the form says so and keeps the amount as typed.
    await form.getByTestId('request-headroom').getByText(/超出可请款金额/).waitFor();
    expect(await form.getByLabel('请款金额（元）', { exact: true }).inputValue()).toBe('16000.01');
    await form.getByLabel('请款金额（元）', { exact: true }).fill('3000.00');
    const due = form.getByLabel('要求付款日', { exact: true });
    await due.click();
    await due.fill(chinaDay(new Date(clock.now().getTime() + 10 * 86_400_000)));
    await due.press('Enter');
    await form.getByLabel('请款事由', { exact: true }).fill('第一批货款，已按合同交付');
    await shot(s.page, 'requests-newFunds', { fullPage: true });
    await form.getByRole('button', { name: /提\s*交|保\s*存/ }).first().click();
    await stateShown(s.page, '待提交');
    await pane(s.page).getByRole('button', { name: /^提交请款$/ }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/requestFunds/submitFunds');
    await pane(s.page).getByText('请款已提交').waitFor();
    await shot(s.page, 'requests-submitFunds', { fullPage: true });
    await s.page.goto('/requestFunds');
    await pane(s.page).locator('tr', { hasText: TITLE }).getByText('待付款方确认').waitFor();
    await shot(s.page, 'requests-list', { fullPage: true });

    // The payer: its home lists the request to review; it confirms, then pays in two parts.
    const b = await open(buyer.token);
    await b.page.goto('/home');
    const waiting = b.page.getByTestId('requests-waiting');
    await waiting.getByText('待确认').waitFor();
    await shot(b.page, 'requests-home', { fullPage: true });
    await waiting.getByRole('link', { name: new RegExp(TITLE) }).click();
    await b.page.waitForURL((url) => url.pathname === '/requestFunds/confirmFunds');
    await stateShown(b.page, '待付款方确认');
    await shot(b.page, 'requests-confirmFunds', { fullPage: true });
    await pane(b.page).getByRole('button', { name: /^确认请款$/ }).click();
    await b.page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
    await stateShown(b.page, '已确认待付款');

    const id = new URL(b.page.url()).searchParams.get('id')!;
    await b.page.goto(`/requestFunds/payFunds?id=${id}`);
    await stateShown(b.page, '已确认待付款');
    await actWithCode(b.page, buyer.phone, /^付\s*款$/, (dialog) => dialog.getByLabel('本次付款金额（元）').fill('1000.00'));
    await stateShown(b.page, '部分付款');
    await actWithCode(b.page, buyer.phone, /^付\s*款$/, (dialog) => dialog.getByLabel('本次付款金额（元）').fill('2000.00'));
    await stateShown(b.page, '已付清');
    const links = pane(b.page).getByTestId('request-receipt-link');
    await links.nth(1).waitFor();
    expect(await links.count()).toBe(2);
    await shot(b.page, 'requests-payFunds', { fullPage: true });
    await links.nth(1).click();
    await b.page.waitForURL((url) => url.pathname === '/Solution');
    await b.page.getByTestId('receipt-amount').waitFor();
    expect(await testIdText(b.page, 'receipt-amount')).toBe('¥ 2,000.00');
    expect(await testIdText(b.page, 'receipt-capitals')).toBe('人民币贰仟元整');
    expect(await testIdText(b.page, 'receipt-payer')).toBe(BUYER);
    expect(await testIdText(b.page, 'receipt-payee')).toBe(SELLER);
    expect(await testIdText(b.page, 'receipt-reference')).toContain(`请款单（合同《${TITLE}》）`);
    await shot(b.page, 'requests-receipt', { fullPage: true });

    // The detail page in the light theme and in English.
    const light = await open(seller.token, { theme: 'light' });
    await light.page.goto(`/requestFunds/fundsDetail?id=${id}`);
    await stateShown(light.page, '已付清');
    await pane(light.page).getByTestId('request-payments').waitFor();
    await shot(light.page, 'requests-fundsDetail-light', { fullPage: true });
    await light.page.goto('/requestFunds');
    await pane(light.page).locator('tr', { hasText: TITLE }).waitFor();
    await shot(light.page, 'requests-list-light', { fullPage: true });
    const english = await open(buyer.token, { locale: 'en-US' });
    await english.page.goto(`/requestFunds/fundsDetail?id=${id}`);
    await stateShown(english.page, 'Paid');
    await shot(english.page, 'requests-fundsDetail-en', { fullPage: true });
    await english.page.goto('/requestFunds?scope=payer');
    await pane(english.page).locator('tr', { hasText: TITLE }).waitFor();
    await shot(english.page, 'requests-list-en', { fullPage: true });

    for (const opened of [s, b, light, english]) expect(opened.errors).toEqual([]);
  }, 360_000);
});
