// Chain-aware clearing runs over the API (issue 31 item 4, DESIGN §9), on both databases: an
// account's consent to chains (GET/PUT /api/settlement/chain-consent: owner only, mutual service
// first, off by default); a run passes part of A's bill to B on to C where B and C consented (the
// same split as a part passed on by hand: a child bill held by C), B discharged on both sides, A
// owing the same total, the ledger invariants (billFamilies included) holding and the audit
// recomputing the run, as the preview said it would; without consent, or for a bill past its due
// day, or while its payer has an objection open on its contract, only cycles are cleared; the daily
// job passes bills on as ops' runs do;
// the run's page shows the shares cleared in cycles, along chains and from balances.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { BillFamilyNode } from '../../src/shared/billFamily';
import type { ClearingPreview } from '../../src/shared/clearingPreview';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { bills as billsTable, clearingRuns, resourceEvents, resourceRecords, users } from '../../src/server/db/schema';
import { runDailyClearing } from '../../src/server/domains/settlement/clearingJob';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { createRecord } from '../../src/server/resources/moves';
import type { Db } from '../../src/server/db/client';
import { fund, money } from '../support/funds';
import { loginPassword } from '../support/flows';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { tradingParty, type TradingParty } from '../support/trading';

type Consent = { allowed: boolean; allowedAt: string | null };

