// Browser journeys of issue 3 (the console shell) in real Chromium against the real server:
// built consoles of main, xhn and jjsk, each on its own origin, over one API and one in-memory
// database. A fresh browser context per journey; each journey ends by checking that its pages
// logged no errors.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getVariant, type MenuItem, type VariantId } from '../../src/shared/menu';
import { runtimeResourceRoutes, withRuntimeMenuEntries } from '../../src/shared/resources/runtimeMenu';
import type { ResourceDefinition } from '../../src/shared/resources/types';
import enMenu from '../../src/shared/locales/en-US/menu.json';
import zhMenu from '../../src/shared/locales/zh-CN/menu.json';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { activePane, toast } from '../support/console';
import { consoleMenu, roleActor } from '../support/console-menu';
import { trackCaptchas } from '../support/e2e-auth';
import { addOperator, apiCall, apiSignIn, approveAccount, attemptTag, publishNotice, registerAccount, settledUser, signInContext } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000001', ADMIN_PASSWORD: 'Ops#Admin2026' };
const ENTERPRISE = '杭州链上付科技有限公司';

type Titles = Record<string, string>;
const title = (titles: Titles, key: string) => titles[key.replace(/^routes\./, '')];

/**
 * The menu SPEC §6 gives `role` in `variant`: top-level titles, and each group's children. The
 * resource files with a menu block of their own (deposits, withdrawals) add their entries, from
 * `definitions`: what the server lists for the user at /api/meta/resources.
 */
function expectedMenu(variant: VariantId, role: string, definitions: readonly ResourceDefinition[], titles: Titles = zhMenu.routes, language: 'zh-CN' | 'en-US' = 'zh-CN') {
  const runtime = runtimeResourceRoutes(definitions, getVariant(variant));
  const tree = withRuntimeMenuEntries(consoleMenu(variant, roleActor(role)), runtime);
  titles = { ...titles, ...Object.fromEntries(runtime.map((route) => [route.key, definitions.find((d) => d.name === (route.render as { resource: string }).resource)!.labels[language].title])) };
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

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signInOnLoginPage(e2e: E2eApp, page: Page, phone: string, password: string) {
  const captchas = trackCaptchas(page, STEP_MS);
  await page.getByRole('textbox', { name: '手机号' }).fill(phone);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(await e2e.captchaAnswer(await captchas.shown()));
  await page.getByRole('button', { name: /^(loading\s*)?登\s*录$/ }).click();
}

/** A visible antd modal whose title is `title`. */
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });

