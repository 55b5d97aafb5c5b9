// Browser journey of mutual netting (issue 18, xhn) in real Chromium: three accounts that opened
// the mutual service owe each other in a cycle (A→B→C→A, confirmed bills written as a confirmation
// would leave them); ops start a clearing run from /ops/clearingRuns; each participant finds the
// run on /payment/interlinkingManagement and opens its Interconnectedsingle receipt, whose amount
// is what clearing cancelled of its payables, in figures and capitals. Screenshots in /tmp.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page as ListPage } from '../../src/shared/api';
import { formatMoney, yuanToFen } from '../../src/shared/money';
import type { ResourceRecord } from '../../src/shared/resources/types';
import type { Db } from '../../src/server/db/client';
import { resourceRecords, users } from '../../src/server/db/schema';
import { createRecord } from '../../src/server/resources/moves';
import { chromiumPath, STEP_MS, shot, journeyApp } from '../support/browser';
import { activePane as pane, testIdText } from '../support/console';
import { apiCall, apiPost, apiSignIn, approvedParty, openSignedIn, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000093', ADMIN_PASSWORD: 'Ops#Netting2026' };
const NAMES = ['杭州互联旅程甲有限公司', '宁波互联旅程乙有限公司', '温州互联旅程丙有限公司'];

describe.skipIf(!chromiumPath)('browser journey: three accounts in a cycle netted by ops (issue 18, xhn)', () => {
  const e2e = journeyApp(ADMIN, ['xhn']);

  /** A confirmed bill of `payer` to `payee` (what the payer's 确权 leaves). */
  const confirmedBill = (payer: string, payee: string, amount: string) =>
    (e2e.db as unknown as Db).transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const now = new Date();
      const [owner] = await tx.select().from(users).where(eq(users.accountId, payee)).limit(1);
      const data = { contractId: randomUUID(), contractTitle: '互联旅程合同', payerName: '互联旅程付款方', payeeName: '互联旅程收款方', origin: 'issued', amount, paidAmount: '0.00', clearedAmount: '0.00', openAmount: amount, dueDay: '2099-12-31' };
      const row = await createRecord(tx, e2e.resources.get('bills')!, e2e.resources, { accountId: payee, mover: { userId: owner.id, accountId: payee }, data, now, parties: { payer, payee } });
      await tx.update(resourceRecords).set({ state: 'confirmed' }).where(eq(resourceRecords.id, row.id));
    });

  it('nets the cycle when ops start a run, and each participant opens its Interconnectedsingle receipt', async () => {
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'xhn');
    // A first attempt that wrote its bills and stopped before its run left them open: the retry's
    // run would net both cycles. A run of its own clears whatever is open before this attempt writes.
    await apiPost(e2e, '/api/settlement/clearing-runs', opsToken);
    const parties = [];
    for (const name of NAMES) {
      const party = await approvedParty(e2e, name);
      await settledUser(e2e, party.token, 'xhn');
      await apiPost(e2e, '/api/system/users/openMutual', party.token);
      const [user] = await e2e.db.select().from(users).where(eq(users.phone, party.phone));
      parties.push({ ...party, accountId: user.accountId });
    }
    const [a, b, c] = parties;
    const deposit = await apiPost(e2e, '/api/r/deposits', a.token, { amount: '1000.00', payerName: a.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'E2E-NET-1' });
    await apiPost(e2e, `/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    await confirmedBill(a.accountId, b.accountId, '100.00');
    await confirmedBill(b.accountId, c.accountId, '80.00');
    await confirmedBill(c.accountId, a.accountId, '60.00');

    // Ops start a run from the runs list: 60.00 cancels around the cycle.
    const ops = await openSignedIn(e2e, opsToken, STEP_MS);
    // The runs before this one (the one above among them, a retry's first attempt's too): the chart
    // draws the newest 30, so 29 of them and this attempt's.
    const earlier = (await apiCall<ListPage<ResourceRecord>>(e2e.baseUrl, 'GET', '/api/r/clearingRuns?sort=-createdAt&pageSize=29', undefined, opsToken)).data.records;
    const earlierTotal = (field: string, addFen: bigint) => formatMoney(earlier.reduce((sum, run) => sum + yuanToFen(String(run[field] ?? '0')), addFen));
    // A retried journey finds the first attempt's run (same figures) beside its own: it counts
    // the runs listed before it starts one, and reads the newest (the list's default order).
    await ops.page.goto('/ops/clearingRuns');
    const runRows = pane(ops.page).locator('tr.ant-table-row', { hasText: '180.00' });
    await pane(ops.page).locator('.ant-table-tbody .ant-empty, .ant-table-tbody tr.ant-table-row').first().waitFor({ timeout: STEP_MS });
    const runs = (await runRows.count()) + 1;
    await pane(ops.page).getByTestId('clearing-start').click();
    await ops.page.locator('.ant-popconfirm').getByRole('button', { name: '发起清分' }).click();
    await expect.poll(() => runRows.count(), { timeout: STEP_MS }).toBe(runs);
    expect(await runRows.first().innerText()).toContain('240.00');
    // The runs as a chart, its figures in words: the earlier runs' figures, and this run's 240.00 in, 180.00 cancelled.
    const chart = pane(ops.page).locator('.resource-list__chart', { hasText: '最近 30 次清分' });
    const summary = chart.locator('.lsf-chart__summary');
    await expect.poll(() => summary.innerText()).toContain(`最近 ${earlier.length + 1} 次清分`);
    await expect.poll(() => summary.innerText()).toContain(`互抵金额（元） ${earlierTotal('amountCleared', 18_000n)}`);
    expect(await summary.innerText()).toContain(`参与金额（元） ${earlierTotal('amountIn', 24_000n)}`);
    await shot(ops.page, 'clearing-ops-runs', { fullPage: true });

    // Each participant: its run, then its receipt (60.00 of its payable cancelled around the cycle).
    const expected = [
      { party: a, cleared: '¥ 60.00', capitals: '人民币陆拾元整' },
      { party: b, cleared: '¥ 60.00', capitals: '人民币陆拾元整' },
      { party: c, cleared: '¥ 60.00', capitals: '人民币陆拾元整' },
    ];
    for (const [i, { party, cleared, capitals }] of expected.entries()) {
      const p = await openSignedIn(e2e, party.token, STEP_MS);
      await p.page.goto('/payment/interlinkingManagement');
      const row = pane(p.page).locator('tr.ant-table-row', { hasText: '180.00' }).first();
      await row.waitFor({ timeout: STEP_MS });
      if (i === 0) await shot(p.page, 'clearing-participant-runs', { fullPage: true });
      // Waiting before the click: a navigation that lands before the wait starts is still seen.
      await Promise.all([
        p.page.waitForURL((url) => url.pathname === '/Interconnectedsingle', { timeout: STEP_MS }),
        row.locator('a[href^="/Interconnectedsingle"]').click(),
      ]);
      await p.page.getByTestId('receipt-amount').waitFor({ timeout: STEP_MS });
      expect(await testIdText(p.page, 'receipt-amount')).toBe(cleared);
      expect(await testIdText(p.page, 'receipt-capitals')).toBe(capitals);
      expect(await testIdText(p.page, 'receipt-payer')).toBe(party.name);
      expect(await testIdText(p.page, 'receipt-run-bills')).toContain('互联旅程合同');
      await shot(p.page, `clearing-receipt-${i}`, { fullPage: true });
      if (i === 0) {
        // Nothing stayed unsettled: the invalid page says so; then the runs page in English.
        await p.page.goto('/contractUpdate/invalid');
        await pane(p.page).locator('.ant-empty').waitFor({ timeout: STEP_MS });
        await shot(p.page, 'clearing-invalid-empty', { fullPage: true });
        await p.page.goto('/payment/interlinkingManagement');
        await p.page.getByText('English', { exact: true }).click();
        await pane(p.page).getByText('Amount cleared (CNY)').first().waitFor({ timeout: STEP_MS });
        await shot(p.page, 'clearing-runs-en', { fullPage: true });
      }
      expect(p.errors, `${party.name} page errors`).toEqual([]);
      await p.context.close();
    }
    expect(ops.errors, 'ops page errors').toEqual([]);
  });
});
