// Browser journey of the command palette (issue 32 item 5) in real Chromium: a payer presses
// Ctrl+K on the home page, types a confirmed bill's number and lands on that bill's page with
// Enter; on the bill's page the palette offers the payment the bill's own button offers. The list
// of bills is worked with the keys (j moves a highlighted row, Enter opens it). Screenshots of the
// palette and of the highlighted row in the dark (default) and light themes and in en-US.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumPath, journeyApp, shot, STEP_MS } from '../support/browser';
import { activePane as pane } from '../support/console';
import { openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000141', ADMIN_PASSWORD: 'Ops#Palette2026' };
const PAYER = '杭州快捷跳转买方有限公司';
const PAYEE = '苏州快捷跳转卖方有限公司';

describe.skipIf(!chromiumPath)('browser journey: the command palette opens a bill by its number (issue 32)', () => {
  const e2e = journeyApp(ADMIN);

  /** The palette's search, once Ctrl+K has opened it. */
  const openPalette = async (page: Page) => {
    await page.keyboard.press('Control+K');
    const search = page.getByRole('combobox', { name: /搜索页面|Search pages/ });
    await search.waitFor();
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
    return search;
  };
  const activeOption = (page: Page) => page.locator('[role="option"][aria-selected="true"]');
  /** A screenshot of the palette once its opening animation has finished (mid-zoom it is faint). */
  const paletteShot = async (page: Page, name: string) => {
    await page.locator('.command-palette').evaluate((dialog) => Promise.all(dialog.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shot(page, name);
  };

  it('a payer presses Ctrl+K, types a bill number and lands on the bill; the palette offers its payment there', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: PAYER, approved: true, balance: '50000.00' });
    const payee = await world.party({ name: PAYEE, approved: true });
    const bill = await world.bill({ state: 'confirmed', payer, payee, amount: '2600.00' });
    const number = String(bill.id);

    const { page, errors, context } = await openSignedIn(e2e, payer.token, STEP_MS);
    await page.goto('/home');
    // The console is up: its header offers the palette's button, with the shortcut beside it.
    await page.getByRole('button', { name: /搜索与跳转 (Ctrl|⌘) K/ }).waitFor();
    const search = await openPalette(page);
    // The number as a receipt prints it (dashes and all), typed key by key.
    await search.pressSequentially(number);
    const hit = page.getByRole('option', { name: new RegExp(`确权账单 · 编号 ${number.slice(0, 8)}`) });
    await hit.waitFor();
    await expect.poll(() => activeOption(page).innerText()).toContain(number.slice(0, 8));
    await paletteShot(page, 'palette-bill-dark');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('id') === number || url.pathname.endsWith(`/show/${number}`));
    // The bill's own page: its state and amount.
    await pane(page).locator('.resource-show__title').getByText('已确权').waitFor();
    await pane(page).getByText('2,600.00').first().waitFor();
    await expect.poll(() => page.getByRole('combobox', { name: /搜索页面/ }).count()).toBe(0);

    // On the bill, the palette offers the actions its buttons offer the payer now: paying it.
    const again = await openPalette(page);
    const pay = page.getByRole('group', { name: '当前记录的操作' }).getByRole('option', { name: /付款/ });
    await pay.first().waitFor();
    await paletteShot(page, 'palette-actions-dark');
    await again.press('Escape');
    await expect.poll(() => page.getByRole('combobox', { name: /搜索页面/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the bills list is worked with the keys, and the palette and the highlighted row read in the light theme and in en-US', async () => {
    const { world } = e2e;
    const payer = await world.party({ name: PAYER, approved: true, balance: '50000.00' });
    const payee = await world.party({ name: PAYEE, approved: true });
    const bills = await world.bills(3, { state: 'confirmed', payer, payee, amount: '1200.00' });

    for (const look of [{ theme: 'dark' }, { theme: 'light' }, { lang: 'en-US' }] as const) {
      const name = 'lang' in look ? 'en' : look.theme;
      const { page, errors, context } = await openSignedIn(e2e, payer.token, STEP_MS, look);
      await page.goto('/payment/payManagement');
      const rows = pane(page).locator('.resource-list__table tbody tr.ant-table-row');
      await expect.poll(() => rows.count()).toBe(3);
      // j highlights the first row, j again the second, which takes the focus; Enter opens it.
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      await expect.poll(() => rows.nth(1).evaluate((row) => row.classList.contains('resource-list__row--active') && row === document.activeElement)).toBe(true);
      await shot(page, `list-keyboard-${name}`);
      const search = await openPalette(page);
      await search.pressSequentially('lang' in look ? 'bill' : '账单');
      await page.getByRole('option').first().waitFor();
      await paletteShot(page, `palette-${name}`);
      await search.press('Escape');
      // The focus is back on the row it was on, and Enter opens that bill.
      await expect.poll(() => rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => bills.some((b) => url.searchParams.get('id') === b.id || url.pathname.endsWith(`/show/${b.id}`)));
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