describe.skipIf(!chromiumPath)('browser journeys: the console shell (issue 3)', () => {
  let e2e: E2eApp;
  let opsToken: string;

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main', 'xhn', 'jjsk']);
    opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** The resource definitions the server lists for the bearer of `token`, as the console loads them. */
  const definitionsFor = async (token: string) => (await apiCall<ResourceDefinition[]>(e2e.baseUrl, 'GET', '/api/meta/resources', undefined, token)).data;

  /**
   * Marks read, for the bearer of `token`, every unread notice on `platform` except `keep`. Notices
   * are global: a retried journey's new user would also be shown those an earlier attempt published.
   */
  async function readAllBut(token: string, platform: string, keep: string[]) {
    const unread = (await apiCall<{ noticeId: string }[]>(e2e.baseUrl, 'GET', `/api/system/notice/unread?platform=${platform}`, undefined, token)).data;
    for (const notice of unread.filter((n) => !keep.includes(n.noticeId))) {
      expect((await apiCall(e2e.baseUrl, 'GET', `/api/system/notice/readed?noticeId=${notice.noticeId}`, undefined, token)).code).toBe(200);
    }
  }

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
    await readAllBut(await apiSignIn(e2e, owner.phone), 'lsf', [first, second]);
    const { page, errors } = await open();

    await page.goto('/user/login');
    await signInOnLoginPage(e2e, page, owner.phone, owner.password);

    // --- The platform agreement: cannot be dismissed, agreeing goes on ---
    const agreement = dialog(page, '链上付平台服务协议');
    await agreement.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => agreement.isVisible()).toBe(true);
    await agreement.getByRole('button', { name: '我已阅读并同意' }).click();

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
    const expected = expectedMenu('main', 'owner', await definitionsFor(token));
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
      // On a busy machine a click can land while a group is still opening: look again, at most three times.
      for (let attempt = 1; ; attempt++) {
        if (!(await link.isVisible())) {
          const group = expected.groups.find((g) => g.children.includes(name))!;
          await groupChildren(page, group.title);
        }
        await link.click();
        const opened = await expect.poll(() => activeTab(page), { timeout: 5_000 }).toBe(name).then(() => true, () => false);
        if (opened) break;
        expect(attempt, `tab ${name}`).toBeLessThan(3);
      }
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

  /** A context signed in on `origin` as a settled user (agreement taken, notices read). */
  async function openAs(token: string, origin = e2e.baseUrl, opts: Parameters<E2eApp['newPage']>[0] = {}) {
    const opened = await open(opts);
    await signInContext(opened.context, origin, token);
    return opened;
  }

  async function settledOwner(platform: string, opts: { approved?: boolean } = {}) {
    const owner = await registerAccount(e2e, { enterpriseName: ENTERPRISE });
    if (opts.approved) await approveAccount(e2e, owner.phone);
    const token = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, token, platform);
    return { ...owner, token };
  }

  const greeting = (page: Page, name: string) => page.getByRole('heading', { name: new RegExp(`[，,] ?${name}$`) });

  it('gives an operator without add no add control, and the API refuses the request with 403', async () => {
    const owner = await registerAccount(e2e, { enterpriseName: ENTERPRISE });
    await approveAccount(e2e, owner.phone);
    const viewer = await addOperator(e2e, owner.phone, 'viewer', '只读操作员');
    const token = await apiSignIn(e2e, viewer.phone);
    await settledUser(e2e, token, 'lsf');
    const { page, errors } = await openAs(token);

    await page.goto('/home');
    await greeting(page, '只读操作员').waitFor();
    const expected = expectedMenu('main', 'viewer', await definitionsFor(token));
    expect(await topLevelTitles(page)).toEqual(expected.top);
    for (const group of expected.groups) expect(await groupChildren(page, group.title), group.title).toEqual(group.children);
    expect(await page.getByRole('button', { name: '发布采购发盘' }).count()).toBe(0);

    // The purchase offers list shows, without its create button.
    await sideMenu(page).getByRole('link', { name: '采购管理', exact: true }).click();
    await activePane(page).locator('.resource-list').waitFor();
    await activePane(page).locator('.ant-table, .ant-empty').first().waitFor();
    expect(await activePane(page).getByRole('button', { name: /新\s*建/ }).count()).toBe(0);

    // The server refuses what the page does not offer.
    const refused = await apiCall(e2e.baseUrl, 'POST', '/api/r/purchaseOffers', { title: '钢材采购' }, token);
    expect(refused.code).toBe(403);

    // A route the role lacks, typed in: the 403 page, not the page.
    await page.goto('/operator');
    await activePane(page).getByText('抱歉，您无权访问此页面。').waitFor();
    expect(await activePane(page).getByRole('heading', { name: '账户管理' }).count()).toBe(0);

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('shows the jjsk build its own brand and reduced menu', async () => {
    const owner = await settledOwner('jjsk');
    const { page, errors } = await openAs(owner.token, e2e.urls.jjsk);
    await page.goto(`${e2e.urls.jjsk}/home`);
    await greeting(page, ENTERPRISE).waitFor();
    expect(await page.title()).toBe('首页 - 链上付·JJSK');
    await page.getByText('在线请款，付款进度随时可查').waitFor(); // the variant's footer banner

    const definitions = await definitionsFor(owner.token);
    const expected = expectedMenu('jjsk', 'owner', definitions);
    const main = expectedMenu('main', 'owner', definitions);
    expect(await topLevelTitles(page)).toEqual(expected.top);
    for (const group of expected.groups) expect(await groupChildren(page, group.title), group.title).toEqual(group.children);
    expect(expected.top).not.toContain(title(zhMenu.routes, 'contractUpdate'));
    expect(main.top).toContain(title(zhMenu.routes, 'contractUpdate'));
    expect(await sideMenu(page).getByText('请款列表').count()).toBe(1);
    // Multi-tab is off by default in jjsk (variants/jjsk.json).
    expect(await page.locator('.shell-tabs').count()).toBe(0);
    // Hidden, not removed: a hidden page is still reachable by its URL.
    await page.goto(`${e2e.urls.jjsk}/report/chainOutgoingList`);
    await page.getByRole('heading', { name: title(zhMenu.routes, 'chainOutgoingList') }).waitFor();

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('hands a session from the main platform to the xhn variant across origins, and logs out to the main login', async () => {
    const owner = await registerAccount(e2e, { enterpriseName: ENTERPRISE });
    const apiToken = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, apiToken, 'lsf');
    const launched = await publishNotice(e2e, opsToken, { noticeTitle: '互诺服务上线', noticeContent: '<p>互诺结算服务正式上线。</p>', platforms: ['xhn'] });
    await readAllBut(apiToken, 'xhn', [launched]);
    const main = e2e.urls.main;
    const xhn = e2e.urls.xhn;
    const { page, errors } = await open();

    // Signed out on the variant: off to the main platform's login, carrying the page.
    await page.goto(`${xhn}/message?tab=unread`);
    await page.waitForURL((url) => url.origin === main && url.pathname === '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`${xhn}/message?tab=unread`);

    // Signed in there: back on the variant, on that page, signed in, no token left in the URL.
    const handoff = page.waitForRequest((req) => req.url().startsWith(`${xhn}/home?t=`));
    await signInOnLoginPage(e2e, page, owner.phone, owner.password);
    const carried = new URL((await handoff).url());
    expect(carried.searchParams.get('redirect')).toBe('/message?tab=unread');
    expect(carried.searchParams.get('t')).not.toContain('.'); // base64url, not the raw token
    await page.waitForURL((url) => url.origin === xhn && url.pathname === '/message');
    expect(new URL(page.url()).searchParams.has('t')).toBe(false);
    // The mutual variant asks for its own agreement (mutualGetAgreement), then shows its notices.
    const agreement = dialog(page, '互信承诺服务协议');
    await agreement.getByRole('button', { name: '我已阅读并同意' }).click();
    const notice = dialog(page, '公告详情');
    await notice.getByRole('heading', { name: '互诺服务上线' }).waitFor();
    await notice.getByRole('button', { name: '我已阅读并同意' }).click();
    await notice.waitFor({ state: 'hidden' });
    await activePane(page).getByText('消息中心').first().waitFor();
    expect(await page.title()).toBe('消息中心 - 链上付·互诺');
    const tokenOn = (origin: string) =>
      page.evaluate(() => (JSON.parse(localStorage.getItem('Access-Token') ?? '{}') as { value?: string }).value).then((v) => {
        expect(new URL(page.url()).origin).toBe(origin);
        return v;
      });
    const variantToken = await tokenOn(xhn);
    expect(variantToken).toBeTruthy();
    expect((await apiCall<{ name: string }>(xhn, 'GET', '/api/user/info', undefined, variantToken)).data.name).toBe(ENTERPRISE);
    // The xhn menu has its mutual-only entry and not the removed ones.
    const expected = expectedMenu('xhn', 'owner', await definitionsFor(variantToken!));
    expect(await topLevelTitles(page)).toEqual(expected.top);

    // Logout on the variant goes to the main platform's login, which stays there (the shared
    // session was revoked, so it is not handed straight back).
    await page.getByRole('button', { name: '退出登录' }).click();
    await dialog(page, '提示').getByRole('button', { name: /^确\s*定$/ }).click();
    await page.waitForURL((url) => url.origin === main && url.pathname === '/user/login');
    await page.getByRole('textbox', { name: '手机号' }).waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).origin).toBe(main);
    expect((await apiCall(main, 'GET', '/api/user/info', undefined, variantToken)).code).toBe(401);

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('switches the menu, titles and antd components to English', async () => {
    const owner = await settledOwner('lsf');
    const { page, errors } = await openAs(owner.token);
    await page.goto('/message');
    await activePane(page).locator('.ant-pagination').waitFor(); // the welcome message is there
    await activePane(page).getByText('10 条/页').waitFor(); // antd's own text, in Chinese
    expect(await page.title()).toBe('消息中心 - 链上付');

    await page.locator('.shell-header').getByRole('button', { name: 'English' }).click();
    await activePane(page).getByText('10 / page').waitFor(); // antd's locale followed
    await expect.poll(() => page.title()).toBe('Message centre - LSF Chain Pay');
    expect(await topLevelTitles(page)).toEqual(expectedMenu('main', 'owner', await definitionsFor(owner.token), enMenu.routes, 'en-US').top);
    expect(await tabTitles(page)).toEqual(['Message centre']);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await expect.poll(() => page.getByLabel('Current time').textContent()).toMatch(/ (Mon|Tue|Wed|Thu|Fri|Sat|Sun)$/); // dayjs followed
    // The choice is remembered.
    await page.reload();
    await activePane(page).getByText('10 / page').waitFor();
    await page.locator('.shell-header').getByRole('button', { name: '中文' }).click();
    await activePane(page).getByText('10 条/页').waitFor();
    expect(await topLevelTitles(page)).toEqual(expectedMenu('main', 'owner', await definitionsFor(owner.token)).top);

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('keeps the display settings across a reload', async () => {
    const owner = await settledOwner('lsf');
    const { page, errors } = await openAs(owner.token);
    await page.goto('/home');
    await greeting(page, ENTERPRISE).waitFor();
    const shell = page.locator('.shell');
    // Defaults of variants/main.json: dark, side menu, multi-tab on.
    expect(await shell.getAttribute('data-theme')).toBe('dark');
    expect(await shell.getAttribute('data-layout')).toBe('sidemenu');
    await page.locator('.shell-tabs').waitFor();

    await page.getByRole('button', { name: '界面设置' }).click();
    const drawer = dialog(page, '界面设置');
    await drawer.getByText('亮色').click();
    await drawer.getByText('顶部菜单').click();
    await drawer.getByRole('switch', { name: '多页签模式' }).click();
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    await drawer.getByRole('radio', { name: '极光绿' }).click();
    const applied = async () => {
      expect(await shell.getAttribute('data-theme')).toBe('light');
      expect(await shell.getAttribute('data-layout')).toBe('topmenu');
      expect(await shell.evaluate((el) => el.classList.contains('shell--weak'))).toBe(true);
      expect(await page.locator('.shell-tabs').count()).toBe(0);
      expect(await page.locator('.shell-sider').count()).toBe(0);
      expect(await page.locator('.shell-header .ant-menu-horizontal').count()).toBe(1);
    };
    await expect.poll(async () => (await shell.getAttribute('data-layout')) === 'topmenu').toBe(true);
    await applied();

    await page.reload();
    await greeting(page, ENTERPRISE).waitFor();
    await applied();
    await page.getByRole('button', { name: '界面设置' }).click();
    expect(await dialog(page, '界面设置').getByRole('radio', { name: '极光绿' }).getAttribute('aria-checked')).toBe('true');

    // Restoring the defaults is remembered too.
    await dialog(page, '界面设置').getByRole('button', { name: '恢复默认设置' }).click();
    await page.reload();
    await greeting(page, ENTERPRISE).waitFor();
    expect(await shell.getAttribute('data-theme')).toBe('dark');
    await page.locator('.shell-tabs').waitFor();

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('works on a 375 px phone: menu in a drawer, fluid width', async () => {
    const owner = await settledOwner('lsf');
    const { page, errors } = await openAs(owner.token, e2e.baseUrl, { viewport: { width: 375, height: 812 } });
    await page.goto('/home');
    await greeting(page, ENTERPRISE).waitFor();
    expect(await page.locator('.shell').getAttribute('data-layout')).toBe('mobile');
    expect(await page.locator('.shell-sider').count()).toBe(0);
    expect(await page.getByLabel('当前时间').count()).toBe(0);
    // No sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.locator('.shell-drawer');
    await drawer.getByText('账户中心').click();
    await drawer.getByRole('link', { name: '消息中心', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/message');
    await drawer.waitFor({ state: 'hidden' });
    await activePane(page).locator('.ant-table').waitFor();
    const width = await page.locator('.shell-content').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(375);

    expect(errors, 'page errors and console errors').toEqual([]);
  });

  it('lets platform operations publish, edit and delete a notice for chosen platforms, with a preview', async () => {
    await settledUser(e2e, opsToken, 'lsf');
    const { page, errors } = await openAs(opsToken);
    // Its own title: a retry would also list the notice an earlier attempt published.
    const noticeTitle = `春节放假安排 ${attemptTag()}`;
    const updatedTitle = `${noticeTitle}（更新）`;
    await page.goto('/ops/notices');
    await activePane(page).getByRole('button', { name: '发布公告' }).click();
    const form = dialog(page, '发布公告');
    await form.getByLabel('公告标题').fill(noticeTitle);
    await form.getByLabel('链上付 JJSK 平台 (jjsk)').check();
    await form.getByRole('textbox', { name: '公告内容（HTML）' }).fill('<p>春节期间<b>暂停</b>放款。</p><script>window.__x=1</script>');
    await form.getByRole('tab', { name: '预览' }).click();
    await form.locator('.ops-notice-preview b', { hasText: '暂停' }).waitFor();
    expect(await form.locator('.ops-notice-preview script').count()).toBe(0);
    await form.getByRole('button', { name: /^发\s*布$/ }).click();
    await form.waitFor({ state: 'hidden' });
    const row = activePane(page).locator('tr', { hasText: noticeTitle });
    await row.waitFor();
    expect(await row.locator('.ant-tag').allTextContents()).toEqual(['jjsk']);

    await row.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑公告');
    await edit.getByLabel('公告标题').fill(updatedTitle);
    await edit.getByRole('button', { name: /^保\s*存$/ }).click();
    await activePane(page).locator('tr', { hasText: updatedTitle }).waitFor();

    await activePane(page).locator('tr', { hasText: updatedTitle }).getByRole('button', { name: '删除' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /^确\s*定$/ }).click();
    await activePane(page).locator('tr', { hasText: noticeTitle }).waitFor({ state: 'detached' });

    expect(errors, 'page errors and console errors').toEqual([]);
  });
});
