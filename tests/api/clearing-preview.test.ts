// "What netting would do for me now" (issue 31 item 5) over the API: a participant of the mutual
// service previews a clearing run on the bills open now, by counterparty; ops preview every
// participant; nothing is written; an account outside the service is refused; then a run clears
// and settles what the preview said.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import type { ClearingPreview } from '../../src/shared/clearingPreview';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World, type Party } from '../support/world';

const OPS = { phone: '13800000317', password: 'Admin#Preview2026' };

describe.skipIf(!dbAvailable)('clearing preview: a dry run of mutual netting', { timeout: 300_000 }, () => {
  let s: TestServer;
  let world: World;
  let A: Party, B: Party, C: Party, X: Party;
  const bills: Record<string, ResourceRecord> = {};
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    // The day's daily run, taken now (the scheduler would run it at any tick past 02:00 China
    // time): no run but the test's own clears the bills between the preview and the run.
    expect((await s.call<{ result: boolean }>('POST', '/api/dev/tasks/settlement.dailyClearing', { token: await world.ops() })).body.data.result).toBe(true);
    const participant = async (name: string, balance?: string) => {
      const party = await world.party({ name, approved: true, ...(balance ? { balance } : {}) });
      expect((await s.call('POST', '/api/system/users/openMutual', { token: party.token })).status).toBe(200);
      return party;
    };
    [A, B, C] = [await participant('预览甲有限公司', '100000.00'), await participant('预览乙有限公司', '100000.00'), await participant('预览丙有限公司', '100000.00')];
    X = await world.party({ name: '预览无关有限公司', approved: true });
    // A cycle: A owes B 1,000.00, B owes C 800.00, C owes A 600.00.
    bills.ab = await world.bill({ state: 'confirmed', payer: A, payee: B, amount: '1000.00' });
    bills.bc = await world.bill({ state: 'confirmed', payer: B, payee: C, amount: '800.00' });
    bills.ca = await world.bill({ state: 'confirmed', payer: C, payee: A, amount: '600.00' });
  }, 300_000);
  afterAll(() => s?.close());

  const preview = (who: { token: string }) => s.call<ClearingPreview>('GET', '/api/settlement/clearing-preview', { token: who.token });

  it('shows a participant its side by counterparty, and ops every participant, writing nothing', async () => {
    const mine = await preview(A);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    // 600.00 of each bill cancels in the cycle; A's 400.00 left to B is paid from its balance.
    expect(mine.body.data).toMatchObject({ billsIn: 3, amountIn: '2400.00', amountCleared: '1800.00' });
    expect(mine.body.data.parties).toHaveLength(1);
    const a = mine.body.data.parties[0];
    expect(a).toMatchObject({ accountId: A.accountId, payable: '1000.00', receivable: '600.00', cleared: '600.00', netPosition: '-400.00', settled: '-400.00', unsettled: '0.00' });
    const byName = Object.fromEntries(a.counterparties.map((c) => [c.name, c]));
    expect(byName['预览乙有限公司']).toMatchObject({ payable: '1000.00', receivable: '0.00', cleared: '600.00', settled: '400.00', remaining: '0.00' });
    expect(byName['预览丙有限公司']).toMatchObject({ payable: '0.00', receivable: '600.00', cleared: '600.00', settled: '0.00', remaining: '0.00' });

    const all = await preview({ token: await world.ops() });
    expect(all.status).toBe(200);
    expect(all.body.data.parties.map((p) => [p.name, p.netPosition]).sort()).toEqual([['预览丙有限公司', '200.00'], ['预览乙有限公司', '200.00'], ['预览甲有限公司', '-400.00']].sort());
    // Nothing was written: the bills are as open as before.
    const opsToken = await world.ops();
    for (const b of Object.values(bills)) expect((await s.call<ResourceRecord>('GET', `/api/r/bills/${b.id}`, { token: opsToken })).body.data.openAmount).toBe(b.openAmount);
    // An account outside the mutual service is told why.
    const outside = await preview(X);
    expect(outside.status).toBe(403);
    expect(outside.body.msg).toBe('仅开通互联互通服务的账户可以预览互联结算');
  });

  it('a run then clears and settles what the preview said', async () => {
    const before = (await preview(B)).body.data;
    const run = await s.call<{ amountCleared: string; amountSettled: string }>('POST', '/api/settlement/clearing-runs', { token: await world.ops(), body: {}, headers: { 'Idempotency-Key': randomUUID() } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.data).toMatchObject({ amountCleared: before.amountCleared, amountSettled: before.amountSettled });
    // Nothing is left to clear: the next preview is empty.
    expect((await preview(B)).body.data).toMatchObject({ billsIn: 0, amountCleared: '0.00', parties: [] });
  });
});
