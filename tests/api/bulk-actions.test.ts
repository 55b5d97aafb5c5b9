// Actions on a selection of records (issue 32 item 3), on both databases: the server counts
// per action how many selected records the caller may take it on; one request runs the action
// on each of them through the one pipeline and answers a result per record (done, or refused
// with the reason), one SMS code confirming a money action for all; the request is idempotent
// as a whole; two bulk payments of the same bills racing pay each bill once, and two of different
// payers whose payees cross both land; the selection may
// be "every record the list matches"; the selected records export.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { WalletView } from '../../src/shared/api';
import { ledgerTransfers } from '../../src/server/db/schema';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World, type Party } from '../support/world';

const OPS = { phone: '13800000331', password: 'Admin#Bulk2026' };

interface BulkAnswer {
  action: string;
  total: number;
  done: number;
  refused: number;
  results: { id: string; status: 'done' | 'refused'; code?: number; reason?: string; record?: ResourceRecord }[];
}

describe.skipIf(!dbAvailable)('bulk actions', { timeout: 300_000 }, () => {
  let s: TestServer;
  let world: World;
  let payer: Party;
  let payee: Party;
  let contractId: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    payer = await world.party({ name: '批量付款买方有限公司', approved: true, balance: '500000.00' });
    payee = await world.party({ name: '批量收款卖方有限公司', approved: true });
    contractId = (await world.contract({ state: 'signed', buyer: payer, seller: payee })).id;
  });
  afterAll(() => s?.close());

  const bill = (id: string, token = payer.token) => s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token }).then((r) => r.body.data);
  const wallet = (token: string) => s.call<WalletView>('GET', '/api/funds/wallet', { token }).then((r) => r.body.data);
  const counts = (body: Record<string, unknown>, token = payer.token) => s.call<{ total: number; actions: { name: string; count: number }[] }>('POST', '/api/r/bills/bulk', { token, body });
  const bulk = (action: string, body: Record<string, unknown>, opts: { token?: string; key?: string | null } = {}) =>
    s.call<BulkAnswer>('POST', `/api/r/bills/bulk/actions/${action}`, {
      token: opts.token ?? payer.token,
      body,
      headers: opts.key === null ? {} : { 'Idempotency-Key': opts.key ?? randomUUID() },
    });

  it('counts per action what the caller may take it on, and pays the payable ones with one code, refusing the rest with the reason', async () => {
    const owed = await world.bills(3, { state: 'confirmed', payer, payee, contractId, amount: '1000.00' });
    const unconfirmed = await world.bill({ state: 'pendingConfirmation', payer, payee, contractId, amount: '500.00' });
    // A bill the payer raised on the payee: the payer is its payee, not its payer.
    const reverse = (await world.contract({ state: 'signed', buyer: payee, seller: payer })).id;
    const owedToMe = await world.bill({ state: 'confirmed', payer: payee, payee: payer, contractId: reverse, amount: '700.00' });
    const ids = [...owed, unconfirmed, owedToMe].map((b) => b.id);

    const counted = await counts({ ids });
    expect(counted.status).toBe(200);
    expect(counted.body.data.total).toBe(5);
    const by = Object.fromEntries(counted.body.data.actions.map((a) => [a.name, a.count]));
    // pay: the three owed; confirm and reject: the one awaiting the payer; delay: the one the payer is payee of.
    expect(by).toMatchObject({ pay: 3, confirm: 1, reject: 1, delay: 1 });
    // Ops-only actions are not the account's to count.
    expect(by.reversePayment).toBeUndefined();

    const before = await wallet(payer.token);
    const paid = await bulk('pay', { ids, smsCode: await world.smsCode(payer) });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ action: 'pay', total: 5, done: 3, refused: 2 });
    const result = new Map(paid.body.data.results.map((r) => [r.id, r]));
    for (const b of owed) expect(result.get(b.id)).toMatchObject({ status: 'done', record: { id: b.id, state: 'paid', openAmount: '0.00' } });
    expect(result.get(unconfirmed.id)).toMatchObject({ status: 'refused', code: 409, record: { state: 'pendingConfirmation' } });
    expect(result.get(owedToMe.id)).toMatchObject({ status: 'refused', code: 403 });
    expect(result.get(owedToMe.id)!.reason).toBeTruthy();
    expect(Number((await wallet(payer.token)).available)).toBe(Number(before.available) - 3000);
    // One payment of several bills: each bill's transfer in the selection's batch, kind billBatchPayment.
    const transfers = await s.ctx.db.select().from(ledgerTransfers).where(inArray(ledgerTransfers.refId, owed.map((b) => b.id)));
    expect(transfers.map((x) => x.kind)).toEqual(['billBatchPayment', 'billBatchPayment', 'billBatchPayment']);
    expect(new Set(transfers.map((x) => x.batchId)).size).toBe(1);
  });

  it('needs an Idempotency-Key for a money action, the code before anything moves, and a selection that is one thing', async () => {
    const [one] = await world.bills(1, { state: 'confirmed', payer, payee, contractId, amount: '200.00' });
    expect((await bulk('pay', { ids: [one.id], smsCode: await world.smsCode(payer) }, { key: null })).status).toBe(400);
    const wrong = await bulk('pay', { ids: [one.id], smsCode: '000000' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.data as object)).toEqual(['smsCode']);
    expect(await bill(one.id)).toMatchObject({ state: 'confirmed', paidAmount: '0.00' });
    expect((await bulk('pay', { ids: [one.id], query: { state: 'confirmed' } })).status).toBe(400);
    expect((await bulk('pay', {})).status).toBe(400);
    expect((await counts({ ids: [] })).status).toBe(400);
    expect((await bulk('nothing', { ids: [one.id] })).status).toBe(404);
    // Another account selecting the payer's bills may take nothing on them: each refused, nothing moved.
    const stranger = await world.party({ name: '无关公司', approved: true });
    const foreign = await bulk('pay', { ids: [one.id], smsCode: await world.smsCode(stranger) }, { token: stranger.token });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.results).toEqual([{ id: one.id, status: 'refused', code: 404, reason: expect.any(String) }]);
    expect(await bill(one.id)).toMatchObject({ state: 'confirmed', paidAmount: '0.00' });
  });

  it('answers a replay of the same request with the same results, paying nothing twice', async () => {
    const owed = await world.bills(2, { state: 'confirmed', payer, payee, contractId, amount: '300.00' });
    const key = randomUUID();
    const body = { ids: owed.map((b) => b.id), smsCode: await world.smsCode(payer) };
    const first = await bulk('pay', body, { key });
    expect(first.body.data).toMatchObject({ done: 2, refused: 0 });
    const balance = (await wallet(payer.token)).available;
    const replay = await bulk('pay', body, { key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect((await wallet(payer.token)).available).toBe(balance);
    for (const b of owed) expect(await bill(b.id)).toMatchObject({ state: 'paid', paidAmount: '300.00' });
  });

  it('pays each bill once when two bulk payments of the same bills race', async () => {
    const finance = await addOperator(s, payer.phone, 'finance');
    const financeParty = { ...payer, phone: finance.phone, token: finance.token };
    const owed = await world.bills(4, { state: 'confirmed', payer, payee, contractId, amount: '250.00' });
    const ids = owed.map((b) => b.id);
    const before = await wallet(payer.token);
    const [a, b] = await Promise.all([
      bulk('pay', { ids, smsCode: await world.smsCode(payer) }),
      bulk('pay', { ids, smsCode: await world.smsCode(financeParty) }, { token: finance.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Each bill was paid by exactly one of them; the other found it paid.
    for (const id of ids) {
      const outcomes = [a, b].map((r) => r.body.data.results.find((x) => x.id === id)!.status).sort();
      expect(outcomes).toEqual(['done', 'refused']);
      expect(await bill(id)).toMatchObject({ state: 'paid', paidAmount: '250.00' });
    }
    expect(Number((await wallet(payer.token)).available)).toBe(Number(before.available) - 1000);
  });

  it('pays every bill when two payers each pay theirs in one bulk action and their payees cross', async () => {
    // Each payment locks its payee's ledger account: two selections crossing payees may deadlock
    // on PostgreSQL, which aborts one; its transaction runs again (db/conflicts.ts), so both land.
    const otherPayer = await world.party({ name: '批量交叉付款买方有限公司', approved: true, balance: '500000.00' });
    const otherPayee = await world.party({ name: '批量交叉收款卖方有限公司', approved: true });
    const owed = async (from: Party) => [
      ...(await world.bills(3, { state: 'confirmed', payer: from, payee, amount: '10.00' })),
      ...(await world.bills(3, { state: 'confirmed', payer: from, payee: otherPayee, amount: '10.00' })),
    ].map((b) => b.id);
    const [mine, theirs] = [await owed(payer), await owed(otherPayer)];
    const [a, b] = await Promise.all([
      bulk('pay', { ids: mine, smsCode: await world.smsCode(payer) }),
      bulk('pay', { ids: theirs, smsCode: await world.smsCode(otherPayer) }, { token: otherPayer.token }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.data.done, b.body.data.done]).toEqual([6, 6]);
    for (const id of mine) expect(await bill(id)).toMatchObject({ state: 'paid', paidAmount: '10.00' });
    for (const id of theirs) expect(await bill(id, otherPayer.token)).toMatchObject({ state: 'paid', paidAmount: '10.00' });
  });

  it('selects every record a list query matches, and exports the selected ones', async () => {
    const owed = await world.bills(2, { state: 'confirmed', payer, payee, contractId, amount: '120.00', remark: '按筛选选择' });
    const all = await counts({ query: { scope: 'payer', state: 'confirmed' } });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(2);
    expect(all.body.data.actions.find((x) => x.name === 'pay')!.count).toBe(all.body.data.total);
    expect((await counts({ query: { unknownFilter: 'x' } })).status).toBe(400);
    const exported = await fetch(`${s.baseUrl}/api/r/bills/bulk/export?format=csv&ids=${owed.map((b) => b.id).join(',')}`, { headers: { authorization: payer.token } });
    expect(exported.status).toBe(200);
    const lines = (await exported.text()).trim().split(/\r?\n/);
    // The header and the two bills chosen, nothing else the payer has.
    expect(lines).toHaveLength(3);
    expect(lines.slice(1).every((line) => line.includes('120.00'))).toBe(true);
    // Another account's bills are not exported, nor said to exist.
    const stranger = await s.call('GET', `/api/r/bills/bulk/export?format=csv&ids=${owed[0].id}`, { token: (await world.party()).token });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toMatchObject({ data: { ids: '请选择记录' } });
  });
});