describe.skipIf(!dbAvailable)('clearing runs: bills passed on along chains', { timeout: 240_000 }, () => {
  let s: TestServer;
  let ops: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000073', ADMIN_PASSWORD: 'Admin#2026' });
    ops = (await loginPassword(s, '13800000073', 'Admin#2026')).body.data.access_token;
  }, 240_000);
  afterAll(() => s?.close());

  const db = () => s.ctx.db as unknown as Db;
  const consent = (token: string) => s.call<Consent>('GET', '/api/settlement/chain-consent', { token });
  const allow = (token: string, allowed: boolean) => s.call<Consent>('PUT', '/api/settlement/chain-consent', { token, body: { allowed } });
  /** An approved account that opened the mutual service, and allowed chains when `chains`. */
  const participant = async (name: string, chains: boolean) => {
    const party = await tradingParty(s, name);
    expect((await s.call('POST', '/api/system/users/openMutual', { token: party.token })).status).toBe(200);
    if (chains) expect((await allow(party.token, true)).body.data.allowed).toBe(true);
    return party;
  };
  /** A confirmed bill (the fixture a confirmation with an SMS code would leave). */
  const confirmedBill = async (payer: TradingParty, payee: TradingParty, amount: string, dueDay = '2099-12-31') => {
    const now = s.clock.now();
    return db().transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const data = { contractId: randomUUID(), contractTitle: `沿链测试 ${payer.name}→${payee.name}`, payerName: payer.name, payeeName: payee.name, origin: 'issued', amount, paidAmount: '0.00', clearedAmount: '0.00', openAmount: amount, dueDay };
      const [owner] = await tx.select().from(users).where(eq(users.accountId, payee.accountId)).limit(1);
      const row = await createRecord(tx, s.ctx.resources.get('bills')!, s.ctx.resources, { accountId: payee.accountId, mover: { userId: owner.id, accountId: payee.accountId }, data, now, parties: { payer: payer.accountId, payee: payee.accountId } });
      await tx.update(resourceRecords).set({ state: 'confirmed' }).where(eq(resourceRecords.id, row.id));
      return row.id;
    });
  };
  const bill = async (who: { token: string }, id: string) => (await s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: who.token })).body.data;
  const start = () => money<Record<string, string | number>>(s, ops, '/api/settlement/clearing-runs');
  const audit = (runId: string) => s.call<{ ok: boolean; problems: string[]; storedCleared: string; recomputedCleared: string }>('GET', `/api/settlement/clearing-runs/${runId}/audit`, { token: ops });
  const sound = async () => {
    const result = await checkLedger(db(), s.ctx.ledgerInvariants);
    expect(result).toMatchObject({ billOpenAmounts: [], billFamilies: [] });
    expect(ledgerSound(result)).toBe(true);
  };

  it('keeps the consent beside the mutual service: off by default, the owner only, the service first', async () => {
    const owner = await tradingParty(s, '沿链同意有限公司');
    expect((await consent(owner.token)).body.data).toEqual({ allowed: false, allowedAt: null });
    const early = await allow(owner.token, true);
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('请先开通互诺服务，再允许互联结算沿链转让账单');
    expect((await s.call('POST', '/api/system/users/openMutual', { token: owner.token })).status).toBe(200);
    const operator = await addOperator(s, owner.phone, 'finance');
    expect((await allow(operator.token, true)).status).toBe(403);
    expect((await allow(ops, true)).status).toBe(403);
    expect((await s.call('PUT', '/api/settlement/chain-consent', { token: owner.token, body: { allowed: 'yes' } })).status).toBe(400);
    expect((await consent(owner.token)).body.data.allowed).toBe(false);

    const allowed = await allow(owner.token, true);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.allowed).toBe(true);
    // Allowing again keeps the first time; the operator reads the account's consent.
    expect((await allow(owner.token, true)).body.data.allowedAt).toBe(allowed.body.data.allowedAt);
    expect((await consent(operator.token)).body.data).toEqual(allowed.body.data);
    expect((await allow(owner.token, false)).body.data).toEqual({ allowed: false, allowedAt: null });
  });

  let a: TradingParty, b: TradingParty, c: TradingParty;
  let ab: string, bc: string;

  it('passes part of A’s bill to B on to C where B and C consented: B is discharged on both sides and A owes the same total', async () => {
    a = await participant('沿链甲有限公司', false);
    b = await participant('沿链乙有限公司', true);
    c = await participant('沿链丙有限公司', true);
    ab = await confirmedBill(a, b, '100.00');
    bc = await confirmedBill(b, c, '60.00');
    // The preview says what the run then does: 60.00 discharged along the chain, B's debt to C with it.
    const preview = await s.call<ClearingPreview>('GET', '/api/settlement/clearing-preview', { token: b.token });
    expect(preview.body.data).toMatchObject({ amountCleared: '0.00', amountChained: '60.00' });
    expect(preview.body.data.parties[0]).toMatchObject({ name: '沿链乙有限公司', payable: '60.00', receivable: '100.00', cleared: '60.00' });
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ billsIn: 2, participants: 3, amountIn: '160.00', amountCleared: '0.00', amountChained: '60.00', amountPassed: '60.00', amountSettled: '0.00' });

    // A's bill to B is split: 60.00 of it is now a child bill held by C; B's bill to C is written down.
    expect(await bill(a, ab)).toMatchObject({ state: 'confirmed', amount: '40.00', openAmount: '40.00' });
    expect(await bill(b, bc)).toMatchObject({ state: 'paid', clearedAmount: '60.00', openAmount: '0.00' });
    const family = (await s.call<BillFamilyNode>('GET', `/api/settlement/bills/${ab}/family`, { token: a.token })).body.data;
    expect(family.children).toHaveLength(1);
    expect(family.children[0]).toMatchObject({ holder: '沿链丙有限公司', payer: '沿链甲有限公司', amount: '60.00', openAmount: '60.00', state: 'confirmed', dueDay: '2099-12-31' });
    const child = await bill(c, family.children[0].billId);
    expect(child).toMatchObject({ origin: 'passedOn', parentBillId: ab, payeeName: '沿链丙有限公司', amount: '60.00' });

    // A owes the same 100.00 (40 to B, 60 to C); B owes nothing and is owed 40; C is owed 60 by A instead of B.
    const [money] = await s.ctx.db.select().from(billsTable).where(eq(billsTable.recordId, family.children[0].billId));
    expect([money.payerAccountId, money.payeeAccountId, money.parentBillId, money.rootBillId]).toEqual([a.accountId, c.accountId, ab, ab]);
    const payables = await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?pageSize=50', { token: a.token });
    expect(payables.body.data.records.filter((r) => r.state !== 'paid').map((r) => r.openAmount).sort()).toEqual(['40.00', '60.00']);
    await sound();

    const checked = await audit(String(started.body.data.runId));
    expect(checked.body.data).toMatchObject({ ok: true, problems: [], storedCleared: '60.00', recomputedCleared: '60.00' });

    // The run's page: shares of the amount in cleared in cycles, along chains and from balances.
    const runs = await s.call<Page<ResourceRecord>>('GET', '/api/r/clearingRuns?pageSize=10', { token: ops });
    const shown = runs.body.data.records.find((r) => r.runId === started.body.data.runId)!;
    expect(shown).toMatchObject({ amountChained: '60.00', amountPassed: '60.00', amountDischarged: '0.00', shareCycles: '0.0', shareChains: '37.5', shareSettled: '0.0' });
    const mine = await s.call<Page<ResourceRecord>>('GET', '/api/r/clearingRuns?pageSize=10', { token: b.token });
    expect(mine.body.data.records[0]).toMatchObject({ participantName: '沿链乙有限公司', ownChained: '60.00', ownCleared: '0.00' });
  });

  it('clears only cycles where the middle or the end did not consent, and passes on no bill past its due day', async () => {
    const e = await participant('沿链戊有限公司', true);
    const f = await participant('沿链己有限公司', false);
    const g = await participant('沿链庚有限公司', true);
    const h = await participant('沿链辛有限公司', false);
    // F, the middle of E -> F -> G, did not consent; H, the end of F -> G -> H, did not either.
    const ef = await confirmedBill(e, f, '50.00');
    const fg = await confirmedBill(f, g, '30.00');
    const ge = await confirmedBill(g, e, '10.00');
    const gh = await confirmedBill(g, h, '20.00');
    // J -> K -> L all consented, but J's bill to K is past its due day.
    const j = await participant('沿链壬有限公司', true);
    const k = await participant('沿链癸有限公司', true);
    const l = await participant('沿链子有限公司', true);
    const jk = await confirmedBill(j, k, '20.00', '2000-01-01');
    const kl = await confirmedBill(k, l, '20.00');
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.data).toMatchObject({ amountCleared: '30.00', amountChained: '0.00', amountPassed: '0.00' });
    // The cycle E -> F -> G -> E clears 10 on each of its bills; nothing else moves.
    expect(await bill(e, ef)).toMatchObject({ clearedAmount: '10.00', openAmount: '40.00', amount: '50.00' });
    expect(await bill(f, fg)).toMatchObject({ clearedAmount: '10.00', openAmount: '20.00', amount: '30.00' });
    expect(await bill(g, ge)).toMatchObject({ state: 'paid', clearedAmount: '10.00' });
    expect(await bill(g, gh)).toMatchObject({ clearedAmount: '0.00', openAmount: '20.00' });
    expect(await bill(j, jk)).toMatchObject({ amount: '20.00', openAmount: '20.00' });
    expect(await bill(k, kl)).toMatchObject({ clearedAmount: '0.00', openAmount: '20.00' });
    // A's bill to B (B consented, but owes nobody now) stays as the first run left it.
    expect(await bill(a, ab)).toMatchObject({ amount: '40.00', openAmount: '40.00' });
    for (const id of [ef, fg, jk]) expect(await s.ctx.db.select().from(billsTable).where(eq(billsTable.parentBillId, id))).toEqual([]);
    await sound();
    expect((await audit(String(started.body.data.runId))).body.data).toMatchObject({ ok: true, problems: [] });
  });

  it('settles from balances what chains leave: the shares add up on the run’s page', async () => {
    const p = await participant('沿链丑有限公司', false);
    const q = await participant('沿链寅有限公司', true);
    const r = await participant('沿链卯有限公司', true);
    await fund(s, p, ops, '500.00');
    const pq = await confirmedBill(p, q, '30.00');
    const qr = await confirmedBill(q, r, '30.00');
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // All of P's bill is passed on (it ends passedOn, the part held by R); P's balance settles the part.
    expect(started.body.data).toMatchObject({ amountChained: '30.00', amountPassed: '30.00' });
    expect(await bill(q, qr)).toMatchObject({ state: 'paid', openAmount: '0.00' });
    expect(await bill(p, pq)).toMatchObject({ state: 'passedOn', amount: '0.00', openAmount: '0.00' });
    const [part] = await s.ctx.db.select().from(billsTable).where(eq(billsTable.parentBillId, pq));
    expect(await bill(p, part.recordId)).toMatchObject({ state: 'paid', amount: '30.00', payeeName: '沿链卯有限公司' });
    await sound();
    // Discharged from P's balance: the part R now holds (30.00).
    const runs = await s.call<Page<ResourceRecord>>('GET', '/api/r/clearingRuns?pageSize=10', { token: ops });
    const shown = runs.body.data.records.find((x) => x.runId === started.body.data.runId)!;
    const share = (yuan: string) => ((Number(yuan) * 100) / Number(started.body.data.amountIn)).toFixed(1);
    expect(shown).toMatchObject({ amountDischarged: '30.00', shareChains: share('30.00'), shareSettled: share('30.00'), shareCycles: '0.0' });
    // A bill passed on whole is in no later run: nothing of it is open.
    const again = await start();
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const [next] = await s.ctx.db.select({ input: clearingRuns.input }).from(clearingRuns).where(eq(clearingRuns.id, String(again.body.data.runId)));
    expect((next.input as { id: string }[]).map((b) => b.id)).not.toContain(pq);
    expect((await bill(p, pq)).state).toBe('passedOn');
    expect((await audit(String(started.body.data.runId))).body.data).toMatchObject({ ok: true });
  });

  it('the daily job passes bills on too: its children are made for the user that made their parent', async () => {
    const u = await participant('沿链辰有限公司', false);
    const v = await participant('沿链巳有限公司', true);
    const w = await participant('沿链午有限公司', true);
    const uv = await confirmedBill(u, v, '80.00');
    await confirmedBill(v, w, '50.00');
    // 08:00 in China on a day no run took yet.
    expect(await runDailyClearing(s.ctx, new Date('2026-12-01T00:00:00.000Z'), false)).toBe(true);
    const [child] = await s.ctx.db.select().from(billsTable).where(eq(billsTable.parentBillId, uv));
    expect([child.payerAccountId, child.payeeAccountId, child.amountFen]).toEqual([u.accountId, w.accountId, 50_00n]);
    const [parent] = await s.ctx.db.select().from(resourceRecords).where(eq(resourceRecords.id, uv));
    const [record] = await s.ctx.db.select().from(resourceRecords).where(eq(resourceRecords.id, child.recordId));
    expect(record.createdBy).toBe(parent.createdBy);
    await sound();
  });

  it('neither passes on nor writes down a bill whose payer has an objection open on its contract', async () => {
    const x = await participant('沿链未有限公司', false);
    const y = await participant('沿链申有限公司', true);
    const z = await participant('沿链酉有限公司', true);
    // X disputes the delivery of the contract of its bill to Y: an objection open, X the buyer.
    const xy = await confirmedBill(x, y, '40.00');
    const [money] = await s.ctx.db.select().from(billsTable).where(eq(billsTable.recordId, xy));
    await db().transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const [owner] = await tx.select().from(users).where(eq(users.accountId, x.accountId)).limit(1);
      await createRecord(tx, s.ctx.resources.get('contracts')!, s.ctx.resources, {
        accountId: x.accountId,
        mover: { userId: owner.id, accountId: x.accountId },
        data: { title: '沿链异议合同' },
        now: s.clock.now(),
        parties: { buyer: x.accountId, seller: y.accountId },
      }).then((row) => tx.update(resourceRecords).set({ state: 'objection' }).where(eq(resourceRecords.id, row.id)).then(() => tx.update(billsTable).set({ contractId: row.id }).where(eq(billsTable.recordId, money.recordId))));
    });
    const yz = await confirmedBill(y, z, '40.00');
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await bill(x, xy)).toMatchObject({ amount: '40.00', openAmount: '40.00' });
    expect(await bill(y, yz)).toMatchObject({ clearedAmount: '0.00', openAmount: '40.00' });
    expect(await s.ctx.db.select().from(billsTable).where(eq(billsTable.parentBillId, xy))).toEqual([]);
    await sound();
  });
  it('splits one bill twice in a run, all parts at once: a split event per part, each child made and received, the family whole', async () => {
    const p = await participant('沿链午有限公司', false);
    const q = await participant('沿链未有限公司', true);
    const r = await participant('沿链申甲有限公司', true);
    const t = await participant('沿链申乙有限公司', true);
    // Q is owed 100.00 by P and owes R 30.00 and T 40.00: P's bill goes on to both, in two parts.
    const pq = await confirmedBill(p, q, '100.00');
    const qr = await confirmedBill(q, r, '30.00');
    const qt = await confirmedBill(q, t, '40.00');
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await bill(p, pq)).toMatchObject({ state: 'confirmed', amount: '30.00', openAmount: '30.00' });
    expect(await bill(q, qr)).toMatchObject({ state: 'paid', clearedAmount: '30.00' });
    expect(await bill(q, qt)).toMatchObject({ state: 'paid', clearedAmount: '40.00' });
    const family = (await s.call<BillFamilyNode>('GET', `/api/settlement/bills/${pq}/family`, { token: p.token })).body.data;
    expect(family.children.map((c) => [c.holder, c.amount, c.state]).sort()).toEqual([
      ['沿链申乙有限公司', '40.00', 'confirmed'],
      ['沿链申甲有限公司', '30.00', 'confirmed'],
    ]);
    // The parent's history: one split per part, each naming the run, its chain and the amount passed on.
    const events = await s.ctx.db
      .select({ recordId: resourceEvents.recordId, action: resourceEvents.action, from: resourceEvents.fromState, to: resourceEvents.toState, input: resourceEvents.input, version: resourceEvents.version })
      .from(resourceEvents)
      .where(inArray(resourceEvents.recordId, [pq, ...family.children.map((c) => c.billId)]))
      .orderBy(resourceEvents.version);
    const splits = events.filter((e) => e.recordId === pq && e.action === 'split');
    expect(splits.map((e) => [e.input.passAmount, e.input.runId]).sort()).toEqual([
      ['30.00', started.body.data.runId],
      ['40.00', started.body.data.runId],
    ]);
    expect(splits.map((e) => e.version)).toEqual([2, 3]);
    expect(splits.every((e) => e.from === 'confirmed' && e.to === 'confirmed')).toBe(true);
    for (const child of family.children) {
      const own = events.filter((e) => e.recordId === child.billId);
      expect(own.map((e) => [e.action, e.from, e.to, e.version])).toEqual([
        ['create', null, 'pendingConfirmation', 1],
        ['receive', 'pendingConfirmation', 'confirmed', 2],
      ]);
      expect(own[1].input).toMatchObject({ runId: started.body.data.runId, via: [q.accountId, child.holder === '沿链申甲有限公司' ? r.accountId : t.accountId] });
    }
    await sound();
  });

  it('passes one bill on whole in two parts of a run: the first split leaves it confirmed, the second passedOn with nothing left on it', async () => {
    const p = await participant('沿链酉有限公司', false);
    const q = await participant('沿链戌有限公司', true);
    const r = await participant('沿链亥甲有限公司', true);
    const t = await participant('沿链亥乙有限公司', true);
    // Q is owed 70.00 by P and owes R 30.00 and T 40.00: all of P's bill goes on, in two parts.
    const pq = await confirmedBill(p, q, '70.00');
    await confirmedBill(q, r, '30.00');
    await confirmedBill(q, t, '40.00');
    const started = await start();
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(await bill(p, pq)).toMatchObject({ state: 'passedOn', amount: '0.00', openAmount: '0.00' });
    const family = (await s.call<BillFamilyNode>('GET', `/api/settlement/bills/${pq}/family`, { token: p.token })).body.data;
    expect(family.children.map((c) => [c.holder, c.amount, c.state]).sort()).toEqual([
      ['沿链亥乙有限公司', '40.00', 'confirmed'],
      ['沿链亥甲有限公司', '30.00', 'confirmed'],
    ]);
    const splits = await s.ctx.db
      .select({ from: resourceEvents.fromState, to: resourceEvents.toState, version: resourceEvents.version })
      .from(resourceEvents)
      .where(and(eq(resourceEvents.recordId, pq), eq(resourceEvents.action, 'split')))
      .orderBy(resourceEvents.version);
    expect(splits.map((e) => [e.from, e.to])).toEqual([
      ['confirmed', 'confirmed'],
      ['confirmed', 'passedOn'],
    ]);
    await sound();
  });
});
