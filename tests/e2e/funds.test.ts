// Browser journey of the account's money (issue 8) in real Chromium: an approved account with a
// bank account declares a deposit in the console; platform operations confirm it on /ops/deposits;
// the account sees the balance on /payment/RecordTabs, asks for a withdrawal and submits it with
// an SMS code (held at once); ops mark it paid on /ops/withdrawals; the balances are right and
// the ledger's invariants hold. Every create and action goes out with an Idempotency-Key.
import { eq } from 'drizzle-orm';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authentications, users } from '../../src/server/db/schema';
import { chromiumPath, STEP_MS, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane, toast, walletFigure as figure } from '../support/console';
import { apiCall, apiSignIn, approveAccount, attemptTag, openSignedIn, registerAccount, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000088', ADMIN_PASSWORD: 'Ops#Funds2026' };
const REFERENCE = 'E2E-REF-20261120';


/** The Idempotency-Key of every POST the page sends to /api/r/... (actions) and /api/rest/... (creates). */
function recordKeys(page: Page): Map<string, string | null> {
  const keys = new Map<string, string | null>();
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && /^\/api\/(r|rest)\//.test(url.pathname)) keys.set(url.pathname, request.headers()['idempotency-key'] ?? null);
  });
  return keys;
}

describe.skipIf(!chromiumPath)('browser journey: deposit confirmed by ops, withdrawal held and paid out (issue 8)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['main'], { clock });

  /** An approved enterprise named `company` whose approved authentication names the bank account withdrawals go to. */
  const bankedAccount = async (company: string) => {
    const { phone } = await registerAccount(e2e, { enterpriseName: company });
    await approveAccount(e2e, phone);
    const [owner] = await e2e.db.select().from(users).where(eq(users.phone, phone));
    const now = new Date();
    await e2e.db.insert(authentications).values({
      accountId: owner.accountId,
      kind: 'enterprise',
      status: 'approved',
      data: { name: company, bankAccountName: company, bankAccount: '6222020200112233445', bankBranch: { bank: '中国工商银行', region: ['33', '3301', '330106'], branch: '杭州西湖支行' } },
      submittedBy: owner.id,
      submittedAt: now,
      reviewedAt: now,
    });
    const token = await apiSignIn(e2e, phone);
    await settledUser(e2e, token, 'lsf');
    return { phone, token };
  };

  /** Ops open the record of `company` in the list at `path` and take the confirmed step `action`. */
  const opsStep = async (page: Page, path: string, company: string, action: string, done: string) => {
    await page.goto(path);
    const row = pane(page).locator('.ant-table-row', { hasText: company });
    await row.getByRole('button', { name: '查看' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`${path}/show/`));
    await pane(page).getByRole('button', { name: action }).click();
    await page.getByRole('dialog').getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, done);
  };

  it('declare, confirm, see the balance, withdraw with an SMS code, held, paid out', async () => {
    // Its own name: the ops queues list every account's records, on a retry the first attempt's too.
    const company = `杭州浏览器充值${attemptTag()}有限公司`;
    const account = await bankedAccount(company);
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'lsf');

    // The account declares the bank transfer it made.
    const a = await openSignedIn(e2e, account.token, STEP_MS);
    const accountKeys = recordKeys(a.page);
    await a.page.goto('/payment/RecordTabs');
    expect(await figure(a.page, 'available')).toBe('0.00');
    await pane(a.page).getByRole('button', { name: /充\s*值/ }).click();
    await a.page.waitForURL((url) => url.pathname === '/payment/deposits/create');
    const form = pane(a.page).locator('.schema-form');
    await form.getByLabel('充值金额（元）', { exact: true }).fill('5000');
    await form.getByLabel('付款户名', { exact: true }).fill(company);
    await form.getByLabel('付款账号', { exact: true }).fill('6222020200998877665');
    const date = form.getByLabel('转账日期', { exact: true });
    await date.click();
    await date.fill('2026-11-19');
    await date.press('Enter');
    await form.getByLabel('银行流水号', { exact: true }).fill(REFERENCE);
    await pane(a.page).getByRole('button', { name: /提\s*交/ }).click();
    await a.page.waitForURL((url) => url.pathname.startsWith('/payment/deposits/show/'));
    await pane(a.page).locator('.resource-show__title').getByText('待确认').waitFor();
    // Created by the default DataProvider's create (simple-rest's, POST /api/rest), with the form's key.
    expect(accountKeys.get('/api/rest/deposits')).toMatch(/^[0-9a-f-]{36}$/);

    // Ops find it among every account's deposits and confirm it.
    const o = await openSignedIn(e2e, opsToken, STEP_MS);
    const opsKeys = recordKeys(o.page);
    await opsStep(o.page, '/ops/deposits', company, '确认到账', '已确认，金额已入账');
    await pane(o.page).locator('.resource-show__title').getByText('已入账').waitFor();
    expect([...opsKeys].find(([path]) => path.endsWith('/actions/confirm'))?.[1]).toMatch(/^[0-9a-f-]{36}$/);

    // The account sees the money, and its deposit among its records.
    await a.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(a.page, 'available'), { timeout: STEP_MS }).toBe('5,000.00');
    // First its flows, read from the ledger: the deposit, in, done.
    await pane(a.page).locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '充值' }).filter({ hasText: '5,000.00' }).filter({ hasText: '已完成' }).waitFor();
    await pane(a.page).getByRole('tab', { name: '充值记录' }).click();
    await pane(a.page).getByRole('cell', { name: REFERENCE }).waitFor();

    // It withdraws part of it: a draft, then submitted with an SMS code to the user's phone.
    await pane(a.page).getByRole('button', { name: /提\s*现/ }).click();
    await a.page.waitForURL((url) => url.pathname === '/report/withdrawalList/create');
    await pane(a.page).locator('.schema-form').getByLabel('提现金额（元）', { exact: true }).fill('1200.5');
    await pane(a.page).getByRole('button', { name: /提\s*交/ }).click();
    await a.page.waitForURL((url) => url.pathname.startsWith('/report/withdrawalList/show/'));
    await pane(a.page).getByText('6222020200112233445').waitFor();
    await pane(a.page).getByRole('button', { name: '确认提现' }).click();
    const dialog = a.page.getByRole('dialog');
    // Past the resend window of the code that registered this phone.
    clock.advance(61_000);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒/ }).waitFor();
    await dialog.getByLabel('短信验证码').fill(await e2e.latestSms(account.phone));
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await toast(a.page, '已提交，提现金额已冻结');
    await pane(a.page).locator('.resource-show__title').getByText('处理中').waitFor();
    expect([...accountKeys].find(([path]) => path.endsWith('/actions/submit'))?.[1]).toMatch(/^[0-9a-f-]{36}$/);

    await a.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(a.page, 'held'), { timeout: STEP_MS }).toBe('1,200.50');
    expect(await figure(a.page, 'available')).toBe('3,799.50');

    // Ops mark it paid out once the bank transfer is made.
    await opsStep(o.page, '/ops/withdrawals', company, '确认已打款', '已完成');
    await pane(o.page).locator('.resource-show__title').getByText('已到账').waitFor();

    await a.page.goto('/payment/RecordTabs');
    await expect.poll(() => figure(a.page, 'held'), { timeout: STEP_MS }).toBe('0.00');
    expect(await figure(a.page, 'available')).toBe('3,799.50');
    const withdrawalFlow = pane(a.page).locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '提现' }).filter({ hasText: '1,200.50' });
    await withdrawalFlow.filter({ hasText: '已完成' }).waitFor();
    expect(await withdrawalFlow.getByRole('link', { name: '回单' }).getAttribute('href')).toMatch(/^\/Withdrawal\?id=/);
    await pane(a.page).getByRole('tab', { name: '提现记录' }).click();
    await pane(a.page).getByText('已到账').waitFor();

    // The home page shows the same balance, and the 30 days' money in and out.
    await a.page.goto('/home');
    await expect.poll(() => figure(a.page, 'available'), { timeout: STEP_MS }).toBe('3,799.50');
    await pane(a.page).getByText('近 30 天收入 5,000.00 元，支出 1,200.50 元').waitFor();

    const check = await apiCall<{ name: string; ok: boolean }[]>(e2e.baseUrl, 'GET', '/api/ops/ledger/check', undefined, opsToken);
    expect(check.data.filter((invariant) => !invariant.ok)).toEqual([]);
    expect(a.errors, 'account page errors and console errors').toEqual([]);
    expect(o.errors, 'ops page errors and console errors').toEqual([]);
  });
});
