// Issue 28 item 10, what only a browser shows, in real Chromium: at 1440x900 the field being typed
// in on the offer and contract forms stays above the sticky totals panel; at 390x844 /message keeps
// its titles on one line, a list's filters fold behind one button so the list starts on the first
// screen, and the menu drawer's selected item is dark in the dark theme; the 404 page wears the
// console's theme. Screenshots /tmp/screens-*.png.
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { notifyAccount } from '../../src/server/notify';
import { chromiumPath, STEP_MS, shot, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { approvedParty, signInContext } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000282', ADMIN_PASSWORD: 'Ops#Screens2026' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Relative luminance (0 black .. 1 white) of a CSS rgb()/rgba() colour. */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map((v) => Number(v) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The colour actually painted behind `selector`'s first match: its own background, else the nearest ancestor's that is not transparent. */
const paintedBehind = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    for (let node: Element | null = el; node; node = node.parentElement) {
      const bg = getComputedStyle(node).backgroundColor;
      if (bg && !/rgba\(0, 0, 0, 0\)|transparent/.test(bg)) return bg;
    }
    return 'rgb(255, 255, 255)';
  });

describe.skipIf(!chromiumPath)('browser: layout at 1440x900 and 390x844, the dark theme everywhere (issue 28 item 10)', () => {
  let e2e: E2eApp;
  let party: { phone: string; token: string; name: string };

  beforeAll(async () => {
    e2e = await startE2e(ADMIN);
    party = await approvedParty(e2e, `杭州版面检查有限公司${Date.now() % 100000}`);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const open = async (viewport: { width: number; height: number }, settings?: Record<string, unknown>) => {
    const opened = await e2e.newPage({ viewport });
    opened.context.setDefaultTimeout(STEP_MS);
    await signInContext(opened.context, e2e.baseUrl, party.token);
    if (settings) await opened.context.addInitScript((value) => localStorage.setItem('lsf.settings.main', JSON.stringify(value)), settings);
    return opened;
  };

  it('keeps the field being typed in above the sticky totals panel, offer and contract forms', async () => {
    const { page, errors } = await open(DESKTOP);
    for (const path of ['/outgoing/chainPayment/create', '/contractUpdate/initiateContract/create']) {
      await page.goto(path);
      const form = pane(page);
      const panel = form.getByTestId('trade-totals');
      await panel.waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      // The first field the panel covers at the top of the page, clicked on the part still in sight.
      const covered = await form.locator('form input:visible').evaluateAll((inputs) => {
        const cover = document.querySelector('[data-testid="trade-totals"]')!.getBoundingClientRect();
        return inputs.map((input) => input.id).find((id) => {
          const box = document.getElementById(id)!.getBoundingClientRect();
          return box.top < cover.top && box.bottom > cover.top - 1;
        });
      });
      expect(covered, `${path}: a field under the panel at the top of the page`).toBeTruthy();
      const input = form.locator(`[id="${covered}"]`);
      const before = (await input.boundingBox())!;
      await page.mouse.click(before.x + 10, before.y + 3);
      await page.keyboard.type('20');
      await expect
        .poll(async () => {
          const box = (await input.boundingBox())!;
          const cover = (await panel.boundingBox())!;
          return box.y + box.height <= cover.y;
        }, { timeout: STEP_MS })
        .toBe(true);
      // What is under the field's middle is the field, not the panel.
      const box = (await input.boundingBox())!;
      expect(await page.evaluate(({ x, y, id }) => document.elementFromPoint(x, y)?.closest(`[id="${id}"]`) !== null, { x: box.x + box.width / 2, y: box.y + box.height / 2, id: covered! })).toBe(true);
      await shot(page, `screens-totals-${path.split('/')[1]}`);
    }
    expect(errors).toEqual([]);
  });

  it('at 390x844: /message titles on one line, list filters folded, a dark drawer in the dark theme', async () => {
    const [user] = await e2e.db.select().from(users).where(eq(users.phone, party.phone));
    for (let i = 0; i < 3; i += 1) await notifyAccount(e2e.db, user.accountId, 'account', 'depositRejected', new Date(), { amount: '100.00', reason: '转账附言与充值单号不符' }, '/payment/deposit');
    const { page, errors } = await open(PHONE);

    await page.goto('/message');
    const title = pane(page).getByText('充值申报被驳回', { exact: true }).first();
    await title.waitFor();
    const box = (await title.boundingBox())!;
    const line = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 22);
    expect(box.height, JSON.stringify(box)).toBeLessThan(line * 1.6);
    expect(box.width).toBeGreaterThan(80);
    // Its status and time are under it.
    await expect.poll(() => pane(page).getByTestId('message-meta').count()).toBeGreaterThan(0);
    await shot(page, 'screens-message-390');

    await page.goto('/outgoing/chainPayment');
    const toggle = pane(page).getByTestId('filters-toggle');
    await toggle.waitFor();
    // The list's own heading is on the first screen, the filters' fields are not shown.
    const heading = pane(page).getByRole('heading', { name: '采购报价' });
    expect(((await heading.boundingBox())?.y ?? 9999) + 40).toBeLessThan(PHONE.height);
    expect(await pane(page).locator('form.resource-filters').getByLabel('报价标题', { exact: true }).isVisible()).toBe(false);
    await toggle.click();
    await pane(page).locator('form.resource-filters').getByLabel('报价标题', { exact: true }).waitFor();
    await shot(page, 'screens-list-390');

    await page.locator('header button').first().click();
    const selected = page.locator('.shell-drawer .ant-menu-item-selected');
    await selected.waitFor();
    expect(luminance(await paintedBehind(page, '.shell-drawer .ant-menu-item-selected'))).toBeLessThan(0.3);
    expect(luminance(await paintedBehind(page, '.shell-drawer .ant-menu'))).toBeLessThan(0.1);
    await shot(page, 'screens-drawer-390');
    expect(errors).toEqual([]);
  });

  it('shows the 404 page in the console theme: dark by default, light when chosen', async () => {
    const dark = await open(DESKTOP);
    await dark.page.goto('/no/such/page');
    await dark.page.getByTestId('not-found').waitFor();
    expect(luminance(await paintedBehind(dark.page, '[data-testid="not-found"]'))).toBeLessThan(0.1);
    await shot(dark.page, 'screens-404-dark');

    const light = await open(DESKTOP, { theme: 'light' });
    await light.page.goto('/no/such/page');
    await light.page.getByTestId('not-found').waitFor();
    expect(luminance(await paintedBehind(light.page, '[data-testid="not-found"]'))).toBeGreaterThan(0.8);
    expect([...dark.errors, ...light.errors]).toEqual([]);
  });
});
