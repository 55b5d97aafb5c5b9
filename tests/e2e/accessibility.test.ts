// Issue 17 defect 6, in real Chromium: axe-core (@axe-core/playwright) checks the pages a user
// reads most, in the dark theme (the variant's default) and the light one: the login page, home
// (wallet card and the flows chart), a list, two forms (an offer, and the enterprise
// authentication with its uploads, bank-branch group and "长期" checkbox), a contract document
// and a payment receipt. Every rule axe runs by default is on (color-contrast and the wcag2a /
// wcag2aa rules among them); a page passes with no finding of serious or critical impact.
// One browser context per theme; its findings are printed per page (serious/critical by rule).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordReceipt } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, shot, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { offerBody } from '../support/trading';
import { apiCall, apiPost, apiSignIn, approvedParty, freshSmsCode, registerAccount, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000173', ADMIN_PASSWORD: 'Ops#Axe2026' };
const BLOCKING = new Set(['serious', 'critical']);

/** A page to check: where it is, whose session opens it (none: signed out), what shows once it is ready. */
interface Visit {
  name: string;
  path: () => string;
  as: 'guest' | 'buyer' | 'newcomer';
  ready: (page: Page) => Promise<unknown>;
}

/** Serious and critical findings of axe on the page as it is now: rule id -> number of elements. */
async function blockingFindings(page: Page): Promise<Record<string, number>> {
  // target-size (WCAG 2.2 AA: 24 px targets, issue 32 item 7) is not among axe's defaults: asked for.
  const results = await new AxeBuilder({ page }).options({ rules: { 'target-size': { enabled: true } } }).analyze();
  const found: Record<string, number> = {};
  for (const violation of results.violations) {
    if (!BLOCKING.has(violation.impact ?? '')) continue;
    found[violation.id] = violation.nodes.length;
    // What to fix, element by element, printed beside the failing figures.
    for (const node of violation.nodes) console.log(violation.id, node.target.join(' '), node.failureSummary?.replace(/\s+/g, ' '));
  }
  return found;
}

describe.skipIf(!chromiumPath)('browser: no serious or critical accessibility finding in either theme (issue 17)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();
  const tokens: Record<'buyer' | 'newcomer', string> = { buyer: '', newcomer: '' };
  let contractId = '';
  let receiptPath = '';

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);
  const smsCode = (phone: string, token: string) => freshSmsCode(e2e, clock, phone, token);

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main'], { clock });
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    const buyer = await approvedParty(e2e, '杭州无障碍买方有限公司');
    const seller = await approvedParty(e2e, '苏州无障碍卖方有限公司');
    tokens.buyer = buyer.token;
    // Money in (the home chart has a day to draw), a contract signed by both and its collateral paid (a receipt).
    const deposit = await post('/api/r/deposits', buyer.token, { amount: '50000.00', payerName: buyer.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'E2E-AXE-1' });
    await post(`/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody('无障碍检查螺纹钢'));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    contractId = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
    for (const who of [buyer, seller]) await post(`/api/r/contracts/${contractId}/actions/sign`, who.token, { smsCode: await smsCode(who.phone, who.token) });
    await post(`/api/r/contracts/${contractId}/actions/payCollateral`, buyer.token, { smsCode: await smsCode(buyer.phone, buyer.token) });
    const receipts = await apiCall<RecordReceipt[]>(e2e.baseUrl, 'GET', `/api/receipts?resource=contracts&id=${contractId}`, undefined, buyer.token);
    receiptPath = receipts.data[0].path;
    // An account not yet authenticated: the enterprise authentication form.
    const newcomer = await registerAccount(e2e, { enterpriseName: '杭州无障碍新用户有限公司' });
    tokens.newcomer = await apiSignIn(e2e, newcomer.phone);
    await settledUser(e2e, tokens.newcomer, 'lsf');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const VISITS: Visit[] = [
    { name: 'login', path: () => '/user/login', as: 'guest', ready: (page) => page.getByRole('button', { name: /^登\s*录$/ }).waitFor() },
    { name: 'home', path: () => '/home', as: 'buyer', ready: (page) => pane(page).locator('.lsf-chart__legend').waitFor() },
    { name: 'list', path: () => '/outgoing/chainPayment', as: 'buyer', ready: (page) => pane(page).locator('.ant-table-tbody tr.ant-table-row').first().waitFor() },
    { name: 'offer form', path: () => '/outgoing/chainPayment/create', as: 'buyer', ready: (page) => pane(page).locator('.ant-form-item input').first().waitFor() },
    { name: 'contract document', path: () => `/contract/detailspact?id=${contractId}`, as: 'buyer', ready: (page) => pane(page).getByTestId('document-text').getByText('无障碍检查螺纹钢').first().waitFor() },
    { name: 'receipt', path: () => receiptPath, as: 'buyer', ready: (page) => page.getByTestId('receipt-amount').waitFor() },
    { name: 'authentication form', path: () => '/businessAuthentication', as: 'newcomer', ready: (page) => pane(page).getByText('长期', { exact: true }).waitFor() },
  ];

  for (const theme of ['dark', 'light'] as const) {
    it(`finds nothing serious or critical on any page in the ${theme} theme`, async () => {
      const { context, page, errors } = await e2e.newPage();
      context.setDefaultTimeout(STEP_MS);
      // The theme is a stored shell setting (the header's settings drawer writes it); dark is the default.
      if (theme === 'light') {
        await context.addInitScript(() => {
          if (window.location.origin === 'null') return; // about:blank has no storage
          localStorage.setItem('lsf.settings.main', JSON.stringify({ theme: 'light' }));
        });
      }
      const figures: Record<string, Record<string, number>> = {};
      let session: Visit['as'] = 'guest';
      for (const visit of VISITS) {
        if (visit.as !== session) {
          // Sign in (or switch account) the way the console keeps its session.
          if (session === 'guest') await page.goto('/user/login');
          const value = visit.as === 'guest' ? null : tokens[visit.as];
          await page.evaluate((token) => (token ? localStorage.setItem('Access-Token', JSON.stringify({ value: token, expire: Date.now() + 604_800_000 })) : localStorage.removeItem('Access-Token')), value);
          session = visit.as;
        }
        await page.goto(visit.path());
        await visit.ready(page);
        // antd's enter animations (fades) end before colours are measured.
        await page.waitForTimeout(400);
        figures[visit.name] = await blockingFindings(page);
        await shot(page, `axe-${theme}-${visit.name.replace(/\s+/g, '-')}`, { fullPage: true });
      }
      console.log(`axe ${theme}: ${JSON.stringify(figures)}`);
      expect(figures).toEqual(Object.fromEntries(VISITS.map((v) => [v.name, {}])));
      expect(errors).toEqual([]);
    }, 300_000);
  }
});
