// A whole bill passed on (issue 31 item 1, DESIGN §10 "Circulating bills") over the API, on both
// databases: the holder passes all of a bill's open amount on; on acceptance the bill ends
// passedOn (its amount what was paid and cleared on it, 0 when nothing was) and its child holds all
// of it; the family invariant holds; the payer's payables name the new holder, who is paid; the
// passed-on bill can be neither paid nor passed on again; passing the rest after a payment is the
// same case (and ops may still reverse that payment); of two whole-bill offers accepted at once one
// wins; a refused or lapsed offer leaves the bill as it was.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import menu from '../../schemas/menu.json';
import type { Page } from '../../src/shared/api';
import { fenToYuan, yuanToFen } from '../../src/shared/money';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { todos } from '../../src/server/db/schema';
import { TO_PAY } from '../../src/server/domains/settlement/news';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { passOnCalls } from '../support/passOnCalls';
import { World, type Party } from '../support/world';

/** The states a menu route lists (its render.states), found by its key anywhere in the menu. */
function routeStates(node: unknown, key: string): string[] {
  if (Array.isArray(node)) return node.map((n) => routeStates(n, key)).find((s) => s.length) ?? [];
  if (!node || typeof node !== 'object') return [];
  const entry = node as { key?: string; render?: { states?: string[] } };
  if (entry.key === key) return entry.render?.states ?? [];
  return routeStates(Object.values(node), key);
}

const OPS = { phone: '13800000331', password: 'Admin#Pass2026' };
const DAY = 86_400_000;

