// The Content-Security-Policy the server sends is one the built console satisfies: every kind
// of page loads in Chromium with no violation reported (securitypolicyviolation events and
// console errors), signed out and signed in, and the API docs viewer under its own policy.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, startE2e, type E2eApp } from '../support/browser';
import { activePane } from '../support/console';
import { apiSignIn, approveAccount, registerAccount, settledUser, signInContext } from '../support/seed';


declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Each page kind, with what shows once it has rendered. */
const SIGNED_OUT = [
  { path: '/user/login', ready: 'input[type=password]' },
  { path: '/user/sign', ready: 'form input' },
  { path: '/user/forgetPassword', ready: 'form input' },
  { path: '/api/docs', ready: '.swagger-ui .information-container' },
];
const SIGNED_IN = [
  { path: '/home', ready: '.shell-pane:not([hidden]) *' },
  { path: '/outgoing/chainPayment', ready: '.shell-pane:not([hidden]) .ant-table' },
  // Submitted empty: the form validates in the browser (ajv compiles the served schema).
  {
    path: '/outgoing/chainPayment/create',
    ready: '.shell-pane:not([hidden]) .schema-form input',
    act: async (page: Page) => {
      await activePane(page).getByRole('button', { name: /提\s*交/ }).click();
      await page.locator('.shell-pane:not([hidden]) .ant-form-item-explain-error').first().waitFor({ timeout: STEP_MS });
    },
  },
  // An approved account sees its authentication read-only.
  { path: '/businessAuthentication', ready: '.shell-pane:not([hidden]) .ant-alert, .shell-pane:not([hidden]) .ant-descriptions' },
  { path: '/message', ready: '.shell-pane:not([hidden]) *' },
  { path: '/Chainpayment', ready: '#root *' },
  { path: '/no-such-page', ready: '#root *' },
];

describe.skipIf(!chromiumPath)('browser: the Content-Security-Policy holds on every page kind', () => {
  let e2e: E2eApp;
  let token: string;

  beforeAll(async () => {
    e2e = await startE2e();
    const owner = await registerAccount(e2e, { enterpriseName: '杭州某某安全测试有限公司' });
    await approveAccount(e2e, owner.phone);
    token = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, token, 'lsf');
  });
  afterAll(() => e2e?.close());

  /** Resolves once no request but the live stream (/api/events/stream) has been in flight for half a second. */
  async function quiet(page: Page): Promise<void> {
    const open = new Set<unknown>();
    const track = (req: { url(): string }) => !req.url().includes('/api/events/stream') && open.add(req);
    const done = (req: unknown) => open.delete(req);
    page.on('request', track);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    try {
      let idleSince = Date.now();
      const deadline = Date.now() + STEP_MS;
      while (Date.now() - idleSince < 500 && Date.now() < deadline) {
        await page.waitForTimeout(100);
        if (open.size) idleSince = Date.now();
      }
    } finally {
      page.off('request', track);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    }
  }

  /** Visits each page; the violations reported on each (the list starts anew with every load). */
  async function visitAll(page: Page, pages: { path: string; ready: string; act?: (page: Page) => Promise<void> }[]): Promise<string[]> {
    const violations: string[] = [];
    for (const { path, ready, act } of pages) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], path).toBeTruthy();
      await page.locator(ready).first().waitFor({ state: 'attached', timeout: STEP_MS });
      await act?.(page);
      // Lazy chunks, styles and images of the page have been asked for by now: nothing in flight
      // but the live stream, which stays open (not 'networkidle', which it never lets come).
      await quiet(page);
      violations.push(...((await page.evaluate(() => window.__cspViolations)) ?? []).map((v) => `${path}: ${v}`));
    }
    return violations;
  }

  async function openWatched(signedIn: boolean) {
    const opened = await e2e.newPage();
    await opened.context.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations?.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    if (signedIn) await signInContext(opened.context, e2e.baseUrl, token);
    return opened;
  }

  it('signed out: sign-in pages and the API docs viewer', async () => {
    const { page, errors } = await openWatched(false);
    expect(await visitAll(page, SIGNED_OUT)).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });

  it('signed in: home, generated list and form, authentication form, messages, a receipt and the 404 page', async () => {
    const { page, errors } = await openWatched(true);
    const seen: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) seen.push(msg.text());
    });
    expect(await visitAll(page, SIGNED_IN)).toEqual([]);
    expect(seen).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  });
});
