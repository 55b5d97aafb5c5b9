// Issue 28, item 5: a net settlement in an account's flows is named (not the code
// nettingSettlement) and its business link is the participant's own record of the clearing run,
// which it may open, not ops' record of the run (a 403 page). Bills confirmed through the API in
// a cycle A→B→C→A, one run by ops; on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { recordConsolePath, recordRoutes } from '../../src/shared/resources/recordPath';
import { MENU, getVariant } from '../../src/shared/menu';
import { REPO_DEFINITIONS } from '../support/consolePaths';
import { fund, money, signedContract } from '../support/funds';
import { loginPassword } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { tradingParty, type TradingParty } from '../support/trading';
import { storedCode } from '../support/smsCodes';

describe.skipIf(!dbAvailable)('a net settlement in the account flows', { timeout: 240_000 }, () => {
  let s: TestServer;
  let ops: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000282', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000282', 'Admin#2026')).body.data.access_token;
  }, 240_000);
  afterAll(() => s?.close());

  const code = (phone: string) => storedCode(s.ctx.db, s.clock.now(), phone);
  const participant = async (name: string) => {
    const party = await tradingParty(s, name);
    expect((await s.call('POST', '/api/system/users/openMutual', { token: party.token })).status).toBe(200);
    return party;
  };
  /** A bill the payee issues under a contract the payer buys under, confirmed by the payer. */
  const confirmedBill = async (payer: TradingParty, payee: TradingParty, amount: string) => {
    s.clock.advance(6 * 3600_000);
    const contract = await signedContract(s, payer, payee, `净额流水合同 ${payer.name}→${payee.name}`);
    const issued = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: payee.token, body: { contractId: contract.id, amount, dueDay: '2099-12-31' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const confirmed = await money(s, payer.token, `/api/r/bills/${issued.body.data.id}/actions/confirm`, { smsCode: await code(payer.phone) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  };

  it('names the line and links the run as the participant opens it', async () => {
    const a = await participant('净额流水甲有限公司');
    const b = await participant('净额流水乙有限公司');
    const c = await participant('净额流水丙有限公司');
    await fund(s, a, ops, '1000.00');
    await confirmedBill(a, b, '100.00');
    await confirmedBill(b, c, '80.00');
    await confirmedBill(c, a, '60.00');
    const run = await money<Record<string, string | number>>(s, ops, '/api/settlement/clearing-runs');
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ amountCleared: '180.00', amountSettled: '40.00' });

    // A's net -40 goes out to the others (B +20, C +20): lines of kind nettingSettlement.
    const flows = await s.call<Page<ResourceRecord>>('GET', '/api/r/accountFlows?pageSize=50', { token: a.token });
    const lines = flows.body.data.records.filter((f) => f.kind === 'nettingSettlement');
    expect(lines.map((l) => [l.direction, l.amount]), JSON.stringify(flows.body.data.records.map((f) => f.kind))).toEqual([
      ['out', '20.00'],
      ['out', '20.00'],
    ]);
    const business = lines[0].business as { resource: string; id: string };
    expect(lines[1].business).toEqual(business);
    const mine = (await s.call<Page<ResourceRecord>>('GET', '/api/r/clearingRuns?pageSize=10', { token: a.token })).body.data.records;
    expect(business).toMatchObject({ resource: 'clearingRuns', id: mine[0].id });
    expect(business.id).not.toBe(run.body.data.runId);
    // A may open it; ops' record of the run is not A's.
    expect((await s.call('GET', `/api/r/clearingRuns/${business.id}`, { token: a.token })).status).toBe(200);
    expect((await s.call('GET', `/api/r/clearingRuns/${String(run.body.data.runId)}`, { token: a.token })).status).not.toBe(200);
    // And the console opens it at the run's detail page of either variant, not /ops/clearingRuns.
    for (const variant of ['main', 'xhn']) {
      const path = recordConsolePath(recordRoutes(MENU, REPO_DEFINITIONS, getVariant(variant)), { resource: 'clearingRuns', id: business.id, viewer: { accountId: a.accountId, ops: false } });
      expect(path, variant).toBe(`/payment/interlinkingDetails?id=${business.id}`);
    }
  });
});
