// Browser journey of operators (issue 9) in real Chromium against the real server: the owner adds
// a purchaser operator on /operator, the operator binds on /user/bindOperator with the SMS code
// (read from the dev outbox) and signs in, sees only the menu its type grants and is refused the
// account page; the owner disables it and the operator's open console is signed out on its next
// request.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import zhMenu from '../../src/shared/locales/zh-CN/menu.json';
import { visibleMenu } from '../../src/shared/menu';
import { roleFor } from '../../src/shared/permissions';
import { chromiumPath, STEP_MS, SkewedClock, journeyApp } from '../support/browser';
import { activePane, toast } from '../support/console';
import { newPhone } from '../support/e2e-auth';
import { apiSignIn, registerAccount, settledUser, openSignedIn } from '../support/seed';

const OPERATOR_PASSWORD = 'Buyer2026!';
const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_MS });
const menuTitle = (titleKey: string) => (zhMenu.routes as Record<string, string>)[titleKey.replace(/^routes\./, '')];

describe.skipIf(!chromiumPath)('browser journey: operators (issue 9)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp({}, ['main'], { clock });

  const openAs = (token: string) => openSignedIn(e2e, token, STEP_MS);

  it('adds a purchaser, which binds by SMS code, sees only its pages and is signed out when disabled', async () => {
    const owner = await registerAccount(e2e, { enterpriseName: '杭州操作员测试有限公司' });
    const ownerToken = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, ownerToken, 'lsf');
    const boss = await openAs(ownerToken);

    // --- The owner adds a purchaser operator ---
    await boss.page.goto('/operator');
    const pane = activePane(boss.page);
    await pane.getByText('杭州操作员测试有限公司').first().waitFor();
    await pane.getByText('还没有操作员').waitFor();
    const opPhone = newPhone();
    clock.advance(61_000);
    await pane.getByRole('button', { name: '添加操作员' }).click();
    const dialog = boss.page.getByRole('dialog', { name: '添加操作员' });
    await dialog.getByLabel('姓名').fill('李采购');
    await dialog.getByLabel('手机号').fill(opPhone);
    await dialog.locator('.ant-select-selector').click();
    await boss.page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '采购员' }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await toast(boss.page, '绑定验证码已发送到操作员手机');
    const row = pane.locator('tr', { hasText: '李采购' });
    await row.getByText('待绑定').waitFor();
    await row.getByText('采购员').waitFor();

    // --- The operator binds with the code it received, then signs in ---
    const code = await e2e.latestSms(opPhone);
    const op = await e2e.newPage();
    op.context.setDefaultTimeout(STEP_MS);
    await op.page.goto('/user/bindOperator');
    await op.page.getByLabel('手机号').fill(opPhone);
    await op.page.getByLabel('验证码').fill(code);
    await op.page.getByLabel('登录密码').fill(OPERATOR_PASSWORD);
    await op.page.getByLabel('确认密码').fill(OPERATOR_PASSWORD);
    await op.page.getByRole('button', { name: /绑\s*定/ }).click();
    await atPath(op.page, '/user/login');
    await toast(op.page, '绑定成功，请用手机号和密码登录');
    const opToken = await apiSignIn(e2e, opPhone, OPERATOR_PASSWORD);
    await settledUser(e2e, opToken, 'lsf');
    const buyer = await openAs(opToken);

    // --- It sees exactly the menu its type grants, and the account page is refused ---
    await buyer.page.goto('/home');
    const expected = visibleMenu('main', roleFor('purchaser', 'unverified').permissionList ?? []).map((item) => menuTitle(item.titleKey));
    const nav = buyer.page.locator('.shell-menu.ant-menu-root > li.ant-menu-item, .shell-menu.ant-menu-root > li.ant-menu-submenu');
    await expect.poll(() => nav.count(), { timeout: STEP_MS }).toBe(expected.length);
    expect((await nav.allInnerTexts()).map((text) => text.trim())).toEqual(expected);
    expect(expected).not.toContain(menuTitle('routes.operator'));

    // --- The owner sees the binding and disables the operator ---
    await boss.page.reload();
    await activePane(boss.page).locator('tr', { hasText: '李采购' }).getByText('已绑定').waitFor();
    await activePane(boss.page).locator('tr', { hasText: '李采购' }).getByRole('button', { name: /停\s*用/ }).click();
    await boss.page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
    await toast(boss.page, '操作成功');
    await activePane(boss.page).locator('tr', { hasText: '李采购' }).getByText('停用').first().waitFor();
    await activePane(boss.page).getByText('完成绑定').waitFor();

    // --- The operator's open console is signed out on its next request ---
    await buyer.page.reload();
    await atPath(buyer.page, '/user/login');
    expect(boss.errors).toEqual([]);
  });
});
