// Browser journeys of issue 3 (the console shell) in real Chromium against the real server:
// built consoles of main, xhn and jjsk, each on its own origin, over one API and one in-memory
// database. A fresh browser context per journey; each journey ends by checking that its pages
// logged no errors.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantedPermissionIds } from '../../src/shared/ability';
import { menuPaths, visibleMenu, type MenuItem, type VariantId } from '../../src/shared/menu';
import { permissionsForRole } from '../../src/shared/permissions';
import enMenu from '../../src/shared/locales/en-US/menu.json';
import zhMenu from '../../src/shared/locales/zh-CN/menu.json';
import { buildWeb } from '../../scripts/lib/web-build';
import { chromiumPath, startE2e, type E2eApp } from '../support/browser';
import { trackCaptchas } from '../support/e2e-auth';
import { addOperator, agreeOverApi, apiCall, apiSignIn, approveAccount, publishNotice, registerAccount, signInContext } from '../support/seed';

const STEP_MS = 10_000;
const ADMIN = { ADMIN_PHONE: '13900000001', ADMIN_PASSWORD: 'Ops#Admin2026' };
const ENTERPRISE = '杭州链上付科技有限公司';

type Titles = Record<string, string>;
const title = (titles: Titles, key: string) => titles[key.replace(/^routes\./, '')];

/** The menu SPEC §6 gives `role` in `variant`: top-level titles, and each group's children. */
function expectedMenu(variant: VariantId, role: string, titles: Titles = zhMenu.routes) {
  const tree = visibleMenu(variant, grantedPermissionIds(permissionsForRole(role)));
  return {
    tree,
    top: tree.map((item) => title(titles, item.titleKey)),
    groups: tree.filter((item) => item.children).map((group) => ({ title: title(titles, group.titleKey), children: group.children!.map((c: MenuItem) => title(titles, c.titleKey)) })),
  };
}

/** The titles of the top-level entries of the side menu, in order. */
const sideMenu = (page: Page) => page.locator('.shell-sider ul[role="menu"]').first();
const topLevelTitles = (page: Page) =>
  sideMenu(page).locator(':scope > li').evaluateAll((items) => items.map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim()).filter(Boolean));

/** Opens each group of the side menu and reads its children. */
async function groupChildren(page: Page, group: string): Promise<string[]> {
  const submenu = sideMenu(page).locator(':scope > li.ant-menu-submenu').filter({ has: page.locator(':scope > div .ant-menu-title-content', { hasText: group }) });
  const list = submenu.locator(':scope > ul');
  if (!(await list.isVisible())) await submenu.locator(':scope > div[role="menuitem"]').click();
  await list.waitFor({ state: 'visible' });
  return list.locator(':scope > li .ant-menu-title-content').allTextContents();
}

const tabTitles = (page: Page) => page.locator('.shell-tabs .ant-tabs-nav-list .ant-tabs-tab .shell-tabs__label').allTextContents();
const activeTab = (page: Page) => page.locator('.shell-tabs .ant-tabs-tab-active .shell-tabs__label').textContent();

async function tabCommand(page: Page, tab: string, command: string) {
  const openItems = page.locator('.ant-dropdown-menu-item').filter({ visible: true });
  await expect.poll(() => openItems.count()).toBe(0); // the previous menu has gone
  await page.locator('.shell-tabs .shell-tabs__label', { hasText: tab }).click({ button: 'right' });
  // Clicked as a person would: once the menu has finished sliding in.
  const settled = page.locator('.ant-dropdown:not(.ant-dropdown-hidden):not(.ant-slide-up)');
  await settled.waitFor({ state: 'visible' });
  await settled.locator('.ant-dropdown-menu-item', { hasText: command }).click();
  await expect.poll(() => openItems.count()).toBe(0);
}

/** antd's message toast with this text appears. */
const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text }).waitFor({ state: 'visible', timeout: STEP_MS });

/** The page of the active tab (the others stay mounted, hidden). */
const activePane = (page: Page) => page.locator('.shell-pane:not([hidden])');

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signInOnLoginPage(e2e: E2eApp, page: Page, phone: string, password: string) {
  const captchas = trackCaptchas(page, STEP_MS);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await e2e.captchaAnswer(await captchas.shown()));
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
}

/** A visible antd modal whose title is `title`. */
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

