// Circulating bills (issue 31, DESIGN §10) over the API: a bill's holder passes part of it on to
// one of its creditors, who accepts (the bill splits into a child it holds; a bill it was owed is
// paid by the part) or refuses; an offer lapses after 48 hours; a child is passed on again; the
// payer pays every part to its holder; who may do what; bad input writes nothing; two accepts at
// once and an accept during a payment; the family invariant under random sequences.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page, TodoView } from '../../src/shared/api';
import { fenToYuan, yuanToFen } from '../../src/shared/money';
import type { ReceiptView } from '../../src/shared/receipts';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { resourceRecords } from '../../src/server/db/schema';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { addOperator } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { World, type Party } from '../support/world';
import { passOnCalls } from '../support/passOnCalls';

const OPS = { phone: '13800000313', password: 'Admin#Pass2026' };
const DAY = 86_400_000;

describe.skipIf(!dbAvailable)('bills passed on in parts', { timeout: 600_000 }, () => {
  let s: TestServer;
  let world: World;
  let opsToken: string;
  /** P buys from S; S buys from T; T buys from U: each owes the next, so each may pass on to the next. */
  let P: Party, S: Party, T: Party, U: Party, X: Party;
  let contractPS: string;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    opsToken = await world.ops();
    const enterprise = (name: string, balance?: string) => world.party({ name, approved: true, ...(balance ? { balance } : {}) });
    [P, S, T, U, X] = [await enterprise('转让付款方有限公司', '900000.00'), await enterprise('转让持有方有限公司', '300000.00'), await enterprise('转让受让方有限公司', '300000.00'), await enterprise('转让再受让方有限公司'), await enterprise('转让无关方有限公司')];
    // One large contract P -> S: every root bill of the suite is issued under it.
    contractPS = (await world.contract({ state: 'signed', buyer: P, seller: S, offer: { quantity: 2000 } })).id;
  }, 600_000);
  afterAll(() => s?.close());
  /** A new China day: every party's ten SMS sends a day start again; sessions are signed in anew (they last a week). */
  const newDay = async () => {
    s.clock.advance(DAY);
    for (const party of [P, S, T, U, X]) party.token = await world.api.signIn(party.phone, party.password);
    world = new World({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    opsToken = await world.ops();
  };
  beforeEach(newDay);

  const { code, post, passOn, answer, billAs, familyAs, offersOf, latestOffer, sound } = passOnCalls(() => s);
  const bill = (id: string, who: Party = P) => billAs(id, who);
  const family = (id: string, who: Party = P) => familyAs(id, who);
  const todos = async (who: Party) => (await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', { token: who.token, body: { pageNo: 1, pageSize: 100 } })).body.data.records.map((t) => t.title);
  /** A root bill P owes S, confirmed. */
  const rootBill = (amount: string) => world.bill({ state: 'confirmed', payer: P, payee: S, amount, contractId: contractPS });
  /** A confirmed bill `payer` owes `payee` (its own contract). */
  const owes = (payer: Party, payee: Party, amount: string) => world.bill({ state: 'confirmed', payer, payee, amount });

  let owedST: ResourceRecord;
  let owedTU: ResourceRecord;
  it('passes part of a bill on as payment of a bill the holder owes the receiver: the bill splits, the part is the receiver\'s, the named bill is paid by it', async () => {
    owedST = await owes(S, T, '50000.00');
    owedTU = await owes(T, U, '50000.00');
    const root = await rootBill('10000.00');
    const offered = await passOn(S, root.id, { passAmount: '4000.00', settleBillId: owedST.id });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    // Nothing moves before the receiver accepts.
    expect(offered.body.data).toMatchObject({ state: 'confirmed', amount: '10000.00', openAmount: '10000.00' });
    const offer = await latestOffer(root.id);
    expect(offer).toMatchObject({ state: 'offered', parties: { holder: S.accountId, receiver: T.accountId } });
    expect(offer.data).toMatchObject({ amount: '4000.00', settleBillId: owedST.id, holderName: '转让持有方有限公司', receiverName: '转让受让方有限公司', payerName: '转让付款方有限公司', dueDay: root.dueDay });
    expect(await todos(T)).toContain(`接受账单转让：转让持有方有限公司 转让合同《${String(root.contractTitle)}》账单 4,000.00 元，付款方 转让付款方有限公司，${String(root.dueDay)} 到期`);

    const accepted = await answer(T, offer.id);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted' });
    const childId = String(accepted.body.data.childBillId);
    expect(await bill(root.id)).toMatchObject({ state: 'confirmed', amount: '6000.00', issuedAmount: '10000.00', openAmount: '6000.00' });
    expect(await bill(childId)).toMatchObject({
      state: 'confirmed',
      origin: 'passedOn',
      amount: '4000.00',
      openAmount: '4000.00',
      parentBillId: root.id,
      rootBillId: root.id,
      dueDay: root.dueDay,
      contractId: contractPS,
      payerName: '转让付款方有限公司',
      payeeName: '转让受让方有限公司',
      parties: { payer: P.accountId, payee: T.accountId },
    });
    // The bill S owed T is paid by the part: cleared, no money moved.
    expect(await bill(owedST.id, S)).toMatchObject({ state: 'partiallyPaid', clearedAmount: '4000.00', paidAmount: '0.00', openAmount: '46000.00' });
    // The payer owes the same in total: its payables list shows each part with its holder.
    const payables = (await s.call<Page<ResourceRecord> & { totals: Record<string, string> }>('GET', `/api/r/bills?scope=payer&contractTitle=${encodeURIComponent(String(root.contractTitle))}&pageSize=100`, { token: P.token })).body.data;
    const parts = payables.records.filter((b) => b.id === root.id || b.id === childId).map((b) => [b.payeeName, b.openAmount]);
    expect(parts).toEqual(expect.arrayContaining([['转让持有方有限公司', '6000.00'], ['转让受让方有限公司', '4000.00']]));
    expect(await todos(T)).not.toContain(expect.stringContaining('接受账单转让'));
    // The history of each move: the split, the child's making and confirmation, the named bill's write-down.
    const events = await s.ctx.db.execute(sql`select record_id::text, action from resource_events where record_id in (${root.id}, ${childId}, ${owedST.id}) order by order_tx, seq`);
    const actions = (events as unknown as { rows?: { action: string }[] }).rows ?? (events as unknown as { action: string }[]);
    expect(actions.map((e) => e.action)).toEqual(expect.arrayContaining(['passOn', 'split', 'create', 'receive', 'offset']));
    // The family as a tree, for the payer, the holder and the receiver alike.
    for (const [who, id] of [[P, childId], [S, root.id], [T, childId]] as const) {
      const tree = await family(id, who);
      expect(tree.status).toBe(200);
      expect(tree.body.data).toMatchObject({ billId: root.id, holder: '转让持有方有限公司', amount: '6000.00', issuedAmount: '10000.00', children: [{ billId: childId, holder: '转让受让方有限公司', amount: '4000.00', children: [] }] });
    }
    // The holder that passed the part on does not read the part itself (it sees it in the family); a third account sees nothing.
    expect((await family(childId, S)).status).toBe(404);
    expect((await family(root.id, X)).status).toBe(404);
    await sound();
  });

  it('passes a child on again, and the payer pays every part to its holder', async () => {
    const root = await rootBill('9000.00');
    // S passes 5,000 to T as a new claim (S owes T: T is its creditor).
    await passOn(S, root.id, { passAmount: '5000.00', receiverId: T.accountId });
    const child = String((await answer(T, (await latestOffer(root.id)).id)).body.data.childBillId);
    // T passes 2,000 of its part on to U, paying the bill T owes U.
    const again = await passOn(T, child, { passAmount: '2000.00', settleBillId: owedTU.id });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const grandchild = String((await answer(U, (await latestOffer(child)).id)).body.data.childBillId);
    expect(await bill(grandchild)).toMatchObject({ amount: '2000.00', parentBillId: child, rootBillId: root.id, payeeName: '转让再受让方有限公司' });
    const tree = (await family(grandchild, U)).body.data;
    expect(tree).toMatchObject({ billId: root.id, openAmount: '4000.00', children: [{ billId: child, openAmount: '3000.00', children: [{ billId: grandchild, openAmount: '2000.00' }] }] });
    // S cannot read U's part, but sees it in the family, without its link.
    expect((await family(root.id, S)).body.data.children[0].children[0]).toMatchObject({ billId: grandchild, readable: false });
    await sound();

    // The payer pays all three parts at once, each to its holder.
    const wallet = async (who: Party) => (await s.call<{ available: string }>('GET', '/api/funds/wallet', { token: who.token })).body.data.available;
    const before = await Promise.all([P, S, T, U].map(wallet));
    const paid = await post(P.token, '/api/settlement/payments', { items: [{ billId: root.id, amount: '4000.00' }, { billId: child, amount: '3000.00' }, { billId: grandchild, amount: '2000.00' }], smsCode: await code(P.phone) });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const after = await Promise.all([P, S, T, U].map(wallet));
    const moved = after.map((a, i) => fenToYuan(yuanToFen(a) - yuanToFen(before[i])));
    expect(moved).toEqual(['-9000.00', '4000.00', '3000.00', '2000.00']);
    for (const id of [root.id, child, grandchild]) expect(await bill(id)).toMatchObject({ state: 'paid', openAmount: '0.00' });
    // The receipt of the grandchild's part names the original bill and the chain.
    const transfers = (paid.body.data as unknown as { transfers: { transferId: string; billId: string }[] }).transfers;
    const transferId = transfers.find((t) => t.billId === grandchild)!.transferId;
    const receipt = (await s.call<ReceiptView>('GET', `/api/receipts/${transferId}?template=Solutions`, { token: U.token })).body.data;
    expect(receipt.chain).toMatchObject({ rootBillId: root.id, links: [{ billId: root.id, holder: '转让持有方有限公司' }, { billId: child, holder: '转让受让方有限公司' }, { billId: grandchild, holder: '转让再受让方有限公司' }] });
    await sound();
  });

  it('prints a delay granted before a split as it was: the open amount then, not after the part passed on', async () => {
    const root = await rootBill('7000.00');
    const later = '2100-03-01';
    const delayed = await post(S.token, `/api/r/bills/${root.id}/actions/delay`, { dueDay: later, reason: '同意延期付款' });
    expect(delayed.status, JSON.stringify(delayed.body)).toBe(200);
    const receipts = async () => (await s.call<{ template: string; eventId?: string; amount: string }[]>('GET', `/api/receipts?resource=bills&id=${root.id}`, { token: P.token })).body.data;
    const delay = (await receipts()).find((r) => r.template === 'CollectionDelay')!;
    const print = async () => (await s.call<{ amount: string }>('GET', `/api/receipts/${delay.eventId}?template=CollectionDelay`, { token: P.token })).body.data.amount;
    expect(await print()).toBe('7000.00');
    await passOn(S, root.id, { passAmount: '2500.00', receiverId: T.accountId });
    expect((await answer(T, (await latestOffer(root.id)).id)).status).toBe(200);
    expect(await bill(root.id)).toMatchObject({ amount: '4500.00', dueDay: later });
    expect(await print()).toBe('7000.00');
    await sound();
  });

  it('creates nothing when the receiver refuses, when the holder withdraws or after 48 hours', async () => {
    const root = await rootBill('3000.00');
    const unchanged = async () => expect(await bill(root.id)).toMatchObject({ amount: '3000.00', openAmount: '3000.00', state: 'confirmed' });
    // Refused (with its reason).
    await passOn(S, root.id, { passAmount: '1000.00', receiverId: T.accountId });
    const refused = await answer(T, (await latestOffer(root.id)).id, 'refuse', { reason: '暂不接受' });
    expect(refused.body.data).toMatchObject({ state: 'refused', refuseReason: '暂不接受' });
    await unchanged();
    // Withdrawn by the holder; the receiver can no longer accept.
    await passOn(S, root.id, { passAmount: '1000.00', receiverId: T.accountId });
    const withdrawnId = (await latestOffer(root.id)).id;
    const withdrawn = await post(S.token, `/api/r/billTransfers/${withdrawnId}/actions/withdraw`);
    expect(withdrawn.body.data, JSON.stringify(withdrawn.body)).toMatchObject({ state: 'withdrawn' });
    expect((await answer(T, withdrawnId)).status).toBe(409);
    // Lapsed: past 48 hours an accept is refused at once, and the job moves it to expired.
    await passOn(S, root.id, { passAmount: '1000.00', receiverId: T.accountId });
    const lapsingId = (await latestOffer(root.id)).id;
    s.clock.advance(48 * 3600_000 + 1000);
    const late = await answer(T, lapsingId);
    expect(late.status).toBe(409);
    // Refused as lapsed, or as expired when the scheduler's tick ran the job first.
    expect(['该转让已超过 48 小时接受期限', '当前状态不能执行此操作，请刷新后重试']).toContain(late.body.msg);
    const expired = await s.call<{ result: number }>('POST', '/api/dev/tasks/settlement.expireTransfers', { token: opsToken });
    expect([0, 1]).toContain(expired.body.data.result);
    expect((await s.call<ResourceRecord>('GET', `/api/r/billTransfers/${lapsingId}`, { token: T.token })).body.data).toMatchObject({ state: 'expired' });
    expect((await answer(T, lapsingId)).status).toBe(409);
    await unchanged();
    const children = await s.ctx.db.execute(sql`select count(*)::int as n from bills where parent_bill_id = ${root.id}`);
    expect(((children as unknown as { rows?: { n: number }[] }).rows ?? (children as unknown as { n: number }[]))[0].n).toBe(0);
    await sound();
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const root = await rootBill('2000.00');
    const pending = await world.bill({ state: 'pendingConfirmation', payer: P, payee: S, amount: '500.00', contractId: contractPS });
    const versionOf = async (id: string) => (await bill(id)).version;
    const v = await versionOf(root.id);
    const cases: [string, Record<string, unknown>, number, string, string?][] = [
      ['more than open', { passAmount: '2000.01', receiverId: T.accountId }, 400, 'passAmount', '超出账单未付金额'],
      ['zero', { passAmount: '0.00', receiverId: T.accountId }, 400, 'passAmount'],
      ['three decimals', { passAmount: '10.001', receiverId: T.accountId }, 400, 'passAmount'],
      ['to itself', { passAmount: '10.00', receiverId: S.accountId }, 400, 'receiverId', '不能转让给自己'],
      ['to its payer', { passAmount: '10.00', receiverId: P.accountId }, 400, 'receiverId', '付款方'],
      ['to an account it owes nothing', { passAmount: '10.00', receiverId: X.accountId }, 400, 'receiverId', '只能转让给'],
      ['no receiver', { passAmount: '10.00' }, 400, 'receiverId'],
      ['a named bill it does not owe the receiver', { passAmount: '10.00', receiverId: U.accountId, settleBillId: owedST.id }, 400, 'settleBillId', '不是我方欠受让方的账单'],
      ['a named bill that is not its own', { passAmount: '10.00', settleBillId: owedTU.id }, 400, 'settleBillId'],
    ];
    for (const [what, body, status, field, text] of cases) {
      const res = await passOn(S, root.id, body);
      expect(res.status, what).toBe(status);
      const fields = res.body.data as unknown as Record<string, string>;
      expect(Object.keys(fields ?? {}), what).toContain(field);
      if (text) expect(fields[field], what).toContain(text);
    }
    // Not confirmed: 409.
    expect((await passOn(S, pending.id, { passAmount: '10.00', receiverId: T.accountId })).status).toBe(409);
    // In English too.
    const en = await s.call('POST', `/api/r/bills/${root.id}/actions/passOn`, { token: S.token, body: { passAmount: '10.00', receiverId: X.accountId, smsCode: await code(S.phone) }, headers: { 'Accept-Language': 'en-US' } });
    expect((en.body.data as unknown as Record<string, string>).receiverId).toBe('A bill is passed on only to an account you owe an open bill to');
    expect(await versionOf(root.id)).toBe(v);
    expect(await offersOf(root.id)).toEqual([]);
    // After its due day (a bill due tomorrow, then the clock moved two days): due, then overdue.
    const due = await world.bill({ state: 'confirmed', payer: P, payee: S, amount: '800.00', contractId: contractPS, dueDay: new Date(s.clock.now().getTime() + 2 * DAY).toISOString().slice(0, 10) });
    s.clock.advance(2 * DAY);
    const late = await passOn(S, due.id, { passAmount: '10.00', receiverId: T.accountId });
    expect(late.status).toBe(409);
    expect(await offersOf(due.id)).toEqual([]);
    await sound();
  });

  it('lets only the holder pass on and only the receiver answer (the permission matrix)', async () => {
    const root = await rootBill('1500.00');
    const body = { passAmount: '100.00', receiverId: T.accountId };
    const finance = await addOperator(s, S.phone, 'finance');
    const purchaser = await addOperator(s, S.phone, 'purchaser');
    const sellerOp = await addOperator(s, S.phone, 'seller');
    const ops = { phone: OPS.phone, token: opsToken };
    for (const [who, caller, status] of [
      ['payer', P, 403],
      ['receiver', T, 404],
      ['third', X, 404],
      ['ops', ops, 403],
      ['purchaser operator (reads, does not act)', purchaser, 403],
      ['seller operator (no settlement grant)', sellerOp, 403],
    ] as const) {
      expect((await passOn(caller, root.id, body)).status, who).toBe(status);
    }
    expect(await offersOf(root.id)).toEqual([]);
    // A finance operator of the holder acts for it.
    expect((await passOn(finance, root.id, body)).status).toBe(200);
    const offerId = (await latestOffer(root.id)).id;
    const financeT = await addOperator(s, T.phone, 'finance');
    for (const [who, caller, status] of [
      ['holder', S, 403],
      ['payer', P, 404],
      ['third', X, 404],
      ['ops', ops, 403],
    ] as const) {
      expect((await answer(caller, offerId)).status, who).toBe(status);
    }
    // Ops and both parties read the offer; the payer and a third account do not.
    for (const [who, caller, status] of [['ops', ops, 200], ['holder', S, 200], ['receiver', T, 200], ['payer', P, 404], ['third', X, 404]] as const) {
      expect((await s.call('GET', `/api/r/billTransfers/${offerId}`, { token: caller.token })).status, who).toBe(status);
    }
    expect((await answer(financeT, offerId)).status).toBe(200);
    await sound();
  });

  it('neither passes on nor pays a bill while its payer has an objection open on the contract', async () => {
    const contract = await world.contract({ state: 'collateralPaid', buyer: P, seller: S });
    const disputed = await world.bill({ state: 'confirmed', payer: P, payee: S, amount: '1000.00', contractId: contract.id });
    await world.contractStep(P, contract.id, 'object', { objectionReason: '到货规格与合同不符' }, true);
    const passed = await passOn(S, disputed.id, { passAmount: '100.00', receiverId: T.accountId });
    expect(passed.status).toBe(409);
    expect(passed.body.msg).toContain('异议');
    const paid = await post(P.token, `/api/r/bills/${disputed.id}/actions/pay`, { payAmount: '100.00', smsCode: await code(P.phone) });
    expect(paid.status).toBe(409);
    expect(await bill(disputed.id)).toMatchObject({ openAmount: '1000.00', state: 'confirmed' });
    await sound();
  });

  it('passes no part twice: of two accepts at once one wins; an accept and a payment at once never overdraw the bill', async () => {
    const root = await rootBill('1000.00');
    // Two offers of 600.00 each: the bill has 1,000.00 open, so only one can be accepted.
    await passOn(S, root.id, { passAmount: '600.00', receiverId: T.accountId });
    const first = (await latestOffer(root.id)).id;
    await passOn(S, root.id, { passAmount: '600.00', receiverId: T.accountId });
    const second = (await offersOf(root.id)).find((o) => o.id !== first)!.id;
    // Two people of the receiver (its owner and a finance operator, each with its own phone and code) accept at once.
    const financeT = await addOperator(s, T.phone, 'finance');
    const both = await Promise.all([answer(T, first), answer(financeT, second)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await bill(root.id)).toMatchObject({ amount: '400.00', openAmount: '400.00' });
    // One offer accepted twice at once: one child.
    const other = await rootBill('1000.00');
    await passOn(S, other.id, { passAmount: '300.00', receiverId: T.accountId });
    const once = (await latestOffer(other.id)).id;
    const twice = await Promise.all([answer(T, once), answer(financeT, once)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    // An accept while the payer pays all that is open: whichever commits first, the other is refused.
    const raced = await rootBill('1000.00');
    await passOn(S, raced.id, { passAmount: '700.00', receiverId: T.accountId });
    const racing = (await latestOffer(raced.id)).id;
    const [accepted, paid] = await Promise.all([answer(T, racing), post(P.token, `/api/r/bills/${raced.id}/actions/pay`, { payAmount: '1000.00', smsCode: await code(P.phone) })]);
    // The loser is refused: the accept with 409 (nothing open to pass), the payment with 400 (more than is open now).
    const statuses = [accepted.status, paid.status];
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(accepted.status === 200 ? paid.status : accepted.status).toBe(accepted.status === 200 ? 400 : 409);
    const after = await bill(raced.id);
    expect(after.openAmount === '0.00' || after.openAmount === '300.00').toBe(true);
    await sound();
  });

  it('keeps every family whole under random sequences of passing on, answers and payments (property)', async () => {
    // Creditors: S owes T, T owes U (bills above); U owes S: each holder may pass on to the next.
    await owes(U, S, '60000.00');
    const next = new Map([[S.accountId, T], [T.accountId, U], [U.accountId, S]]);
    const byId = new Map([S, T, U].map((p) => [p.accountId, p]));
    const step = fc.oneof(
      fc.record({ t: fc.constant('pass' as const), pick: fc.nat(20), cents: fc.integer({ min: 1, max: 150_000 }) }),
      fc.record({ t: fc.constant('answer' as const), pick: fc.nat(20), accept: fc.boolean() }),
      fc.record({ t: fc.constant('pay' as const), pick: fc.nat(20), cents: fc.integer({ min: 1, max: 150_000 }) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 7 }), async (steps) => {
        await newDay();
        const root = await rootBill('1000.00');
        let paidFen = 0n;
        for (const st of steps) {
          const members = (await s.ctx.db.execute(sql`select record_id::text as id, payee_account_id::text as holder from bills where record_id = ${root.id} or root_bill_id = ${root.id} order by record_id`)) as unknown as { rows?: { id: string; holder: string }[] };
          const fam = members.rows ?? (members as unknown as { id: string; holder: string }[]);
          const target = fam[st.pick % fam.length];
          if (st.t === 'pass') {
            const holder = byId.get(target.holder)!;
            const res = await passOn(holder, target.id, { passAmount: fenToYuan(BigInt(st.cents)), receiverId: next.get(target.holder)!.accountId });
            expect([200, 400, 409]).toContain(res.status);
          } else if (st.t === 'answer') {
            const offers = (await s.ctx.db.select().from(resourceRecords).where(eq(resourceRecords.resource, 'billTransfers'))).filter((o) => o.state === 'offered' && fam.some((m) => m.id === o.data.billId));
            const offer = offers[st.pick % Math.max(offers.length, 1)];
            if (!offer) continue;
            const res = await answer(byId.get(offer.parties.receiver)!, offer.id, st.accept ? 'accept' : 'refuse');
            expect([200, 409]).toContain(res.status);
          } else {
            const res = await post(P.token, `/api/r/bills/${target.id}/actions/pay`, { payAmount: fenToYuan(BigInt(st.cents)), smsCode: await code(P.phone) });
            expect([200, 400, 409]).toContain(res.status);
            if (res.status === 200) paidFen += BigInt(st.cents);
          }
          // The family always owes the root's amount less what was paid on any of its parts.
          const sums = (await s.ctx.db.execute(sql`select coalesce(sum(amount_fen - paid_fen - cleared_fen), 0)::text as open from bills where record_id = ${root.id} or root_bill_id = ${root.id}`)) as unknown as { rows?: { open: string }[] };
          const open = BigInt((sums.rows ?? (sums as unknown as { open: string }[]))[0].open);
          expect(open).toBe(100_000n - paidFen);
        }
        const result = await checkLedger(s.ctx.db, s.ctx.ledgerInvariants);
        expect(result.billFamilies).toEqual([]);
        expect(ledgerSound(result)).toBe(true);
      }),
      { numRuns: 6 },
    );
  });

  it('is switched off where a served variant says so (jjsk)', async () => {
    const jjsk = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password, VARIANTS: 'jjsk' }, undefined, { shareDatabaseOf: s });
    try {
      const root = await rootBill('500.00');
      const res = await jjsk.call('POST', `/api/r/bills/${root.id}/actions/passOn`, { token: S.token, body: { passAmount: '10.00', receiverId: T.accountId, smsCode: await code(S.phone) } });
      expect(res.status).toBe(403);
      expect(res.body.msg).toBe('本平台未开通账单转让');
      expect(await offersOf(root.id)).toEqual([]);
      // The console is not offered the button the server would refuse: jjsk's definitions leave the action out.
      const actionsOn = async (server: TestServer) =>
        (await server.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: S.token })).body.data.find((d) => d.name === 'bills')?.actions?.map((a) => a.name) ?? [];
      expect(await actionsOn(jjsk)).not.toContain('passOn');
      expect(await actionsOn(s)).toContain('passOn');
    } finally {
      await jjsk.close();
    }
  });
});
