// Issue 17, defect 9: every entry of the side menu is readable whole, in both languages. Labels
// were cut off with an ellipsis at the sider's width (19 of 32 in en-US, one in zh-CN); they now
// wrap (src/web/shell/shell.css). Each label's box must hold its text: scrollWidth <= clientWidth,
// and it must not reach past the sider.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, shot, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { apiSignIn, approveAccount, registerAccount, settledUser, signInContext } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000071', ADMIN_PASSWORD: 'Ops#Admin2026' };

/** Opens every group of the side menu, then measures each label. */
async function clippedLabels(page: Page): Promise<{ count: number; clipped: string[] }> {
  const sider = page.locator('.shell-sider');
  await sider.locator('.ant-menu-title-content').first().waitFor();
  for (;;) {
    const closed = sider.locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > div[role="menuitem"]');
    if ((await closed.count()) === 0) break;
    await closed.first().click();
  }
  await page.waitForTimeout(400); // the last group's opening animation
  return sider.evaluate((root) => {
    const right = root.getBoundingClientRect().right;
    const labels = [...root.querySelectorAll<HTMLElement>('.ant-menu-title-content')];
    const clipped = labels
      .filter((label) => label.scrollWidth > label.clientWidth || label.getBoundingClientRect().right > right + 0.5)
      .map((label) => `${(label.textContent ?? '').trim()} (${label.scrollWidth} > ${label.clientWidth})`);
    return { count: labels.length, clipped };
  });
}

describe.skipIf(!chromiumPath)('browser: side menu labels are never clipped (issue 17)', () => {
  let e2e: E2eApp;
  let ownerToken: string;
  let opsToken: string;

  beforeAll(async () => {
    e2e = await startE2e(ADMIN);
    const owner = await registerAccount(e2e, { enterpriseName: '杭州菜单标签测试有限公司' });
    await approveAccount(e2e, owner.phone);
    ownerToken = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, ownerToken, 'lsf');
    opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'lsf');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const cases = [
    { who: 'owner', language: 'zh-CN' },
    { who: 'owner', language: 'en-US' },
    { who: 'ops', language: 'zh-CN' },
    { who: 'ops', language: 'en-US' },
  ] as const;

  it.each(cases)('$who in $language: every label fits', async ({ who, language }) => {
    const { page, context, errors } = await e2e.newPage();
    context.setDefaultTimeout(STEP_MS);
    await signInContext(context, e2e.baseUrl, who === 'owner' ? ownerToken : opsToken);
    await context.addInitScript((lang) => localStorage.setItem('lang', lang), language);
    await page.goto('/home');
    const { count, clipped } = await clippedLabels(page);
    await shot(page, `times-sider-${who}-${language}`, { fullPage: true });
    expect(count).toBeGreaterThan(5);
    expect(clipped).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
