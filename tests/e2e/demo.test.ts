// Browser journey of the demo world (issue 17): the server runs in demo mode and is seeded;
// the login page lists the demo logins, and each demo user signs in with what it lists (the
// first with the page's form, the captcha answer from the dev outbox; the others over the API,
// their tokens put where the console keeps them), reads the operations notices that greet it,
// and finds its own data; then every list of its menu in every variant shows a row.
import type { BrowserContext, Page } from 'playwright-core';
import type { Envelope, Profile, UserInfo } from '../../src/shared/api';
import { actorFromProfile } from '../../src/shared/actor';
import { findRoute, menuPaths, VARIANT_IDS } from '../../src/shared/menu';
import { consoleMenu } from '../support/console-menu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, DEMO_HISTORY_DAYS, DEMO_OPS, seedDemo } from '../../src/server/domains/demo/seed';
import { chromiumPath, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane } from '../support/console';
import { trackCaptchas } from '../support/e2e-auth';
import { apiSignIn, signInContext } from '../support/seed';

/** Where each demo user goes after signing in, and a text it must find there. */
const JOURNEYS: { role: string; label: string; path: string; finds: string }[] = [
  { role: 'buyer', label: '买方企业（主账号）', path: '/contract/contractbuy', finds: '铝锭 A00 采购合同' },
  { role: 'seller', label: '卖方企业（主账号）', path: '/contract/contractsell', finds: '不锈钢板 304 采购合同' },
  { role: 'personal', label: '个人用户', path: '/home', finds: '139****0003' },
  { role: 'purchaser', label: '买方采购员', path: '/outgoing/chainPayment', finds: '铝锭 A00 采购合同' },
  { role: 'finance', label: '买方财务', path: '/contract/contractbuy', finds: '镀锌钢管采购合同' },
  { role: 'viewer', label: '买方只读', path: '/outgoing/chainPayment', finds: '螺纹钢年度框架采购合同' },
  { role: 'sellerOperator', label: '卖方销售员', path: '/outgoing/immediateContract', finds: '不锈钢板 304 现货供应' },
  // Ops queues open on what is pending: no review (the demo's are done), the buyer's declared deposit.
  { role: 'ops', label: '平台运营', path: '/ops/deposits', finds: '杭州西湖钢材贸易有限公司' },
];

