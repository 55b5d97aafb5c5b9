// Browser journeys of the lists people work in all day (issue 32) in real Chromium: an ops user
// opens the built-in queue of deposits to confirm, narrows it, saves it as a shared view, and a
// second ops user in a second browser context finds the view and opens the same list (and a
// link to it opens it too); a finance operator chooses twelve bills across pages ("all
// matching"), pays them in one bulk action with one SMS code and sees a result per bill; the
// columns popover sets the columns, kept for the next session. Screenshots in the dark (default)
// and light themes and in en-US.
import type { Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/passwords';
import { users } from '../../src/server/db/schema';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, journeyApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { newPhone, PASSWORD } from '../support/flows';
import { openSignedIn, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000097', ADMIN_PASSWORD: 'Ops#Views2026' };

describe.skipIf(!chromiumPath)('browser journey: saved views, columns and bulk actions (issue 32)', () => {
  const e2e = journeyApp(ADMIN);

  /** Another user of the account of `phone` with operator type `role`, signed in over the API and settled. */
  const operatorOf = async (phone: string, role: string) => {
    const [owner] = await e2e.db.select().from(users).where(eq(users.phone, phone));
    const operator = newPhone();
    const now = e2e.clock.now();
    await e2e.db.insert(users).values({ accountId: owner.accountId, phone: operator, name: `${role} 操作员`, passwordHash: await hashPassword(PASSWORD), role, isOwner: false, createdAt: now, updatedAt: now });
    const token = await e2e.world.api.signIn(operator, PASSWORD);
    // Been here before: no agreement or notice dialog over the list.
    await settledUser(e2e, token, 'lsf');
    return { phone: operator, token };
  };

  /** A signed-in page in a theme and language (dark and zh-CN are the defaults). */
  const open = (token: string, theme: 'dark' | 'light' = 'dark', lang: 'zh-CN' | 'en-US' = 'zh-CN') => openSignedIn(e2e, token, STEP_MS, { theme, lang });
  const rows = (page: Page) => pane(page).locator('.resource-list__table tbody tr.ant-table-row');
  /** The references the list shows: the large deposit only, once narrowed (once per attempt: a retry adds its own). */
  const references = async (page: Page) => [...new Set((await rows(page).allInnerTexts()).map((text) => text.match(/VIEW-(SMALL|LARGE)/)?.[0]))];

  it('an ops user saves a narrowed queue as a shared view; a second ops user opens it in another browser', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: '视图旅程入金公司', approved: true });
    for (const [amount, reference] of [
      ['500.00', 'VIEW-SMALL'],
      ['88000.00', 'VIEW-LARGE'],
    ]) {
      await world.api.call<ResourceRecord>('POST', '/api/r/deposits', { token: payer.token, body: { amount, payerName: payer.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference } });
    }
    const ops = await world.ops();
    await settledUser(e2e, ops, 'lsf');
    const first = await open(ops);
    const page = first.page;
    await page.goto('/ops/deposits');
    await rows(page).first().waitFor();
    // The built-in queue: its state written into the URL (its states are the queue's own default, left out).
    await pane(page).getByTestId('list-views').click();
    await page.getByRole('menuitem', { name: '待确认充值' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'builtin:toConfirm' && url.searchParams.get('sort') === 'createdAt');
    // Narrowed to the large one.
    await pane(page).getByLabel('充值金额（元） 起').fill('10000');
    await pane(page).getByRole('button', { name: /查\s*询/ }).click();
    await page.waitForURL((url) => url.searchParams.get('amount') === '10000,');
    await expect.poll(() => references(page), { timeout: STEP_MS }).toEqual(['VIEW-LARGE']);
    await pane(page).getByTestId('list-views').click();
    await page.getByRole('menuitem', { name: '保存为新视图' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('视图名称').fill('大额待确认');
    await dialog.getByText('共享给本账户的所有用户').click();
    await shot(page, 'list-views-save-dark');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((url) => Boolean(url.searchParams.get('view')?.match(/^[0-9a-f-]{36}$/)));
    const link = page.url();
    await pane(page).getByTestId('list-views').filter({ hasText: '大额待确认' }).waitFor();
    expect(first.errors).toEqual([]);

    // A second ops user, in a browser of its own: the shared view is offered and opens the same list.
    const colleague = await operatorOf(ADMIN.ADMIN_PHONE, 'ops');
    const second = await open(colleague.token);
    await second.page.goto('/ops/deposits');
    await rows(second.page).first().waitFor();
    await pane(second.page).getByTestId('list-views').click();
    await second.page.getByRole('menuitem', { name: /大额待确认/ }).click();
    await second.page.waitForURL((url) => url.searchParams.get('amount') === '10000,' && url.searchParams.get('sort') === 'createdAt');
    await expect.poll(() => references(second.page), { timeout: STEP_MS }).toEqual(['VIEW-LARGE']);
    await rows(second.page).first().getByText('VIEW-LARGE').waitFor();
    await shot(second.page, 'list-views-shared-dark');
    // The link the first user had opens it too.
    await second.page.goto(link);
    await expect.poll(() => references(second.page), { timeout: STEP_MS }).toEqual(['VIEW-LARGE']);
    await pane(second.page).getByTestId('list-views').filter({ hasText: '大额待确认' }).waitFor();
    // A date range in a link: the date picker (its own chunk, loaded with the first date filter
    // drawn) shows it, and the server narrows by it (nothing was made before 2000).
    const dated = new URL(link);
    dated.searchParams.set('createdAt', ',2000-01-01');
    await second.page.goto(dated.toString());
    await expect.poll(() => pane(second.page).getByPlaceholder('结束日期').inputValue(), { timeout: STEP_MS }).toBe('2000-01-01');
    await pane(second.page).getByText('没有符合筛选条件的记录').waitFor({ timeout: STEP_MS });
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it('a finance operator pays twelve bills in one bulk action with one SMS code and sees a result per bill', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: '批量付款旅程买方有限公司', approved: true, balance: '100000.00' });
    const payee = await world.party({ name: '批量付款旅程卖方有限公司', approved: true });
    const bills = await world.bills(12, { state: 'confirmed', payer, payee, amount: '1000.00' });
    const finance = await operatorOf(payer.phone, 'finance');
    const { page, errors, context } = await open(finance.token);
    await page.goto('/payment/payManagement');
    await expect.poll(() => rows(page).count(), { timeout: STEP_MS }).toBe(10);
    // The page's rows, then every one the list matches (12, over two pages).
    await pane(page).locator('.resource-list__table thead').getByRole('checkbox').check();
    const bar = pane(page).getByRole('region', { name: '批量操作' });
    await bar.getByText('已选择 10 条').waitFor();
    await bar.getByRole('button', { name: '选择全部 12 条匹配记录' }).click();
    await bar.getByText('已选择全部 12 条匹配记录').waitFor();
    await bar.getByRole('button', { name: '付款（12）' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('将对 12 条记录执行“付款”').waitFor();
    e2e.clock.advance(61_000);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await dialog.getByRole('button', { name: /秒/ }).waitFor();
    await dialog.getByLabel('短信验证码').fill(await e2e.latestSms(finance.phone));
    await shot(page, 'list-bulk-confirm-dark');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    const results = page.getByRole('dialog', { name: '“付款”的结果' });
    await results.getByTestId('bulk-summary').filter({ hasText: '成功 12 条，未执行 0 条' }).waitFor();
    await shot(page, 'list-bulk-results-dark');
    await results.locator('.ant-pagination-item-2').click();
    await expect.poll(() => results.locator('tbody tr').count()).toBe(2);
    await results.getByRole('button', { name: /关\s*闭/ }).first().click();
    // Each bill paid once: the money left the payer's wallet once.
    for (const b of bills) expect((await world.api.call<ResourceRecord>('GET', `/api/r/bills/${b.id}`, { token: payer.token })).state).toBe('paid');
    const wallet = await world.api.call<{ available: string }>('GET', '/api/funds/wallet', { token: payer.token });
    expect(wallet.available).toBe('88000.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets the columns of a list in the popover, kept for the next session, and shows the list in the light theme and in English', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: '列设置旅程买方有限公司', approved: true, balance: '10000.00' });
    const payee = await world.party({ name: '列设置旅程卖方有限公司', approved: true });
    await world.bills(2, { state: 'confirmed', payer, payee, amount: '300.00' });
    const first = await open(payer.token);
    await first.page.goto('/payment/payManagement');
    await rows(first.page).first().waitFor();
    await pane(first.page).getByRole('button', { name: /列设置/ }).click();
    const panel = first.page.getByRole('list', { name: '显示的列' });
    await panel.getByRole('checkbox', { name: '收款方' }).uncheck();
    await panel.getByRole('button', { name: '上移“到期日”' }).click();
    await expect.poll(() => pane(first.page).locator('.resource-list__table thead th').allInnerTexts()).toContain('到期日');
    await shot(first.page, 'list-columns-dark');
    const headers = async (page: Page) => (await pane(page).locator('.resource-list__table thead th').allInnerTexts()).map((h) => h.trim()).filter(Boolean);
    const set = await headers(first.page);
    expect(set).not.toContain('收款方');
    await first.context.close();
    // Another session (a second browser) shows the same columns.
    const light = await open(payer.token, 'light');
    await light.page.goto('/payment/payManagement');
    await rows(light.page).first().waitFor();
    await expect.poll(() => headers(light.page), { timeout: STEP_MS }).toEqual(set);
    await pane(light.page).locator('.resource-list__table tbody').getByRole('checkbox').first().check();
    await pane(light.page).getByRole('region', { name: '批量操作' }).getByRole('button', { name: /付款（1）/ }).waitFor();
    await shot(light.page, 'list-bulk-light');
    expect(light.errors).toEqual([]);
    await light.context.close();
    const english = await open(payer.token, 'dark', 'en-US');
    await english.page.goto('/payment/payManagement');
    await rows(english.page).first().waitFor();
    await pane(english.page).locator('.resource-list__table tbody').getByRole('checkbox').first().check();
    await pane(english.page).getByRole('region', { name: 'Bulk actions' }).getByText('1 selected').waitFor();
    await pane(english.page).getByTestId('list-views').click();
    await english.page.getByRole('menuitem', { name: 'Bills to pay' }).waitFor();
    await shot(english.page, 'list-views-en');
    expect(english.errors).toEqual([]);
    await english.context.close();
  });
});
