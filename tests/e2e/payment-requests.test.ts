// Browser journey of a payment request (issue 19) in the jjsk console, real Chromium: the payee
// makes a request under a signed contract in the form (which shows what the contract leaves),
// submits it and sees the result step; the payer finds it on its home, reviews and confirms it,
// pays it in two parts with SMS codes, and opens the Solution receipt. Screenshots of each page
// in the dark theme (the default), the light theme and en-US go to /tmp/requests-*.png.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chinaDay } from '../../src/shared/chinaTime';
import { buildWeb } from '../../scripts/lib/web-build';
import { chromiumPath, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane, testIdText } from '../support/console';
import { offerBody } from '../support/trading';
import { apiPost, apiSignIn, approvedParty, freshSmsCode, settledUser, signInContext } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000093', ADMIN_PASSWORD: 'Ops#Requests2026' };
const BUYER = '杭州请款旅程付款方有限公司';
const SELLER = '苏州请款旅程收款方有限公司';
const TITLE = '请款旅程螺纹钢合同';

describe.skipIf(!chromiumPath)('browser journey: a payment request made, submitted, confirmed, paid (issue 19, jjsk)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();

  beforeAll(async () => {
    // The global setup builds main; this journey is the jjsk console's.
    await buildWeb('jjsk', { quiet: true });
    e2e = await startE2e(ADMIN, ['jjsk'], { clock });
  }, 600_000);
  afterAll(async () => {
    await e2e?.close();
  });

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);
  const smsCode = (phone: string, token: string) => freshSmsCode(e2e, clock, phone, token);

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
  const actWithCode = async (page: Page, phone: string, label: RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await pane(page).getByRole('button', { name: label }).click();
    const dialog = page.getByRole('dialog');
    if (fill) await fill(dialog);
    clock.advance(61_000);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒/ }).waitFor();
    await dialog.getByLabel('短信验证码').fill(await e2e.latestSms(phone));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
  };
  const stateShown = (page: Page, state: string) => pane(page).locator('.resource-show__title').getByText(state).waitFor();

  it('takes a request from the payee form to the payer receipt', async () => {
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    const buyer = await approvedParty(e2e, BUYER);
    const seller = await approvedParty(e2e, SELLER);
    for (const who of [buyer, seller]) await settledUser(e2e, who.token, 'jjsk');
    const deposit = await post('/api/r/deposits', buyer.token, { amount: '50000.00', payerName: BUYER, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'E2E-REQ-1' });
    await post(`/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody(TITLE, { quantity: 5 }));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    const contractId = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
    for (const who of [buyer, seller]) await post(`/api/r/contracts/${contractId}/actions/sign`, who.token, { smsCode: await smsCode(who.phone, who.token) });

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
    await s.page.screenshot({ path: '/tmp/requests-newFunds.png', fullPage: true });
    await form.getByRole('button', { name: /提\s*交|保\s*存/ }).first().click();
    await stateShown(s.page, '待提交');
    await pane(s.page).getByRole('button', { name: /^提交请款$/ }).click();
    await s.page.getByRole('dialog').getByRole('button', { name: /确\s*定|OK/ }).click();
    await s.page.waitForURL((url) => url.pathname === '/requestFunds/submitFunds');
    await pane(s.page).getByText('请款已提交').waitFor();
    await s.page.screenshot({ path: '/tmp/requests-submitFunds.png', fullPage: true });
    await s.page.goto('/requestFunds');
    await pane(s.page).locator('tr', { hasText: TITLE }).getByText('待付款方确认').waitFor();
    await s.page.screenshot({ path: '/tmp/requests-list.png', fullPage: true });

    // The payer: its home lists the request to review; it confirms, then pays in two parts.
    const b = await open(buyer.token);
    await b.page.goto('/home');
    const waiting = b.page.getByTestId('requests-waiting');
    await waiting.getByText('待确认').waitFor();
    await b.page.screenshot({ path: '/tmp/requests-home.png', fullPage: true });
    await waiting.getByRole('link', { name: new RegExp(TITLE) }).click();
    await b.page.waitForURL((url) => url.pathname === '/requestFunds/confirmFunds');
    await stateShown(b.page, '待付款方确认');
    await b.page.screenshot({ path: '/tmp/requests-confirmFunds.png', fullPage: true });
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
    await b.page.screenshot({ path: '/tmp/requests-payFunds.png', fullPage: true });
    await links.nth(1).click();
    await b.page.waitForURL((url) => url.pathname === '/Solution');
    await b.page.getByTestId('receipt-amount').waitFor();
    expect(await testIdText(b.page, 'receipt-amount')).toBe('¥ 2,000.00');
    expect(await testIdText(b.page, 'receipt-capitals')).toBe('人民币贰仟元整');
    expect(await testIdText(b.page, 'receipt-payer')).toBe(BUYER);
    expect(await testIdText(b.page, 'receipt-payee')).toBe(SELLER);
    expect(await testIdText(b.page, 'receipt-reference')).toContain(`请款单（合同《${TITLE}》）`);
    await b.page.screenshot({ path: '/tmp/requests-receipt.png', fullPage: true });

    // The detail page in the light theme and in English.
    const light = await open(seller.token, { theme: 'light' });
    await light.page.goto(`/requestFunds/fundsDetail?id=${id}`);
    await stateShown(light.page, '已付清');
    await pane(light.page).getByTestId('request-payments').waitFor();
    await light.page.screenshot({ path: '/tmp/requests-fundsDetail-light.png', fullPage: true });
    await light.page.goto('/requestFunds');
    await pane(light.page).locator('tr', { hasText: TITLE }).waitFor();
    await light.page.screenshot({ path: '/tmp/requests-list-light.png', fullPage: true });
    const english = await open(buyer.token, { locale: 'en-US' });
    await english.page.goto(`/requestFunds/fundsDetail?id=${id}`);
    await stateShown(english.page, 'Paid');
    await english.page.screenshot({ path: '/tmp/requests-fundsDetail-en.png', fullPage: true });
    await english.page.goto('/requestFunds?scope=payer');
    await pane(english.page).locator('tr', { hasText: TITLE }).waitFor();
    await english.page.screenshot({ path: '/tmp/requests-list-en.png', fullPage: true });

    for (const opened of [s, b, light, english]) expect(opened.errors).toEqual([]);
  }, 360_000);
});
