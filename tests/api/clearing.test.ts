// Mutual netting's clearing runs over the API (issue 18, DESIGN §9), on both databases: a cycle
// of three accounts clears its largest circulation, the bills are written down and the remaining
// net positions settled wallet to wallet; what a short balance leaves unsettled is listed; who
// may start a run and see which runs; the daily job run twice at once runs once; a run beside
// payments keeps the ledger's invariants; a stored run recomputes to the same answer.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ReceiptView } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { fenToYuan } from '../../src/shared/money';
import { clearingRuns, resourceRecords, users } from '../../src/server/db/schema';
import { runClearing } from '../../src/server/domains/settlement/clearing';
import { runDailyClearing } from '../../src/server/domains/settlement/clearingJob';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { createRecord } from '../../src/server/resources/moves';
import type { Db } from '../../src/server/db/client';
import { fund, money, wallet } from '../support/funds';
import { loginPassword } from '../support/flows';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';
import { tradingParty, type TradingParty } from '../support/trading';
import { storedCode } from '../support/smsCodes';


describe.skipIf(!dbAvailable)('clearing runs: mutual netting end to end', { timeout: 240_000 }, () => {
  let s: TestServer;
  let ops: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000071', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000071', 'Admin#2026')).body.data.access_token;
  }, 240_000);
  afterAll(() => s?.close());

  const db = () => s.ctx.db as unknown as Db;
  /** An approved account that opened the mutual service (POST /system/users/openMutual). */
  const participant = async (name: string, funds?: string) => {
    const party = await tradingParty(s, name);
    expect((await s.call('POST', '/api/system/users/openMutual', { token: party.token })).status).toBe(200);
    if (funds) await fund(s, party, ops, funds);
    return party;
  };
  /** A confirmed bill (the fixture a confirmation with an SMS code would leave). */
  const confirmedBill = async (payer: TradingParty, payee: TradingParty, amount: string) => {
    const now = s.clock.now();
    return db().transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const data = { contractId: randomUUID(), contractTitle: `互联结算测试 ${payer.name}→${payee.name}`, payerName: payer.name, payeeName: payee.name, origin: 'issued', amount, paidAmount: '0.00', clearedAmount: '0.00', openAmount: amount, dueDay: '2099-12-31' };
      const [owner] = await tx.select().from(users).where(eq(users.accountId, payee.accountId)).limit(1);
      const row = await createRecord(tx, s.ctx.resources.get('bills')!, s.ctx.resources, { accountId: payee.accountId, mover: { userId: owner.id, accountId: payee.accountId }, data, now, parties: { payer: payer.accountId, payee: payee.accountId } });
      await tx.update(resourceRecords).set({ state: 'confirmed' }).where(eq(resourceRecords.id, row.id));
      return row.id;
    });
  };
  const bill = async (who: { token: string }, id: string) => (await s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: who.token })).body.data;
  const start = (token: string) => money<Record<string, string | number>>(s, token, '/api/settlement/clearing-runs');
  const runs = (token: string, resource = 'clearingRuns') => s.call<Page<ResourceRecord>>('GET', `/api/r/${resource}?pageSize=100`, { token });
  const sound = async () => {
    const result = await checkLedger(db(), s.ctx.ledgerInvariants);
    expect(result).toMatchObject({ billOpenAmounts: [] });
    expect(ledgerSound(result)).toBe(true);
  };

  let a: TradingParty, b: TradingParty, c: TradingParty;
  let cycle: string[];

  it('clears the largest circulation of a cycle A→B→C→A, writes the bills down and settles the net positions', async () => {
    a = await participant('互联甲有限公司', '1000.00');
    b = await participant('互联乙有限公司');
    c = await participant('互联丙有限公司');
    cycle = [await confirmedBill(a, b, '100.00'), await confirmedBill(b, c, '80.00'), await confirmedBill(c, a, '60.00')];
    const started = await start(ops);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // 60 cancels around the cycle (3 x 60); A's remaining 40 to B and B's 20 to C net to A -40, B +20, C +20.
    expect(started.body.data).toMatchObject({ billsIn: 3, participants: 3, amountIn: '240.00', amountCleared: '180.00', amountSettled: '40.00', amountUnsettled: '0.00', transfers: 2 });
    expect(await bill(a, cycle[0])).toMatchObject({ state: 'paid', clearedAmount: '100.00', openAmount: '0.00' });
    expect(await bill(b, cycle[1])).toMatchObject({ state: 'paid', clearedAmount: '80.00', openAmount: '0.00' });
    expect(await bill(c, cycle[2])).toMatchObject({ state: 'paid', clearedAmount: '60.00', openAmount: '0.00' });
    expect((await wallet(s, a.token)).available).toBe('960.00');
    expect((await wallet(s, b.token)).available).toBe('20.00');
    expect((await wallet(s, c.token)).available).toBe('20.00');
    await sound();
    // Each participant sees its run with its own figures and its receipt; ops see the run.
    const mine = (await runs(a.token)).body.data.records;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ runId: started.body.data.runId, participantName: '互联甲有限公司', netPosition: '-40.00', settledAmount: '-40.00', ownCleared: '60.00', payable: '100.00', receivable: '60.00', amountCleared: '180.00' });
    expect(String(mine[0].receipt)).toMatch(/^\/Interconnectedsingle\?id=/);
    // Its Interconnectedsingle receipt: the run seen by A (its bills, cleared parts, net position), verifiable in public.
    const partyId = String(mine[0].receipt).split('id=')[1];
    const receipt = await s.call<ReceiptView>('GET', `/api/receipts/${partyId}?template=Interconnectedsingle`, { token: a.token });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.data).toMatchObject({ template: 'Interconnectedsingle', amount: '60.00', capitals: '陆拾元整', payer: { name: '互联甲有限公司' }, run: { netPosition: '-40.00', settled: '-40.00' } });
    expect(receipt.body.data.run?.bills.map((x) => [x.payer, x.payee, x.open, x.cleared, x.settled])).toEqual(
      expect.arrayContaining([
        ['互联甲有限公司', '互联乙有限公司', '100.00', '60.00', '40.00'],
        ['互联丙有限公司', '互联甲有限公司', '60.00', '60.00', '0.00'],
      ]),
    );
    expect(receipt.body.data.verifyUrl).toContain('template=Interconnectedsingle');
    expect((await s.call('GET', `/api/receipts/${partyId}?template=Interconnectedsingle`, { token: b.token })).status).toBe(404);
    expect((await s.call<{ genuine: boolean }>('GET', `/api/public/receipts/${partyId}?template=Interconnectedsingle`)).body.data).toMatchObject({ genuine: true, amount: '60.00' });
    const opsRuns = (await runs(ops)).body.data.records;
    expect(opsRuns.find((r) => r.id === started.body.data.runId)).toMatchObject({ billsIn: 3, amountIn: '240.00', amountCleared: '180.00' });
    expect(opsRuns.find((r) => r.id === started.body.data.runId)?.participantName).toBeUndefined();
    // The stored run recomputes to the same answer.
    const audit = await s.call<{ ok: boolean; storedCleared: string }>('GET', `/api/settlement/clearing-runs/${started.body.data.runId}/audit`, { token: ops });
    expect(audit.body.data).toMatchObject({ ok: true, storedCleared: '180.00' });
  });

  it('prints the settlement transfers as HLSolution receipts with figures and capitals', async () => {
    const flows = await s.call<Page<ResourceRecord>>('GET', '/api/r/accountFlows?kind=nettingSettlement', { token: b.token });
    const transferId = flows.status === 200 ? String(flows.body.data.records[0]?.transferId ?? '') : '';
    const [run] = await s.ctx.db.select().from(clearingRuns).orderBy(clearingRuns.startedAt).limit(1);
    const transfers = (run.solution as { transfers: { transferId: string; to: string }[] }).transfers;
    const toB = transferId || transfers.find((t) => t.to === b.accountId)!.transferId;
    const receipt = await s.call<ReceiptView>('GET', `/api/receipts/${toB}?template=HLSolution`, { token: b.token });
    expect(receipt.status, JSON.stringify(receipt.body)).toBe(200);
    expect(receipt.body.data).toMatchObject({ template: 'HLSolution', amount: '20.00', capitals: '贰拾元整' });
    expect((await s.call('GET', `/api/receipts/${toB}?template=HLSolution`, { token: (await tradingParty(s, '互联无关有限公司')).token })).status).toBe(404);
  });

  it('lists what a short balance leaves unsettled, and keeps those bills open', async () => {
    const d = await participant('互联丁有限公司');
    const e = await participant('互联戊有限公司');
    const f = await participant('互联己有限公司');
    const ids = [await confirmedBill(d, e, '100.00'), await confirmedBill(e, f, '50.00'), await confirmedBill(f, d, '30.00')];
    const started = await start(ops);
    expect(started.body.data).toMatchObject({ billsIn: 3, amountCleared: '90.00', amountSettled: '0.00', amountUnsettled: '90.00' });
    expect(await bill(d, ids[0])).toMatchObject({ state: 'partiallyPaid', clearedAmount: '30.00', openAmount: '70.00' });
    expect(await bill(e, ids[1])).toMatchObject({ state: 'partiallyPaid', clearedAmount: '30.00', openAmount: '20.00' });
    expect(await bill(f, ids[2])).toMatchObject({ state: 'paid', clearedAmount: '30.00' });
    const unsettled = (await runs(d.token, 'clearingUnsettled')).body.data.records;
    expect(unsettled).toHaveLength(1);
    expect(unsettled[0]).toMatchObject({ unsettledReason: 'insufficientBalance', unsettledAmount: '70.00', netPosition: '-70.00', availableAmount: '0.00' });
    expect((await runs(f.token, 'clearingUnsettled')).body.data.records[0]).toMatchObject({ unsettledReason: 'counterpartyUnsettled', unsettledAmount: '20.00' });
    expect((await runs(ops, 'clearingUnsettled')).body.data.records.length).toBeGreaterThanOrEqual(3);
    await sound();
  });

  it('lets only ops start a run; participants, other accounts and operators see only their own runs', async () => {
    const outsider = await tradingParty(s, '互联局外有限公司');
    const before = await s.ctx.db.select().from(clearingRuns);
    expect((await start(a.token)).status).toBe(403);
    expect((await start(outsider.token)).status).toBe(403);
    for (const role of ['finance', 'purchaser', 'viewer', 'seller']) {
      const op = await addOperator(s, a.phone, role);
      expect((await start(op.token)).status, role).toBe(403);
      const seen = await runs(op.token);
      // Operators with the settlement grant read their account's runs; the seller type does not.
      if (seen.status === 200) expect(seen.body.data.records.every((r) => r.participantName === '互联甲有限公司')).toBe(true);
      else expect(seen.status, role).toBe(403);
    }
    expect((await s.ctx.db.select().from(clearingRuns)).length).toBe(before.length);
    expect((await runs(outsider.token)).body.data.records).toEqual([]);
    expect((await s.call('GET', `/api/settlement/clearing-runs/${before[0].id}/audit`, { token: a.token })).status).toBe(403);
    expect((await s.call('GET', `/api/settlement/clearing-runs/not-a-run/audit`, { token: ops })).status).toBe(404);
    expect((await s.call('GET', `/api/settlement/clearing-runs/${randomUUID()}/audit`, { token: ops })).status).toBe(404);
  });

  it('starts a run only with an Idempotency-Key, and a retry with the same key answers the same run', async () => {
    const before = (await s.ctx.db.select().from(clearingRuns)).length;
    const keyless = await s.call('POST', '/api/settlement/clearing-runs', { token: ops, body: {} });
    expect(keyless.status).toBe(400);
    expect(keyless.body.msg).toContain('Idempotency-Key');
    expect((await s.ctx.db.select().from(clearingRuns)).length).toBe(before);
    const key = randomUUID();
    const first = await money<Record<string, string | number>>(s, ops, '/api/settlement/clearing-runs', {}, key);
    const again = await money<Record<string, string | number>>(s, ops, '/api/settlement/clearing-runs', {}, key);
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await s.ctx.db.select().from(clearingRuns)).length).toBe(before + 1);
  });

  it('runs the daily job once when two nodes fire it at once', async () => {
    const noon = new Date('2026-12-01T04:00:00Z');
    const results = await Promise.all([runDailyClearing(s.ctx, noon, false), runDailyClearing(s.ctx, noon, false)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await runDailyClearing(s.ctx, noon, false)).toBe(false);
    expect((await s.ctx.db.select().from(clearingRuns).where(eq(clearingRuns.runDay, '2026-12-01'))).length).toBe(1);
    // Before 02:00 China time the day's job waits.
    expect(await runDailyClearing(s.ctx, new Date('2026-12-01T17:30:00Z'), false)).toBe(false);
  });

  it('keeps the invariants when runs go beside payments of the same bills', async () => {
    const g = await participant('互联庚有限公司', '500.00');
    const h = await participant('互联辛有限公司', '500.00');
    const ids = [await confirmedBill(g, h, '90.00'), await confirmedBill(h, g, '70.00'), await confirmedBill(g, h, '30.00')];
    const code = (phone: string) => storedCode(s.ctx.db, s.clock.now(), phone);
    const pays = [money(s, g.token, `/api/r/bills/${ids[0]}/actions/pay`, { payAmount: '50.00', smsCode: await code(g.phone) }), money(s, h.token, `/api/r/bills/${ids[1]}/actions/pay`, { payAmount: '70.00', smsCode: await code(h.phone) })];
    const [run1, run2, ...paid] = await Promise.all([runClearing(s.ctx, { trigger: 'ops', userId: null, now: s.clock.now() }), runClearing(s.ctx, { trigger: 'ops', userId: null, now: s.clock.now() }), ...pays]);
    expect(run1 && run2).toBeTruthy();
    for (const p of paid) expect([200, 409], JSON.stringify(p.body)).toContain(p.status);
    // Whatever the order, every bill's payments and cleared parts add up and nothing went negative.
    for (const id of ids) {
      const row = await bill(g, id);
      expect(Number(row.openAmount)).toBeGreaterThanOrEqual(0);
      expect(fenToYuan(BigInt(Math.round((Number(row.amount) - Number(row.paidAmount) - Number(row.clearedAmount)) * 100)))).toBe(row.openAmount);
    }
    await sound();
    if (testDbKind === 'postgres') expect(run1!.amountClearedFen + run2!.amountClearedFen).toBeLessThanOrEqual(14_000n);
  });
});
