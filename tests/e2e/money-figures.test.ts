// Issue 17 defect 10 in real Chromium (defect 4, the offer form's live total, is in
// offer-input.test.ts): the pay-collateral dialog shows the amount, the seller and the buyer's available balance before and
// after, above the SMS code, in the dark (default) and the light theme; the deposit form shows
// the platform's receiving account and the withdrawal form the balance and the destination.
// Screenshots: /tmp/money-*.png.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authentications, users } from '../../src/server/db/schema';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { offerBody } from '../support/bodies';
import { activePane as pane } from '../support/console';
import { apiPost, apiSignIn, approvedParty, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000181', ADMIN_PASSWORD: 'Ops#Figures2026' };
const SELLER = '苏州金额卖方有限公司';

const textOf = async (page: Page, testId: string) => (await pane(page).getByTestId(testId).innerText()).trim();

describe.skipIf(!chromiumPath)('browser: money figures in forms and dialogs (issue 17)', () => {
  let e2e: E2eApp;
  let buyer: Awaited<ReturnType<typeof approvedParty>>;
  let contractId: string;
  // Past the resend window of each phone's last SMS code (its registration's) before a new one.
  const clock = new SkewedClock();

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main'], { clock });
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    buyer = await approvedParty(e2e, '杭州金额买方有限公司');
    // Its approved authentication names the bank account withdrawals go to.
    const [owner] = await e2e.db.select().from(users).where(eq(users.phone, buyer.phone));
    await e2e.db.insert(authentications).values({
      accountId: owner.accountId,
      kind: 'enterprise',
      status: 'approved',
      data: { name: buyer.name, bankAccountName: buyer.name, bankAccount: '6222020200112233445', bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州西湖支行' } },
      submittedBy: owner.id,
      submittedAt: new Date(),
      reviewedAt: new Date(),
    });
    const seller = await approvedParty(e2e, SELLER);
    const deposit = await post('/api/r/deposits', buyer.token, { amount: '50000.00', payerName: buyer.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'E2E-FIGURES-1' });
    await post(`/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    // A purchase offer of the buyer accepted by the seller: 20 t at 4,000.00, 20% collateral.
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody('金额旅程螺纹钢'));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    contractId = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
    for (const who of [buyer, seller]) {
      clock.advance(61_000);
      await post('/api/smscode', who.token, { phone: who.phone, scene: 'verify' });
      await post(`/api/r/contracts/${contractId}/actions/sign`, who.token, { smsCode: await e2e.latestSms(who.phone) });
    }
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /**
   * A signed-in page of the buyer in `theme` (dark is the variant's default), in Chinese or English,
   * and the errors it logs: each journey checks its own page's, so a retry is not failed by an
   * error an earlier attempt's page logged.
   */
  const openIn = async (theme: 'dark' | 'light', english = false): Promise<{ page: Page; errors: string[] }> => {
    const { context, page, errors } = await openSignedIn(e2e, buyer.token, STEP_MS);
    if (theme === 'light') await context.addInitScript(() => localStorage.setItem('lsf.settings.main', JSON.stringify({ theme: 'light' })));
    if (english) await context.addInitScript(() => localStorage.setItem('lang', 'en-US'));
    return { page, errors };
  };

  for (const theme of ['dark', 'light'] as const) {
    it(`the pay-collateral dialog shows amount, seller and the balance before and after (${theme})`, async () => {
      const { page, errors } = await openIn(theme);
      await page.goto(`/contract/details?id=${contractId}`);
      await pane(page).getByRole('button', { name: '支付保证金' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByTestId('money-before').waitFor();
      expect((await dialog.getByTestId('money-amount').innerText()).trim()).toBe('16,000.00');
      expect((await dialog.getByTestId('money-party-sellerName').innerText()).trim()).toBe(SELLER);
      expect((await dialog.getByTestId('money-before').innerText()).trim()).toBe('50,000.00');
      expect((await dialog.getByTestId('money-after').innerText()).trim()).toBe('34,000.00');
      await dialog.getByText('大写：人民币壹万陆仟元整').waitFor();
      await dialog.getByLabel('短信验证码').waitFor();
      await shot(page, `money-pay-collateral-${theme}`);
      await dialog.getByRole('button', { name: /取\s*消/ }).click();
      expect(errors).toEqual([]);
    });
  }

  it('the pay-collateral dialog reads the same in en-US', async () => {
    const { page, errors } = await openIn('dark', true);
    await page.goto(`/contract/details?id=${contractId}`);
    await pane(page).getByRole('button', { name: 'Pay collateral' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('money-after').waitFor();
    expect((await dialog.getByTestId('money-amount').innerText()).trim()).toBe('16,000.00');
    expect((await dialog.getByTestId('money-after').innerText()).trim()).toBe('34,000.00');
    await dialog.getByText('Available (CNY) before').waitFor();
    await shot(page, 'money-pay-collateral-en-US');
    await dialog.getByRole('button', { name: /Cancel/ }).click();
    expect(errors).toEqual([]);
  });

  it('the deposit form shows where to transfer to; the withdrawal form the balance and the destination', async () => {
    const { page, errors } = await openIn('dark');
    await page.goto('/payment/deposits/create');
    await pane(page).getByTestId('deposit-target-account').waitFor();
    expect(await textOf(page, 'deposit-target-accountName')).toContain('链上付平台');
    await shot(page, 'money-deposit-form-dark');
    await page.goto('/report/withdrawalList/create');
    await pane(page).getByTestId('withdrawal-available').waitFor();
    expect(await textOf(page, 'withdrawal-available')).toBe('50,000.00');
    expect(await textOf(page, 'withdrawal-target-account')).toBe('6222020200112233445');
    await pane(page).getByLabel('提现金额（元）', { exact: true }).fill('1500.50');
    await expect.poll(() => textOf(page, 'withdrawal-after')).toBe('48,499.50');
    await shot(page, 'money-withdrawal-form-dark');
    expect(errors).toEqual([]);
  });
});