describe.skipIf(!chromiumPath)('browser journeys: the console shell (issue 3)', () => {
  let e2e: E2eApp;
  let opsToken: string;

  beforeAll(async () => {
    // The global setup builds main; the variant journeys need their own builds.
    await buildWeb('xhn', { quiet: true });
    await buildWeb('jjsk', { quiet: true });
    e2e = await startE2e(ADMIN, ['main', 'xhn', 'jjsk']);
    opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  async function open(opts: Parameters<E2eApp['newPage']>[0] = {}) {
    const opened = await e2e.newPage(opts);
    opened.context.setDefaultTimeout(STEP_MS);
    return opened;
  }

  it('signs in, takes the agreement and two announcements in order, shows the role menu, and runs the tab bar', async () => {
    const first = await publishNotice(e2e, opsToken, { noticeTitle: '系统升级通知', noticeContent: '<p>本周六 <b>22:00</b> 系统升级。</p><img src=x onerror="window.__hacked=1">', platforms: ['lsf', 'xhn'] });
    const second = await publishNotice(e2e, opsToken, { noticeTitle: '费率调整公告', noticeContent: '<p>自下月起结算费率调整。</p>', platforms: ['lsf'] });
    expect(first).not.toBe(second);
    const owner = await registerAccount(e2e, { enterpriseName: ENTERPRISE });
    await approveAccount(e2e, owner.phone);
    const { page, errors } = await open();

    await page.goto('/user/login');
    await signInOnLoginPage(e2e, page, owner.phone, owner.password);

    // --- The platform agreement: cannot be dismissed, agreeing goes on ---
    const agreement = dialog(page, '链上付平台服务协议');
    await agreement.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => agreement.isVisible()).toBe(true);
    await agreement.getByRole('button', { name: '同意并继续' }).click();

    // --- Two announcements, oldest first, one at a time ---
    const notice = dialog(page, '公告详情');
    await notice.getByRole('heading', { name: '系统升级通知' }).waitFor();
    expect(await notice.getByRole('button').allTextContents()).toEqual(['我已阅读并同意']); // no close icon, one button
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5); // the mask does not close it
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as { __hacked?: number }).__hacked)).toBeUndefined();
    const confirmedAt = Date.now();
    await notice.getByRole('button', { name: '我已阅读并同意' }).click();
    await notice.getByRole('heading', { name: '费率调整公告' }).waitFor();
    expect(Date.now() - confirmedAt).toBeGreaterThanOrEqual(500);
    await notice.getByRole('button', { name: '我已阅读并同意' }).click();
    await notice.waitFor({ state: 'hidden' });
    // Read on the server: a new start shows nothing.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value ?? '');
    expect((await apiCall<unknown[]>(e2e.baseUrl, 'GET', '/api/system/notice/unread?platform=lsf', undefined, token)).data).toEqual([]);

    // --- Header: greeting on the home page, the user, the clock ---
    expect(pathOf(page)).toBe('/home');
    await page.getByRole('heading', { name: new RegExp(`，${ENTERPRISE}$`) }).waitFor();
    await expect.poll(() => page.getByTestId('current-user').textContent()).toContain(ENTERPRISE);
    const clock = page.getByLabel('当前时间');
    const before = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 3000 }).not.toBe(before);
    expect(await page.title()).toBe('首页 - 链上付');

    // --- The menu is the owner's menu of SPEC §2/§6 ---
    const expected = expectedMenu('main', 'owner');
    expect(await topLevelTitles(page)).toEqual(expected.top);
    for (const group of expected.groups) expect(await groupChildren(page, group.title), group.title).toEqual(group.children);
    // The (approved) owner can add offers: the home page offers it; platform operations pages are not theirs.
    await page.getByRole('button', { name: '发布采购发盘' }).waitFor();
    await page.goto('/ops/notices');
    await page.getByText('抱歉，您无权访问此页面。').waitFor();
    await page.goto('/home');
    await page.getByRole('heading', { name: new RegExp(`，${ENTERPRISE}$`) }).waitFor();

    // --- Five pages as tabs, in the order opened ---
    const pages = ['消息中心', '采购管理', '供应管理', '应付订单', '提现明细'];
    for (const name of pages) {
      const link = sideMenu(page).getByRole('link', { name, exact: true });
      if (!(await link.isVisible())) {
        const group = expected.groups.find((g) => g.children.includes(name))!;
        await groupChildren(page, group.title);
      }
      await link.click();
      await expect.poll(() => activeTab(page)).toBe(name);
    }
    expect(await tabTitles(page)).toEqual(['首页', ...pages]);
    expect(await page.title()).toBe('提现明细 - 链上付');

    // A tab keeps its page state: the message centre's filter survives a trip to another tab.
    await page.locator('.shell-tabs .shell-tabs__label', { hasText: '消息中心' }).click();
    await activePane(page).getByText('未读消息', { exact: true }).click();
    await expect.poll(() => activePane(page).getByRole('radio', { name: '未读消息' }).isChecked()).toBe(true);
    await page.locator('.shell-tabs .shell-tabs__label', { hasText: '采购管理' }).click();
    await expect.poll(() => activeTab(page)).toBe('采购管理');
    await page.locator('.shell-tabs .shell-tabs__label', { hasText: '消息中心' }).click();
    expect(await activePane(page).getByRole('radio', { name: '未读消息' }).isChecked()).toBe(true);

    // --- Right-click closes ---
    await tabCommand(page, '采购管理', '关闭右侧');
    expect(await tabTitles(page)).toEqual(['首页', '消息中心', '采购管理']);
    await tabCommand(page, '消息中心', '关闭左侧');
    expect(await tabTitles(page)).toEqual(['消息中心', '采购管理']);
    await tabCommand(page, '采购管理', '关闭全部');
    expect(await tabTitles(page)).toEqual(['采购管理']);
    expect(pathOf(page)).toBe('/outgoing/chainPayment');
    await tabCommand(page, '采购管理', '关闭当前');
    await toast(page, '这是最后一个标签了，无法被关闭');
    await tabCommand(page, '采购管理', '关闭左侧');
    await toast(page, '左侧没有标签');
    await tabCommand(page, '采购管理', '关闭右侧');
    await toast(page, '右侧没有标签');
    expect(await tabTitles(page)).toEqual(['采购管理']);
    // The message centre was closed: reopened, its filter is back to all messages.
    await sideMenu(page).getByRole('link', { name: '消息中心', exact: true }).click();
    await expect.poll(() => activeTab(page)).toBe('消息中心');
    expect(await activePane(page).getByRole('radio', { name: '全部消息' }).isChecked()).toBe(true);

    expect(errors, 'page errors and console errors').toEqual([]);
  });
});

export { enMenu, addOperator, agreeOverApi, signInContext, menuPaths };