describe.skipIf(!chromiumPath)('browser journey: the demo world (issue 17)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();

  beforeAll(async () => {
    e2e = await startE2e({ DEMO: '1', ADMIN_PHONE: DEMO_OPS.phone, ADMIN_PASSWORD: DEMO_OPS.password }, [...VARIANT_IDS], { clock });
    // The world's month of history ends now: the clock starts that far back, as SeedingClock does.
    clock.advance(-DEMO_HISTORY_DAYS * DAY_MS);
    const seeded = await seedDemo({ db: e2e.db, baseUrl: e2e.baseUrl, clock, ops: DEMO_OPS });
    expect(seeded.seeded).toBe(true);
  }, 600_000);
  afterAll(async () => {
    await e2e?.close();
  });

  /** The phone and password the login page lists for `label`. */
  async function listedLogin(page: Page, label: string) {
    const block = page.getByRole('region', { name: '演示账号' });
    const row = block.getByRole('row').filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });
    await row.waitFor(); // the block appears once GET /api/meta/demo answers
    const cells = await row.getByRole('cell').allInnerTexts();
    return { phone: cells[0].trim(), password: cells[1].trim() };
  }

  /** Reads every notice that greets the user after sign-in (one dialog after another). */
  async function readNotices(page: Page) {
    const read = page.getByRole('button', { name: '我已阅读并同意' });
    while (await read.waitFor({ timeout: 2_000 }).then(() => true, () => false)) {
      // A dialog may close between seeing its button and clicking it (the last read one
      // animating out): the loop then looks again.
      await read.click({ timeout: 5_000 }).catch(() => undefined);
      await page.waitForTimeout(300);
    }
  }

  /**
   * The logins the login page lists, by label: read once from one signed-out page, so every
   * role below signs in with what the page shows it.
   */
  let listedLogins: Promise<Map<string, { phone: string; password: string }>> | undefined;
  function listed(label: string) {
    listedLogins ??= (async () => {
      const { page, context, errors } = await e2e.newPage();
      context.setDefaultTimeout(STEP_MS);
      await page.goto('/user/login');
      const logins = new Map<string, { phone: string; password: string }>();
      for (const { label: each } of JOURNEYS) logins.set(each, await listedLogin(page, each));
      if (errors.length) throw new Error(`the login page: ${errors.join('\n')}`);
      await context.close();
      return logins;
    })();
    return listedLogins.then((logins) => logins.get(label)!);
  }

  /**
   * A role's browser session, shared by its cases: they only read the seeded world, so one
   * context (one page) holds the role's console in every variant. Its token comes from one
   * sign-in over the API with the listed login and is put where the console keeps it on every
   * variant's origin. `errors` collects its pages' errors; each case takes those since the last.
   * `pages[0]` is the role's page; a case with many lists opens more (lanes, below).
   */
  interface RoleSession { token: string; context: BrowserContext; pages: Page[]; errors: string[] }
  const sessions = new Map<string, Promise<RoleSession>>();
  function session(role: string, label: string): Promise<RoleSession> {
    let opened = sessions.get(role);
    if (!opened) {
      opened = (async () => {
        const { phone, password } = await listed(label);
        const token = await apiSignIn(e2e, phone, password);
        const { page, context, errors } = await e2e.newPage({ viewport: { width: 1440, height: 900 } });
        context.setDefaultTimeout(STEP_MS);
        for (const origin of Object.values(e2e.urls)) await signInContext(context, origin, token);
        return { token, context, pages: [page], errors };
      })();
      sessions.set(role, opened);
    }
    return opened;
  }

  /** The list routes of the menu `token`'s user gets in `variant` (as the console's access control builds it). */
  async function menuLists(variant: (typeof VARIANT_IDS)[number], token: string) {
    const call = async <T>(path: string) => ((await (await fetch(e2e.baseUrl + path, { headers: { authorization: token } })).json()) as Envelope<T>).data;
    const actor = actorFromProfile(await call<Profile>('/api/user/info'), await call<UserInfo>('/api/system/users/info'));
    return menuPaths(consoleMenu(variant, actor)).flatMap((path) => {
      const render = findRoute(path, variant)?.render;
      return render && 'resource' in render && !('view' in render && render.view) ? [{ path, render: JSON.stringify(render) }] : [];
    });
  }

  /**
   * Opens `path` of the console on `origin`: loaded there when the page shows another origin (or
   * none yet); inside the loaded console otherwise, as the menu opens it (react-router follows
   * the history entry): each path gets a tab of its own, and the tab before is hidden once the
   * new one shows.
   */
  async function openPath(page: Page, origin: string, path: string) {
    const at = page.url().startsWith('http') ? new URL(page.url()) : undefined;
    if (at?.origin !== origin) {
      await page.goto(`${origin}${path}`);
      return;
    }
    if (`${at.pathname}${at.search}` === path) return;
    const before = await activePane(page).elementHandle();
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await before?.waitForElementState('hidden');
  }

  // The sign-in form is proved once, by the first role; every other role signs in with the
  // login the page lists over the API and opens the console with its token (session above).
  it.each(JOURNEYS)('$role signs in with the login the page lists and finds its data', async ({ role, label, path, finds }) => {
    if (role === JOURNEYS[0].role) {
      const { page, context, errors } = await e2e.newPage();
      context.setDefaultTimeout(STEP_MS);
      const captchas = trackCaptchas(page, STEP_MS);
      await page.goto('/user/login');
      const { phone, password } = await listedLogin(page, label);
      await page.getByRole('textbox', { name: '手机号' }).fill(phone);
      await page.getByLabel('密码', { exact: true }).fill(password);
      await page.getByRole('textbox', { name: '图形验证码' }).fill(await e2e.captchaAnswer(await captchas.shown()));
      await page.getByRole('button', { name: /^(loading\s*)?登\s*录$/ }).click();
      await page.waitForURL((url) => url.pathname === '/home');
      await readNotices(page);
      if (path !== '/home') await page.goto(path);
      await page.getByText(finds, { exact: false }).first().waitFor();
      expect(errors).toEqual([]);
      await context.close();
      return;
    }
    const { pages: [page], errors } = await session(role, label);
    await openPath(page, e2e.baseUrl, path);
    await readNotices(page);
    await page.getByText(finds, { exact: false }).first().waitFor();
    expect(errors.splice(0)).toEqual([]);
  });

  // Issue 28 item 9: in each variant's demo world, each role finds rows on every list of its menu,
  // in the role's session (its cases share one page). The variants' consoles read one seeded store:
  // a list another variant's case already opened for the role, at the same path and rendered
  // from the same route (resource, scope, filters), asks the same query and shows the same rows,
  // so it is not opened again; each case opens its first list, and every list that differs.
  // (tests/api/demo.test.ts asks every list of every variant's menus for rows over the API.)
  const opened = new Set<string>();
  /** At most this many pages check a case's lists side by side, each taking at least LISTS_PER_LANE of them. */
  const LANES = 3;
  const LISTS_PER_LANE = 4;
  const ROLES_BY_VARIANT = VARIANT_IDS.flatMap((variant) => JOURNEYS.map((j) => ({ variant, ...j })));
  it.each(ROLES_BY_VARIANT)('$variant, $role: a row on every list of its menu', async ({ variant, role, label }) => {
    const { token, context, pages, errors } = await session(role, label);
    const origin = e2e.urls[variant];
    const lists = await menuLists(variant, token);
    expect(lists.length, `${variant} ${role} has lists`).toBeGreaterThan(0);
    const paths = lists.filter(({ path, render }, i) => i === 0 || !opened.has(`${role} ${path} ${render}`)).map(({ path }) => path);
    for (const { path, render } of lists) opened.add(`${role} ${path} ${render}`);
    // A case with many lists checks them in a few lanes side by side, each a page of the role's
    // context: a list's check waits mostly on its query and render, not on the lane beside it.
    const lanes = Math.min(LANES, Math.ceil(paths.length / LISTS_PER_LANE));
    while (pages.length < lanes) pages.push(await context.newPage());
    const empty = (
      await Promise.all(
        pages.slice(0, lanes).map(async (page, lane) => {
          const without: string[] = [];
          for (const path of paths.filter((_, i) => i % lanes === lane)) {
            await openPath(page, origin, path);
            const row = activePane(page).locator('.ant-table-tbody tr.ant-table-row').first();
            if (!(await row.waitFor({ timeout: STEP_MS }).then(() => true, () => false))) without.push(path);
          }
          return without;
        }),
      )
    ).flat();
    expect(empty, `${variant} ${role}: lists without a row`).toEqual([]);
    expect(errors.splice(0)).toEqual([]);
  });
});
