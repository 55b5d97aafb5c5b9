// Settlement's other receipts and its report (issue 18), over the API on both databases:
// CollectionDelay prints a bill's delay (a recorded step, no money) with the open amount then;
// a mutual-promise contract's transfers open with the mutual variant's copies (HPaymentReleaseReceipt,
// HReleaseReceipt, HSolution); each opens for the parties, 404s for a third account and verifies
// in public; a reversal reopens the payer's todo to pay; /report/chainOutgoingList (contractOutgoings)
// per contract equals a hand computation on a known world with part payments and a refund; the
// bill lists total the overdue open amount apart.
import { describe, expect, it } from 'vitest';
import type { Page, TodoView } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { EventReceiptView, EventRecordReceipt, PublicReceiptView, ReceiptView, RecordReceipt } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { sql } from 'drizzle-orm';
import { sessions } from '../../src/server/db/schema';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { money, moneySuite, signedContract } from '../support/funds';
import { dbAvailable, type TestServer } from '../support/server';
import { offerBody, type TradingParty } from '../support/trading';
import { storedCode } from '../support/smsCodes';

type AnyRecordReceipt = RecordReceipt | EventRecordReceipt;

describe.skipIf(!dbAvailable)('settlement receipts and the outgoing detail', { timeout: 240_000 }, () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite({ phone: '13800000071', password: 'Admin#2026' }, { buyer: '上海出账买方有限公司', seller: '江苏出账卖方有限公司', third: '出账无关第三方有限公司' }, '500000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });

  const code = (phone: string) => storedCode(s.ctx.db, s.clock.now(), phone);
  const step = async (who: TradingParty | string, resource: string, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) => {
    const token = typeof who === 'string' ? who : who.token;
    const smsCode = withCode && typeof who !== 'string' ? await code(who.phone) : undefined;
    const res = await money(s, token, `/api/r/${resource}/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
    expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };
  const receipt = <T = ReceiptView>(who: { token: string }, id: string, template?: string) =>
    s.call<T>('GET', `/api/receipts/${id}${template ? `?template=${template}` : ''}`, { token: who.token });
  const verify = (id: string, template: string) => s.call<PublicReceiptView>('GET', `/api/public/receipts/${id}?template=${template}`);
  const receiptsOf = async (who: { token: string }, resource: string, id: string) =>
    (await s.call<AnyRecordReceipt[]>('GET', `/api/receipts?resource=${resource}&id=${id}`, { token: who.token })).body.data;
  const idOf = (r: AnyRecordReceipt) => ('transferId' in r ? r.transferId : r.eventId);
  const billsOf = async (contractId: string) =>
    (await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?scope=payer&pageSize=100', { token: buyer.token })).body.data.records.filter((b) => b.contractId === contractId);
  const tokenOf = (t: string) => ({ token: t });

  /** Collateral paid, delivered, receipt confirmed: released to the seller, the buyer billed for the rest. */
  const complete = async (contractId: string) => {
    await step(buyer, 'contracts', contractId, 'payCollateral', {}, true);
    await step(seller, 'contracts', contractId, 'deliver', { deliveryNote: '已按合同发货' });
    await step(buyer, 'contracts', contractId, 'confirmReceipt', {}, true);
  };
  const contract = (title: string, quantity: number) => {
    s.clock.advance(6 * 3600_000);
    return signedContract(s, buyer, seller, title, { quantity });
  };

  let ids: { a: string; b: string; m: string };

  it('prints a delay as CollectionDelay: open amount in figures and capitals, due days, reason; parties only; verifies', async () => {
    const c = await contract('出账合同A', 10);
    await complete(c.id);
    const [bill] = await billsOf(c.id);
    expect(bill).toMatchObject({ amount: '32000.00' });
    await step(buyer, 'bills', bill.id, 'confirm', {}, true);
    await step(buyer, 'bills', bill.id, 'pay', { payAmount: '12000.00' }, true);
    const first = String(bill.dueDay);
    const later = chinaDay(new Date(s.clock.now().getTime() + 60 * 86_400_000));
    await step(seller, 'bills', bill.id, 'delay', { dueDay: later, reason: '买方资金周转，同意延期' });
    s.clock.advance(60_000);
    const last = chinaDay(new Date(s.clock.now().getTime() + 90 * 86_400_000));
    await step(seller, 'bills', bill.id, 'delay', { dueDay: last, reason: '再次延期' });

    const list = await receiptsOf(buyer, 'bills', bill.id);
    expect(list.map((r) => r.template)).toEqual(['Solution', 'CollectionDelay', 'CollectionDelay']);
    const [, delay1, delay2] = list;
    expect(delay1).toMatchObject({ kind: 'delay', amount: '20000.00', path: `/CollectionDelay?id=${idOf(delay1)}` });
    const view = (await receipt<EventReceiptView>(buyer, idOf(delay1), 'CollectionDelay')).body.data;
    expect(view).toMatchObject({
      template: 'CollectionDelay',
      amount: '20000.00',
      capitals: '贰万元整',
      payer: { name: buyer.name },
      payee: { name: seller.name },
      status: 'delayed',
      delay: { fromDay: first, toDay: later, reason: '买方资金周转，同意延期' },
      reference: { resource: 'bills', id: bill.id, title: '出账合同A' },
    });
    expect(view.number).toMatch(/^LSF\d{8}[0-9A-F]{12}$/);
    expect(view.verifyUrl).toContain(`/receipt/verify?id=${idOf(delay1)}&template=CollectionDelay`);
    // The second delay moves from the day the first set.
    expect((await receipt<EventReceiptView>(seller, idOf(delay2), 'CollectionDelay')).body.data.delay).toEqual({ fromDay: later, toDay: last, reason: '再次延期' });
    expect((await receipt(tokenOf(ops), idOf(delay1), 'CollectionDelay')).status).toBe(200);
    expect((await receipt(third, idOf(delay1), 'CollectionDelay')).status).toBe(404);
    expect((await s.call('GET', `/api/receipts?resource=bills&id=${bill.id}`, { token: third.token })).status).toBe(404);
    // A delay is not a transfer, and a transfer is not a delay.
    expect((await receipt(buyer, idOf(delay1))).status).toBe(404);
    expect((await receipt(buyer, idOf(list[0]), 'CollectionDelay')).status).toBe(404);
    expect((await verify(idOf(delay1), 'CollectionDelay')).body.data).toMatchObject({ genuine: true, amount: '20000.00', payer: buyer.name, payee: seller.name, delay: { toDay: later } });
    expect((await verify(idOf(list[0]), 'CollectionDelay')).status).toBe(404);
    // Later payments do not change what the delay's receipt printed.
    await step(buyer, 'bills', bill.id, 'pay', { payAmount: '1000.00' }, true);
    expect((await receipt(buyer, idOf(delay1), 'CollectionDelay')).body.data.amount).toBe('20000.00');
    ids = { a: c.id, b: '', m: '' };
  });

  it("reopens the payer's todo to pay after ops reverse a payment that paid the bill", async () => {
    const c = await contract('出账合同B', 5);
    const dueDay = chinaDay(new Date(s.clock.now().getTime() + 20 * 86_400_000));
    const made = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: c.id, amount: '1000.00', dueDay } });
    const bill = made.body.data;
    await step(buyer, 'bills', bill.id, 'confirm', {}, true);
    const openToPay = async () => (await s.call<Page<TodoView>>('POST', '/api/system/newTodo/todoList', { token: buyer.token, body: { pageNo: 1, pageSize: 100 } })).body.data.records.filter((t) => t.status === 'open' && t.link?.includes(bill.id));
    expect(await openToPay()).toHaveLength(1);
    await step(buyer, 'bills', bill.id, 'pay', { payAmount: '1000.00' }, true);
    expect(await openToPay()).toHaveLength(0);
    await step(ops, 'bills', bill.id, 'reversePayment', { reason: '付款方误付，退回' });
    expect(await openToPay()).toHaveLength(1);
    // Then part of it is paid, and the collateral refunded after an objection.
    await step(buyer, 'bills', bill.id, 'pay', { payAmount: '400.00' }, true);
    await step(buyer, 'contracts', c.id, 'payCollateral', {}, true);
    await step(buyer, 'contracts', c.id, 'object', { objectionReason: '到货规格与合同不符' }, true);
    await step(ops, 'contracts', c.id, 'resolveRefund', { resolution: '经核实规格不符，退还买方', deposit: 'refund' });
    ids.b = c.id;
  });

  it("opens a mutual-promise contract's release and bill payment with the mutual copies", async () => {
    for (const who of [buyer, seller]) expect((await s.call('POST', '/api/system/users/openMutual', { token: who.token })).status).toBe(200);
    s.clock.advance(6 * 3600_000);
    const offer = (await s.call<ResourceRecord>('POST', '/api/r/mutualOffers', { token: buyer.token, body: offerBody('出账互诺合同M', { side: 'buyer', quantity: 2 }) })).body.data;
    expect((await s.call('POST', `/api/r/mutualOffers/${offer.id}/actions/publish`, { token: buyer.token, body: {} })).status).toBe(200);
    const accepted = await s.call<ResourceRecord>('POST', `/api/r/mutualOffers/${offer.id}/actions/accept`, { token: seller.token, body: {} });
    const id = String(accepted.body.data.contractId);
    for (const who of [buyer, seller]) expect((await s.call('POST', `/api/r/contracts/${id}/actions/sign`, { token: who.token, body: { smsCode: await code(who.phone) } })).status).toBe(200);
    await complete(id);
    const buyerList = await receiptsOf(buyer, 'contracts', id);
    const sellerList = await receiptsOf(seller, 'contracts', id);
    expect(buyerList.map((r) => r.template)).toEqual(['Chainpayment', 'HPaymentReleaseReceipt']);
    expect(sellerList.map((r) => r.template)).toEqual(['Chainpayment', 'HReleaseReceipt']);
    const release = idOf(sellerList[1]);
    expect((await receipt(buyer, release)).body.data).toMatchObject({ template: 'HReleaseReceipt', amount: '1600.00', capitals: '壹仟陆佰元整', payee: { name: seller.name } });
    expect((await receipt(buyer, release, 'HPaymentReleaseReceipt')).body.data).toMatchObject({ template: 'HPaymentReleaseReceipt', payer: { name: buyer.name, detail: 'escrow' }, payee: { name: seller.name } });
    expect((await receipt(third, release, 'HReleaseReceipt')).status).toBe(404);
    expect((await verify(release, 'HPaymentReleaseReceipt')).body.data).toMatchObject({ genuine: true, template: 'HPaymentReleaseReceipt', amount: '1600.00' });

    const [bill] = await billsOf(id);
    await step(buyer, 'bills', bill.id, 'confirm', {}, true);
    await step(buyer, 'bills', bill.id, 'pay', { payAmount: '6400.00' }, true);
    const [paid] = await receiptsOf(seller, 'bills', bill.id);
    expect(paid).toMatchObject({ template: 'HSolution', amount: '6400.00', path: `/HSolution?id=${idOf(paid)}` });
    expect((await receipt(buyer, idOf(paid))).body.data).toMatchObject({ template: 'HSolution', amount: '6400.00', capitals: '陆仟肆佰元整', payer: { name: buyer.name }, payee: { name: seller.name } });
    expect((await receipt(third, idOf(paid), 'HSolution')).status).toBe(404);
    expect((await verify(idOf(paid), 'HSolution')).body.data.genuine).toBe(true);
    // A contract that is not a mutual-promise one has no mutual copy.
    const plain = (await receiptsOf(buyer, 'contracts', ids.a)).find((r) => r.kind === 'release')!;
    expect((await receipt(buyer, idOf(plain), 'HReleaseReceipt')).status).toBe(404);
    ids.m = id;
  });

  it('lists one outgoing line per contract and side, equal to a hand computation, with totals, filters and export', async () => {
    type Line = ResourceRecord & Record<string, string>;
    const report = async (who: { token: string }, query = '') =>
      (await s.call<Page<Line> & { totals: Record<string, string> }>('GET', `/api/r/contractOutgoings?pageSize=100${query}`, { token: who.token })).body.data;
    const mine = await report(buyer);
    const line = (id: string) => mine.records.find((r) => r.id === id);
    // A: 10 x 4000 = 40000, collateral 20 % released, billed the rest, 12000 + 1000 paid.
    expect(line(ids.a)).toMatchObject({ side: 'buyer', counterparty: seller.name, state: 'completed', amount: '40000.00', collateral: '8000.00', released: '8000.00', refunded: '0.00', billed: '32000.00', paid: '13000.00', open: '19000.00' });
    // B: 20000, collateral refunded after the objection, a bill of 1000 paid, reversed, then 400 paid.
    expect(line(ids.b)).toMatchObject({ side: 'buyer', state: 'refunded', amount: '20000.00', collateral: '4000.00', released: '0.00', refunded: '4000.00', billed: '1000.00', paid: '400.00', open: '600.00' });
    // M: 8000, collateral 1600 released, the bill of 6400 paid.
    expect(line(ids.m)).toMatchObject({ amount: '8000.00', collateral: '1600.00', released: '1600.00', billed: '6400.00', paid: '6400.00', open: '0.00' });
    expect(mine.total).toBe(3);
    expect(mine.totals).toEqual({ amount: '68000.00', collateral: '13600.00', released: '9600.00', refunded: '4000.00', billed: '39400.00', paid: '19800.00', open: '19600.00' });
    // The seller sees the same contracts from its side; a third account none.
    const theirs = await report(seller);
    expect(theirs.records.map((r) => [r.id, r.side, r.counterparty]).sort()).toEqual([ids.a, ids.b, ids.m].map((id) => [id, 'seller', buyer.name]).sort());
    expect((await report(third)).total).toBe(0);
    expect((await s.call('GET', `/api/r/contractOutgoings/${ids.a}`, { token: third.token })).status).toBe(404);
    expect((await s.call<Line>('GET', `/api/r/contractOutgoings/${ids.a}`, { token: seller.token })).body.data).toMatchObject({ side: 'seller', open: '19000.00' });
    // Filters: state, side, counterparty; totals over every match.
    expect((await report(buyer, '&state=refunded')).totals).toMatchObject({ amount: '20000.00', refunded: '4000.00', open: '600.00' });
    expect((await report(buyer, '&side=seller')).total).toBe(0);
    expect((await report(buyer, `&counterparty=${encodeURIComponent('江苏出账')}`)).total).toBe(3);
    expect((await report(buyer, `&counterparty=${encodeURIComponent('无此公司')}`)).total).toBe(0);
    const exported = await fetch(`${s.baseUrl}/api/r/contractOutgoings/export?format=csv&state=refunded`, { headers: { authorization: buyer.token } });
    expect(exported.status).toBe(200);
    const csv = (await exported.text()).split('\n').filter(Boolean);
    expect(csv[0]).toContain('已退款（元）');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain('出账合同B');
    const ledger = await checkLedger(s.ctx.db, s.ctx.ledgerInvariants);
    expect(ledgerSound(ledger)).toBe(true);
  });

  it('totals the open amount of overdue bills apart on the payables and receivables lists', async () => {
    const totals = async (who: TradingParty, scope: string) => {
      const res = await s.call<Page<ResourceRecord> & { totals: Record<string, string> }>('GET', `/api/r/bills?scope=${scope}`, { token: who.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.totals;
    };
    expect(await totals(buyer, 'payer')).toMatchObject({ openAmount: '19600.00', overdueAmount: '0.00' });
    // Past B's due day (20 days): its 600.00 is overdue; A's was delayed by 90 days. The sign-ins
    // of this suite are kept valid over the jump (a token lives a fixed time).
    await s.ctx.db.update(sessions).set({ expiresAt: sql`${sessions.expiresAt} + interval '30 days'` });
    s.clock.advance(21 * 86_400_000);
    expect(await totals(buyer, 'payer')).toMatchObject({ openAmount: '19600.00', overdueAmount: '600.00' });
    expect(await totals(seller, 'payee')).toMatchObject({ overdueAmount: '600.00' });
    expect((await s.call<Page<ResourceRecord> & { totals: Record<string, string> }>('GET', '/api/r/bills?scope=payer&state=confirmed,partiallyPaid', { token: buyer.token })).body.data.totals.overdueAmount).toBe('0.00');
  });
});