describe.skipIf(!dbAvailable)('bills passed on whole', { timeout: 600_000 }, () => {
  let s: TestServer;
  let world: World;
  let opsToken: string;
  /** P owes S (the bills passed on); S owes T and U, so both are S's creditors. */
  let P: Party, S: Party, T: Party, U: Party;
  let contractPS: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    opsToken = await world.ops();
    const enterprise = (name: string, balance?: string) => world.party({ name, approved: true, ...(balance ? { balance } : {}) });
    [P, S, T, U] = [await enterprise('整单付款方有限公司', '900000.00'), await enterprise('整单持有方有限公司', '300000.00'), await enterprise('整单受让方有限公司'), await enterprise('整单另一受让方有限公司')];
    contractPS = (await world.contract({ state: 'signed', buyer: P, seller: S, offer: { quantity: 2000 } })).id;
    await world.bill({ state: 'confirmed', payer: S, payee: T, amount: '50000.00' });
    await world.bill({ state: 'confirmed', payer: S, payee: U, amount: '50000.00' });
  }, 600_000);
  afterAll(() => s?.close());
  /** A new China day: every party's daily SMS sends start again; sessions are signed in anew. */
  beforeEach(async () => {
    s.clock.advance(DAY);
    for (const party of [P, S, T, U]) party.token = await world.api.signIn(party.phone, party.password);
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    opsToken = await world.ops();
  });

  const { code, post, passOn, answer, billAs, familyAs, offersOf, latestOffer, sound } = passOnCalls(() => s);
  const pay = async (billId: string, amount: string) => post(P.token, `/api/r/bills/${billId}/actions/pay`, { payAmount: amount, smsCode: await code(P.phone) });
  const bill = (id: string, who: Party = P) => billAs(id, who);
  const family = async (id: string, who: Party = P) => (await familyAs(id, who)).body.data;
  const childrenOf = async (billId: string) => {
    const rows = await s.ctx.db.execute(sql`select record_id::text as id from bills where parent_bill_id = ${billId}`);
    return ((rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[])).map((r) => r.id);
  };
  const wallet = async (who: Party) => (await s.call<{ available: string }>('GET', '/api/funds/wallet', { token: who.token })).body.data.available;
  const rootBill = (amount: string) => world.bill({ state: 'confirmed', payer: P, payee: S, amount, contractId: contractPS });

  it('passes all of a bill on: the bill ends passed on, its part holds all of it, and the payer pays the new holder', async () => {
    const root = await rootBill('5000.00');
    const offered = await passOn(S, root.id, { passAmount: '5000.00', receiverId: T.accountId });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data).toMatchObject({ state: 'confirmed', amount: '5000.00', openAmount: '5000.00' });
    const accepted = await answer(T, (await latestOffer(root.id)).id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const childId = String(accepted.body.data.childBillId);

    const parent = await bill(root.id);
    expect(parent).toMatchObject({ state: 'passedOn', amount: '0.00', issuedAmount: '5000.00', paidAmount: '0.00', openAmount: '0.00', passedOnAt: s.clock.now().toISOString() });
    expect(parent).not.toHaveProperty('paidAt');
    expect(await bill(childId)).toMatchObject({ state: 'confirmed', origin: 'passedOn', amount: '5000.00', openAmount: '5000.00', parentBillId: root.id, rootBillId: root.id, payeeName: '整单受让方有限公司', dueDay: root.dueDay });
    // The family: the passed-on bill at the top, its one part below it with the new holder.
    expect(await family(root.id, S)).toMatchObject({ billId: root.id, state: 'passedOn', holder: '整单持有方有限公司', amount: '0.00', openAmount: '0.00', children: [{ billId: childId, holder: '整单受让方有限公司', state: 'confirmed', openAmount: '5000.00' }] });
    // The history says what happened: the split into passedOn, with the offer and the amount.
    const events = (await s.call<{ events: { action: string; to: string | null }[] }>('GET', `/api/r/bills/${root.id}`, { token: S.token })).body.data.events;
    expect(events.map((e) => [e.action, e.to])).toContainEqual(['split', 'passedOn']);
    await sound();

    // The payer's payables: the part with its new holder to pay, the passed-on bill with nothing open and no todo to pay it.
    const payables = (await s.call<Page<ResourceRecord>>('GET', `/api/r/bills?scope=payer&contractTitle=${encodeURIComponent(String(root.contractTitle))}&pageSize=100`, { token: P.token })).body.data.records;
    expect(payables.filter((b) => b.id === root.id || b.id === childId).map((b) => [b.payeeName, b.state, b.openAmount])).toEqual(
      expect.arrayContaining([
        ['整单持有方有限公司', 'passedOn', '0.00'],
        ['整单受让方有限公司', 'confirmed', '5000.00'],
      ]),
    );
    const toPay = (await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?scope=payer&state=confirmed,partiallyPaid,overdue&pageSize=100', { token: P.token })).body.data.records.map((b) => b.id);
    expect(toPay).toContain(childId);
    expect(toPay).not.toContain(root.id);
    // The holder's and the payer's bill history (the states menu.json's historicalBill route lists) has it.
    const historyStates = routeStates(menu, 'historicalBill');
    expect(historyStates).toContain('passedOn');
    for (const [who, scope] of [[S, 'payee'], [P, 'payer']] as const) {
      const history = (await s.call<Page<ResourceRecord>>('GET', `/api/r/bills?scope=${scope}&state=${historyStates.join(',')}&pageSize=100`, { token: who.token })).body.data.records;
      expect(history.map((b) => b.id), scope).toContain(root.id);
    }
    const payTodos = await s.ctx.db.select({ ref: todos.ref, status: todos.status }).from(todos).where(eq(todos.kind, TO_PAY));
    expect(payTodos.filter((t) => t.ref === root.id).map((t) => t.status)).toEqual(['done']);
    expect(payTodos.filter((t) => t.ref === childId).map((t) => t.status)).toEqual(['open']);

    // The passed-on bill can be neither paid nor passed on again; nothing is written.
    const version = parent.version;
    const paidParent = await pay(root.id, '1.00');
    expect(paidParent.status).toBe(409);
    expect(paidParent.body.msg).toBe('当前状态不能执行此操作，请刷新后重试');
    expect((await passOn(S, root.id, { passAmount: '1.00', receiverId: T.accountId })).status).toBe(409);
    expect((await post(P.token, '/api/settlement/payments', { items: [{ billId: root.id, amount: '1.00' }], smsCode: await code(P.phone) })).status).toBeGreaterThanOrEqual(400);
    expect((await bill(root.id)).version).toBe(version);

    // The payer pays the part to its holder.
    const before = await Promise.all([P, S, T].map(wallet));
    const paid = await pay(childId, '5000.00');
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = await Promise.all([P, S, T].map(wallet));
    expect(after.map((a, i) => fenToYuan(yuanToFen(a) - yuanToFen(before[i])))).toEqual(['-5000.00', '0.00', '5000.00']);
    expect(await bill(childId)).toMatchObject({ state: 'paid', openAmount: '0.00' });
    expect(await bill(root.id)).toMatchObject({ state: 'passedOn', openAmount: '0.00' });
    await sound();
  });

  it('passing the rest after a payment is the same case; ops may still reverse that payment', async () => {
    const root = await rootBill('3000.00');
    expect((await pay(root.id, '1000.00')).status).toBe(200);
    const offered = await passOn(S, root.id, { passAmount: '2000.00', receiverId: U.accountId });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const accepted = await answer(U, (await latestOffer(root.id)).id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const childId = String(accepted.body.data.childBillId);
    expect(await bill(root.id)).toMatchObject({ state: 'passedOn', amount: '1000.00', issuedAmount: '3000.00', paidAmount: '1000.00', openAmount: '0.00' });
    expect(await bill(childId)).toMatchObject({ amount: '2000.00', openAmount: '2000.00', payeeName: '整单另一受让方有限公司' });
    await sound();

    // Ops reverse the payment made before the rest was passed on: the payer owes it to S again.
    const reversed = await post(opsToken, `/api/r/bills/${root.id}/actions/reversePayment`, { reason: '付款有误，退回付款方' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    expect(reversed.body.data).toMatchObject({ state: 'confirmed', amount: '1000.00', paidAmount: '0.00', openAmount: '1000.00' });
    expect(reversed.body.data).not.toHaveProperty('passedOnAt');
    expect(await family(root.id)).toMatchObject({ openAmount: '1000.00', children: [{ billId: childId, openAmount: '2000.00' }] });
    await sound();
  });

  it('of two whole-bill offers accepted at once one wins', async () => {
    const root = await rootBill('1200.00');
    await passOn(S, root.id, { passAmount: '1200.00', receiverId: T.accountId });
    const toT = (await latestOffer(root.id)).id;
    await passOn(S, root.id, { passAmount: '1200.00', receiverId: U.accountId });
    const toU = (await offersOf(root.id)).find((o) => o.id !== toT)!.id;
    const both = await Promise.all([answer(T, toT), answer(U, toU)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser = both.find((r) => r.status === 409)!;
    expect(loser.body.msg).toBe('当前状态不能执行此操作，请刷新后重试');
    expect(await childrenOf(root.id)).toHaveLength(1);
    expect(await bill(root.id)).toMatchObject({ state: 'passedOn', amount: '0.00', openAmount: '0.00' });
    // The same offer accepted twice at once (the receiver's owner and its finance operator): one child.
    const other = await rootBill('800.00');
    await passOn(S, other.id, { passAmount: '800.00', receiverId: T.accountId });
    const once = (await latestOffer(other.id)).id;
    const financeT = await addOperator(s, T.phone, 'finance');
    expect((await Promise.all([answer(T, once), answer(financeT, once)])).map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await childrenOf(other.id)).toHaveLength(1);
    await sound();
  });

  it('leaves the bill as it was when a whole-bill offer is refused or lapses', async () => {
    const root = await rootBill('4000.00');
    const unchanged = async () => expect(await bill(root.id)).toMatchObject({ state: 'confirmed', amount: '4000.00', openAmount: '4000.00' });
    await passOn(S, root.id, { passAmount: '4000.00', receiverId: T.accountId });
    expect((await answer(T, (await latestOffer(root.id)).id, 'refuse', { reason: '暂不接受' })).body.data).toMatchObject({ state: 'refused' });
    await unchanged();
    await passOn(S, root.id, { passAmount: '4000.00', receiverId: T.accountId });
    const lapsing = (await latestOffer(root.id)).id;
    s.clock.advance(48 * 3600_000 + 1000);
    expect((await answer(T, lapsing)).status).toBe(409);
    await unchanged();
    expect(await childrenOf(root.id)).toEqual([]);
    // Still the holder's to pass on whole, and the payer's to pay.
    expect((await pay(root.id, '4000.00')).status).toBe(200);
    expect(await bill(root.id)).toMatchObject({ state: 'paid', openAmount: '0.00' });
    await sound();
  });
});
