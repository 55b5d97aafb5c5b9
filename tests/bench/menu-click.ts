// Benchmark: time from clicking a menu entry to its page rendered, in Chromium against the built
// main console (production build, real server, in-memory PGlite). Measured inside the page, from
// the click to the first animation frame in which the page's own content shows in the active
// tab, so Playwright's round trips are not counted. Median of 20 clicks per case:
//   - a new page: multi-tab off, every click mounts the page;
//   - an open tab: multi-tab on, the page is already open (kept mounted) and is switched to.
// Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { accounts, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/sessions/tokens';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { buildWeb, repoRoot } from '../../scripts/lib/web-build';
import { findChromium } from '../support/e2e-global';

const CLICKS = 20;
/** Menu entries clicked in turn: placeholders, and the message centre (a table page). */
const TARGETS = [
  { group: '订单管理', name: '互诺订单', route: 'contractChain' },
  { group: '账户中心', name: '消息中心', route: 'message' },
];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// The in-page part is a string: tsx compiles this file with esbuild's keepNames, whose __name
// helper would not exist inside the page.
const IN_PAGE = `({ name, route }) => new Promise((resolve, reject) => {
  const link = [...document.querySelectorAll('.shell-sider a')].find((a) => a.textContent === name);
  if (!link) return reject(new Error('no menu link ' + name));
  const t0 = performance.now();
  link.click();
  const rendered = () => {
    const pane = document.querySelector('.shell-pane:not([hidden])');
    return pane && pane.dataset.route === route && pane.querySelector('.ant-card') !== null && pane.querySelector('.page-loading') === null;
  };
  const check = () => (rendered() ? resolve(performance.now() - t0) : requestAnimationFrame(check));
  requestAnimationFrame(check);
})`;

/** Clicks the side-menu link and resolves with the ms until the page's content is on screen. */
function timeClick(page: Page, target: (typeof TARGETS)[number]): Promise<number> {
  return page.evaluate(`(${IN_PAGE})(${JSON.stringify({ name: target.name, route: target.route })})`) as Promise<number>;
}

async function seedOwner(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string> {
  const db = database.db;
  const now = new Date();
  const [account] = await db.insert(accounts).values({ type: 'enterprise', name: '基准测试企业', authStatus: 'approved', createdAt: now, updatedAt: now }).returning();
  const [user] = await db
    .insert(users)
    .values({ accountId: account.id, phone: '13900000009', name: '基准测试企业', passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now })
    .returning();
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  return token;
}

export async function benchMenuClick(): Promise<void> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('menu click: no Chromium (apt package chromium or CHROME_PATH); skipped');
    return;
  }
  await buildWeb('main', { quiet: true });
  const database = await openDatabase({});
  const token = await seedOwner(database);
  const { app } = await buildApp({ config: { ...configFromEnv({}), webDist: path.join(repoRoot, 'dist/web/main') }, database, sms: consoleSmsProvider(() => {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  // The start-up dialogs are not what is measured: agree once.
  await fetch(`${origin}/api/system/LoginPlatform/confirm?platform=lsf`, { headers: { authorization: token } });
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    for (const multiTab of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
      await context.addInitScript(
        ({ value, tabs }) => {
          localStorage.setItem('Access-Token', JSON.stringify({ value, expire: Date.now() + 86_400_000 }));
          const settings = JSON.parse(localStorage.getItem('lsf.settings.main') ?? '{}') as Record<string, unknown>;
          localStorage.setItem('lsf.settings.main', JSON.stringify({ ...settings, multiTab: tabs }));
        },
        { value: token, tabs: multiTab },
      );
      const page = await context.newPage();
      await page.goto(`${origin}/home`);
      await page.locator('.home-greeting').waitFor();
      for (const group of new Set(TARGETS.map((t) => t.group))) await page.locator('.shell-sider .ant-menu-submenu-title', { hasText: group }).click();
      // One round first: page chunks downloaded and (with tabs) every page open, as in steady use.
      for (const target of TARGETS) await timeClick(page, target);
      const times: number[] = [];
      for (let i = 0; i < CLICKS; i += 1) times.push(await timeClick(page, TARGETS[i % TARGETS.length]));
      const label = multiTab ? 'switching to an open tab (multi-tab on)' : 'opening a page (multi-tab off, page mounts)';
      console.log(
        `menu click -> page rendered, ${label}: median ${median(times).toFixed(1)} ms over ${CLICKS} clicks (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
}
