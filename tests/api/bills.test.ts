// Bills (issue 18, DESIGN §9) over the API, on both databases: a completed contract bills its
// buyer for the amount less the collateral, the payer confirms it with an SMS code and pays it in
// parts or with other bills at once; bad input writes nothing; who may see and do what; receipts
// Solution, Solutions and Solutionsback with figures and capitals; the ledger's six invariants.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ReceiptView, RecordReceipt } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { queryRows } from '../../src/server/db/rows';
import { remindDue } from '../../src/server/domains/settlement/news';
import { payBill } from '../../src/server/domains/settlement/pay';
import { lockBillRecords, nettableBills } from '../../src/server/domains/settlement/store';
import { CLEARING_JOB, writeDownBills } from '../../src/server/domains/settlement/clearing';
import type { Db } from '../../src/server/db/client';
import { resourceRecords } from '../../src/server/db/schema';

import { money, signedContract, wallet, moneySuite, expectLedgerSound, messageTitles, openTodos } from '../support/funds';
import { addOperator } from '../support/operators';
import { dbAvailable, type TestServer } from '../support/server';
import type { TradingParty } from '../support/trading';
import { storedCode } from '../support/smsCodes';

describe.skipIf(!dbAvailable)('bills: issue, confirm, pay, reverse', { timeout: 240_000 }, () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite({ phone: '13800000061', password: 'Admin#2026' }, { buyer: '上海账单买方有限公司', seller: '江苏账单卖方有限公司', third: '账单无关第三方有限公司' }, '500000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });
  const code = (phone: string) => storedCode(s.ctx.db, s.clock.now(), phone);

  const get = (who: { token: string }, id: string) => s.call<ResourceRecord>('GET', `/api/r/bills/${id}`, { token: who.token });
  const act = async (who: TradingParty | string, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) => {
    const token = typeof who === 'string' ? who : who.token;
    const smsCode = withCode && typeof who !== 'string' ? await code(who.phone) : undefined;
    return money(s, token, `/api/r/bills/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
  };
  const payMany = async (who: TradingParty, items: { billId: string; amount: string }[], key?: string) =>
    money<{ paymentId: string; amount: string; bills: ResourceRecord[]; transfers: { transferId: string; billId: string; amount: string }[]; receipt: string }>(
      s,
      who.token,
      '/api/settlement/payments',
      { items, smsCode: await code(who.phone) },
      key,
    );
  const list = (who: { token: string }, query: string) => s.call<Page<ResourceRecord> & { totals?: Record<string, string> }>('GET', `/api/r/bills?${query}`, { token: who.token });
  const sound = () => expectLedgerSound(s);
  const titles = (who: TradingParty) => messageTitles(s, who);
  const todos = async (who: TradingParty) => (await openTodos(s, who)).map((t) => t.title);

  /** A signed contract; signing sends real codes, a few hours apart (ten a day per phone). */
  const contract = (title: string, extra: Record<string, unknown> = {}) => {
    s.clock.advance(6 * 3600_000);
    return signedContract(s, buyer, seller, title, extra);
  };

  /** A contract taken to completion (collateral paid, delivered, receipt confirmed): its bill. */
  async function completedContractBill(title: string, extra: Record<string, unknown> = {}): Promise<{ contract: ResourceRecord; bill: ResourceRecord }> {
    const c = await contract(title, extra);
    for (const [who, action, body] of [[buyer, 'payCollateral', {}], [seller, 'deliver', { deliveryNote: '已按合同发货' }], [buyer, 'confirmReceipt', {}]] as const) {
      const res = await money(s, who.token, `/api/r/contracts/${c.id}/actions/${action}`, action === 'deliver' ? body : { ...body, smsCode: await code(who.phone) });
      expect(res.status, `${action} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const bills = (await list(buyer, 'scope=payer&pageSize=100')).body.data.records.filter((b) => b.contractId === c.id);
    expect(bills).toHaveLength(1);
    return { contract: (await s.call<ResourceRecord>('GET', `/api/r/contracts/${c.id}`, { token: buyer.token })).body.data, bill: bills[0] };
  }

  it('bills the buyer for the amount less the collateral when a contract completes, due after its payment term', async () => {
    const now = s.clock.now();
    const { contract, bill } = await completedContractBill('账单合同（完成开票）', { quantity: 10 });
    expect(contract).toMatchObject({ state: 'completed', amount: '40000.00', collateralAmount: '8000.00', paymentTermDays: 30 });
    expect(bill).toMatchObject({
      state: 'pendingConfirmation',
      origin: 'contractCompleted',
      amount: '32000.00',
      paidAmount: '0.00',
      openAmount: '32000.00',
      payerName: '上海账单买方有限公司',
      payeeName: '江苏账单卖方有限公司',
      contractTitle: '账单合同（完成开票）',
      dueDay: chinaDay(new Date(now.getTime() + 30 * 86_400_000)),
      parties: { payer: buyer.accountId, payee: seller.accountId },
    });
    expect(await todos(buyer)).toContain('确权账单：合同《账单合同（完成开票）》32,000.00 元，收款方 江苏账单卖方有限公司');
    expect(await titles(buyer)).toContain('收到待确权账单');
    // The contract document states the payment term.
    const doc = await s.call<{ text: string }>('GET', `/api/r/contracts/${contract.id}/document`, { token: buyer.token });
    expect(doc.body.data.text).toContain('30 日内付清');
    await sound();
  });

  it('takes a payment term on a contract sent directly, and refuses one out of range', async () => {
    const order = (paymentTermDays: number) => ({
      orderType: 'electronic',
      side: 'seller',
      counterpartyId: buyer.accountId,
      title: '账单合同（期限）',
      goodsName: '螺纹钢',
      unit: 'ton',
      quantity: 1,
      unitPrice: '4100.00',
      collateralRatio: 10,
      deliveryDate: '2099-12-20',
      deliveryRegion: ['33', '3301', '330106'],
      paymentTermDays,
    });
    const made = await s.call<ResourceRecord>('POST', '/api/r/contracts', { token: seller.token, body: order(45) });
    expect(made.body.data).toMatchObject({ paymentTermDays: 45 });
    for (const days of [0, 366, 1.5]) expect((await s.call('POST', '/api/r/contracts', { token: seller.token, body: order(days) })).status, String(days)).toBe(400);
  });

  it('confirms with a fresh SMS code only, then pays in two parts; receipts print figures and capitals', async () => {
    const { bill } = await completedContractBill('账单合同（两次付款）', { quantity: 5 });
    expect(bill.amount).toBe('16000.00');
    // Not confirmed: not payable yet.
    expect((await act(buyer, bill.id, 'pay', { payAmount: '100.00' }, true)).status).toBe(409);
    // Confirming needs the payer's code: without one, or a wrong one, it stays to confirm.
    expect((await act(buyer, bill.id, 'confirm', {})).status).toBe(400);
    expect((await act(buyer, bill.id, 'confirm', { smsCode: '000000' })).status).toBe(400);
    expect((await act(seller, bill.id, 'confirm', {}, true)).status).toBe(403);
    expect((await get(buyer, bill.id)).body.data.state).toBe('pendingConfirmation');
    const confirmed = await act(buyer, bill.id, 'confirm', {}, true);
    expect(confirmed.body.data).toMatchObject({ state: 'confirmed' });
    expect(await titles(seller)).toContain('账单已确权');
    expect(await todos(buyer)).toContain(`支付账单：合同《账单合同（两次付款）》未付 16,000.00 元，${bill.dueDay} 到期`);

    const before = await wallet(s, buyer.token);
    const sellerBefore = await wallet(s, seller.token);
    const first = await act(buyer, bill.id, 'pay', { payAmount: '6000.50' }, true);
    expect(first.body.data).toMatchObject({ state: 'partiallyPaid', paidAmount: '6000.50', openAmount: '9999.50' });
    expect(await titles(seller)).toContain('账单收到部分付款');
    const second = await act(buyer, bill.id, 'pay', { payAmount: '9999.50' }, true);
    expect(second.body.data).toMatchObject({ state: 'paid', paidAmount: '16000.00', openAmount: '0.00' });
    expect((await wallet(s, buyer.token)).available).toBe((Number(before.available) - 16000).toFixed(2));
    expect((await wallet(s, seller.token)).available).toBe((Number(sellerBefore.available) + 16000).toFixed(2));
    expect(await titles(seller)).toContain('账单已付清');
    expect((await todos(buyer)).filter((t) => t.includes('两次付款'))).toEqual([]);

    const receipts = (await s.call<RecordReceipt[]>('GET', `/api/receipts?resource=bills&id=${bill.id}`, { token: seller.token })).body.data;
    expect(receipts.map((r) => [r.template, r.amount])).toEqual([
      ['Solution', '6000.50'],
      ['Solution', '9999.50'],
    ]);
    const receipt = (await s.call<ReceiptView>('GET', `/api/receipts/${receipts[0].transferId}`, { token: buyer.token })).body.data;
    expect(receipt).toMatchObject({ template: 'Solution', amount: '6000.50', capitals: '陆仟元伍角', payer: { name: '上海账单买方有限公司' }, payee: { name: '江苏账单卖方有限公司' }, status: 'completed' });
    expect(receipt.reference).toMatchObject({ resource: 'bills', id: bill.id, title: '账单合同（两次付款）' });
    // Anyone holding the link can check it; a stranger signed in cannot read it.
    const verified = await s.call<{ genuine: boolean; amount: string; capitals: string }>('GET', `/api/public/receipts/${receipts[0].transferId}?template=Solution`);
    expect(verified.body.data).toMatchObject({ genuine: true, amount: '6000.50', capitals: '陆仟元伍角' });
    expect((await s.call('GET', `/api/receipts/${receipts[0].transferId}`, { token: third.token })).status).toBe(404);
    await sound();
  });

  it('pays several bills in one payment (receipt Solutions) and refuses bad lines writing nothing', async () => {
    const a = (await completedContractBill('账单合同（合并甲）', { quantity: 2 })).bill;
    const b = (await completedContractBill('账单合同（合并乙）', { quantity: 3 })).bill;
    const pending = (await completedContractBill('账单合同（未确权）', { quantity: 1 })).bill;
    await act(buyer, a.id, 'confirm', {}, true);
    await act(buyer, b.id, 'confirm', {}, true);
    const before = await wallet(s, buyer.token);
    // Another account's bill (as a payer), over the open amount, zero, three decimals, not confirmed: each refused, nothing written.
    const cases: [{ billId: string; amount: string }[], number][] = [
      [[{ billId: a.id, amount: '6400.01' }], 400],
      [[{ billId: a.id, amount: '0.00' }], 400],
      [[{ billId: a.id, amount: '1.005' }], 400],
      [[{ billId: a.id, amount: '10.00' }, { billId: pending.id, amount: '10.00' }], 409],
      [[{ billId: a.id, amount: '10.00' }, { billId: a.id, amount: '10.00' }], 400],
    ];
    for (const [items, status] of cases) {
      const res = await payMany(buyer, items);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
    }
    expect((await payMany(seller, [{ billId: a.id, amount: '10.00' }])).status).toBe(403);
    expect((await payMany(third, [{ billId: a.id, amount: '10.00' }])).status).toBe(404);
    const over = await payMany(buyer, [{ billId: a.id, amount: '6400.01' }]);
    expect(over.body.data).toMatchObject({ 'items.0.amount': '超出账单未付金额 6,400.00 元' });
    expect(await wallet(s, buyer.token)).toEqual(before);
    expect((await get(buyer, a.id)).body.data).toMatchObject({ state: 'confirmed', paidAmount: '0.00' });

    const key = crypto.randomUUID();
    const body = { items: [{ billId: a.id, amount: '6400.00' }, { billId: b.id, amount: '1000.00' }], smsCode: await code(buyer.phone) };
    type Paid = { paymentId: string; amount: string; bills: ResourceRecord[]; transfers: { transferId: string; billId: string; amount: string }[]; receipt: string };
    const paid = await money<Paid>(s, buyer.token, '/api/settlement/payments', body, key);
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.data.amount).toBe('7400.00');
    expect(Object.fromEntries(paid.body.data.bills.map((x) => [x.id, x.state]))).toEqual({ [a.id]: 'paid', [b.id]: 'partiallyPaid' });
    expect(paid.body.data.receipt).toMatch(/^\/Solutions\?id=/);
    expect((await wallet(s, buyer.token)).available).toBe((Number(before.available) - 7400).toFixed(2));
    // The same request again (a retry) answers the same payment and moves nothing more.
    const again = await money<Paid>(s, buyer.token, '/api/settlement/payments', body, key);
    expect(again.body.data.paymentId).toBe(paid.body.data.paymentId);
    expect((await wallet(s, buyer.token)).available).toBe((Number(before.available) - 7400).toFixed(2));

    const receipt = (await s.call<ReceiptView>('GET', `/api/receipts/${paid.body.data.transfers[0].transferId}?template=Solutions`, { token: buyer.token })).body.data;
    expect(receipt).toMatchObject({ template: 'Solutions', amount: '7400.00', capitals: '柒仟肆佰元整' });
    expect(receipt.lines?.map((l) => [l.title, l.amount]).sort()).toEqual([
      ['账单合同（合并乙）', '1000.00'],
      ['账单合同（合并甲）', '6400.00'],
    ]);
    await sound();
  });

  it('lets a payee issue, cancel and delay; the payer reject; ops reverse a payment', async () => {
    const c = await contract('账单合同（手工开票）', { quantity: 10 });
    const dueDay = chinaDay(new Date(s.clock.now().getTime() + 10 * 86_400_000));
    const issue = (who: TradingParty, amount: string, day = dueDay) => s.call<ResourceRecord>('POST', '/api/r/bills', { token: who.token, body: { contractId: c.id, amount, dueDay: day } });
    // A stranger cannot bill under it; the payee not past what the contract leaves; not with a past due day.
    expect((await issue(third, '100.00')).status).toBe(400);
    expect((await issue(seller, '32000.01')).body.data).toMatchObject({ amount: '超出该合同可开具的金额，尚可开具 32,000.00 元' });
    expect((await issue(seller, '100.00', '2020-01-01')).status).toBe(400);
    const made = await issue(seller, '1000.00');
    expect(made.body.data).toMatchObject({ state: 'pendingConfirmation', origin: 'issued', payerName: '上海账单买方有限公司', openAmount: '1000.00' });
    const cancelled = await act(seller, made.body.data.id, 'cancel', { reason: '开错金额' });
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', cancelReason: '开错金额' });
    expect(await titles(buyer)).toContain('账单已撤销');

    const rejectMe = (await issue(seller, '500.00')).body.data;
    expect((await act(seller, rejectMe.id, 'reject', { reason: '自己拒绝' })).status).toBe(403);
    expect((await act(buyer, rejectMe.id, 'reject', { reason: '未收到货' })).body.data).toMatchObject({ state: 'rejected', rejectReason: '未收到货' });
    expect(await titles(seller)).toContain('账单被拒绝');

    const bill = (await issue(seller, '2000.00')).body.data;
    await act(buyer, bill.id, 'confirm', {}, true);
    const later = chinaDay(new Date(s.clock.now().getTime() + 40 * 86_400_000));
    expect((await act(seller, bill.id, 'delay', { dueDay: '2020-01-01', reason: '延期' })).status).toBe(400);
    expect((await act(buyer, bill.id, 'delay', { dueDay: later, reason: '延期' })).status).toBe(403);
    const delayed = await act(seller, bill.id, 'delay', { dueDay: later, reason: '客户资金周转' });
    expect(delayed.body.data).toMatchObject({ state: 'confirmed', dueDay: later, originalDueDay: dueDay, delayReason: '客户资金周转' });
    expect(await titles(buyer)).toContain('账单已延期');

    await act(buyer, bill.id, 'pay', { payAmount: '2000.00' }, true);
    const sellerBefore = await wallet(s, seller.token);
    expect((await act(seller, bill.id, 'reversePayment', { reason: '误付' })).status).toBe(403);
    const reversed = await act(ops, bill.id, 'reversePayment', { reason: '付款方误付，申请退回' });
    expect(reversed.body.data).toMatchObject({ state: 'confirmed', paidAmount: '0.00', openAmount: '2000.00' });
    expect((await wallet(s, seller.token)).available).toBe((Number(sellerBefore.available) - 2000).toFixed(2));
    const receipts = (await s.call<RecordReceipt[]>('GET', `/api/receipts?resource=bills&id=${bill.id}`, { token: buyer.token })).body.data;
    // The payment, its reversal and the delay's receipt (a recorded step, no money); the test's
    // clock stands still, so they share one time and their order is not asserted.
    expect(receipts.map((r) => r.template).sort()).toEqual(['CollectionDelay', 'Solution', 'Solutionsback']);
    const back = (await s.call<ReceiptView>('GET', `/api/receipts/${receipts.find((r) => r.template === 'Solutionsback')!.transferId}`, { token: buyer.token })).body.data;
    expect(back).toMatchObject({ amount: '2000.00', capitals: '贰仟元整', payer: { name: '江苏账单卖方有限公司' }, payee: { name: '上海账单买方有限公司' } });
    await sound();
  });

  it('turns a confirmed bill overdue past its due day, reminds once, and nets through the store', async () => {
    const c = await contract('账单合同（逾期）', { quantity: 1 });
    const dueDay = chinaDay(new Date(s.clock.now().getTime() + 2 * 86_400_000));
    const bill = (await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: c.id, amount: '300.00', dueDay } })).body.data;
    await act(buyer, bill.id, 'confirm', {}, true);
    expect(await remindDue(s.ctx, s.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await titles(buyer)).toContain('账单即将到期');
    s.clock.advance(3 * 86_400_000);
    expect((await get(buyer, bill.id)).body.data.state).toBe('overdue');
    await remindDue(s.ctx, s.clock.now());
    expect(await titles(seller)).toContain('账单已逾期');
    expect(await remindDue(s.ctx, s.clock.now())).toBe(0);
    // Overdue bills are paid (and stay overdue while something is open).
    expect((await act(buyer, bill.id, 'pay', { payAmount: '100.00' }, true)).body.data).toMatchObject({ state: 'overdue', openAmount: '200.00' });
    // What netting reads and writes.
    expect((await nettableBills(s.ctx.db, [buyer.accountId, seller.accountId])).find((b) => b.id === bill.id)).toMatchObject({ openFen: 20000n, state: 'overdue', payerAccountId: buyer.accountId });
    await s.ctx.db.transaction(async (tx) => {
      await writeDownBills(tx as never, s.ctx, [{ id: bill.id, fen: 20000n, state: 'overdue' }], { runId: 'test-run', mover: { job: CLEARING_JOB }, now: s.clock.now() });
    });
    expect((await get(buyer, bill.id)).body.data).toMatchObject({ state: 'paid', clearedAmount: '200.00', openAmount: '0.00' });
    await expect(s.ctx.db.transaction(async (tx) => writeDownBills(tx as never, s.ctx, [{ id: bill.id, fen: 1n, state: 'paid' }], { runId: 'x', mover: { job: CLEARING_JOB }, now: s.clock.now() }))).rejects.toThrow();
    await sound();
  });

  it('shows each side its bills with totals over every match; operators by their grants; export', async () => {
    const payer = (await list(buyer, 'scope=payer&pageSize=5')).body.data;
    expect(payer.total).toBeGreaterThan(3);
    expect(payer.totals).toBeDefined();
    const all = (await list(buyer, 'scope=payer&pageSize=100')).body.data.records;
    const sum = (field: string) => all.reduce((acc, b) => acc + Math.round(Number(b[field]) * 100), 0);
    expect(payer.totals).toMatchObject({ amount: (sum('amount') / 100).toFixed(2), openAmount: (sum('openAmount') / 100).toFixed(2), paidAmount: (sum('paidAmount') / 100).toFixed(2) });
    const overdue = (await list(buyer, 'scope=payer&state=overdue')).body.data;
    expect(overdue.records.every((b) => b.state === 'overdue')).toBe(true);
    expect((await list(seller, 'scope=payee&pageSize=100')).body.data.total).toBe(all.length);
    expect((await list(third, 'scope=payer')).body.data.total).toBe(0);
    expect((await list({ token: ops }, 'scope=ops')).body.data.total).toBeGreaterThanOrEqual(all.length);
    const exported = await fetch(`${s.baseUrl}/api/r/bills/export?scope=payer&format=csv&state=paid`, { headers: { authorization: buyer.token } });
    expect(exported.status).toBe(200);
    const csv = (await exported.text()).split('\n');
    expect(csv[0]).toContain('未付金额（元）');
    expect(csv.slice(1).filter(Boolean).length).toBe(all.filter((b) => b.state === 'paid').length);
    expect((await fetch(`${s.baseUrl}/api/r/bills/export?scope=payer&format=csv`, { headers: { authorization: third.token } })).status).toBe(200);
    // Operators: finance pays; a purchaser and a viewer read but do not act; a seller-type operator does not see bills.
    const id = all.find((b) => b.state === 'confirmed' || b.state === 'partiallyPaid')?.id ?? all[0].id;
    for (const [role, read, canPay] of [['finance', 200, true], ['purchaser', 200, false], ['viewer', 200, false], ['seller', 403, false]] as const) {
      const op = await addOperator(s, buyer.phone, role);
      expect((await s.call('GET', `/api/r/bills/${id}`, { token: op.token })).status, role).toBe(read);
      const pay = await money(s, op.token, `/api/r/bills/${id}/actions/pay`, { payAmount: '0.01', smsCode: await code(op.phone) });
      expect(pay.status === 200, `${role} ${pay.status}`).toBe(canPay);
    }
    await sound();
  });

  it('answers totals under filters equal to the sum of the matching rows, from the bills table and from the records alike', async () => {
    // Owed, paid, overdue and partly paid bills exist from the tests above; one more, confirmed.
    const { bill } = await completedContractBill('账单合同（合计）', { quantity: 2 });
    await act(buyer, bill.id, 'confirm', {}, true);
    const later = chinaDay(new Date(s.clock.now().getTime() + 400 * 86_400_000));
    const queries = [
      'scope=payer',
      'scope=payer&state=confirmed,partiallyPaid,overdue',
      'scope=payer&state=paid',
      'scope=payer&state=overdue',
      'scope=payer&amount=100,10000',
      'scope=payer&openAmount=0.01,',
      `scope=payer&dueDay=2020-01-01,${later}&state=confirmed,overdue&amount=1,`,
      `scope=payer&dueDay=,${chinaDay(s.clock.now())}`,
      'scope=payee&state=partiallyPaid,paid',
      'scope=payee&openAmount=,0',
      // A text filter: the totals come from the records' JSON (no column for it in the bills table).
      'scope=payer&payeeName=江苏账单卖方',
      'scope=mine&state=overdue',
    ];
    const cent = (v: unknown) => Math.round(Number(v) * 100);
    const yuan = (fen: number) => (fen / 100).toFixed(2);
    let nonEmpty = 0;
    for (const query of queries) {
      const who = query.startsWith('scope=payee') ? seller : buyer;
      const page = (await list(who, `${query}&pageSize=100`)).body.data;
      expect(page.totalExact, query).not.toBe(false);
      expect(page.records.length, query).toBe(page.total);
      const sum = (field: string, rows = page.records) => yuan(rows.reduce((acc, b) => acc + cent(b[field]), 0));
      expect(page.totals, query).toEqual({
        amount: sum('amount'),
        paidAmount: sum('paidAmount'),
        openAmount: sum('openAmount'),
        overdueAmount: sum('openAmount', page.records.filter((b) => b.state === 'overdue')),
      });
      if (page.total) nonEmpty += 1;
    }
    expect(nonEmpty).toBeGreaterThan(8);
    // The bills table's copies of each record's state and due day, which the totals read.
    const drift = await queryRows(s.ctx.db, sql`select b.record_id from bills b join resource_records r on r.id = b.record_id where b.state is distinct from r.state or b.due_day is distinct from r.data ->> 'dueDay'`);
    expect(drift).toEqual([]);
  });

  it('pays one bill at most once under 20 parallel payments, and parallel parts never overpay', async () => {
    const { bill } = await completedContractBill('账单合同（并发）', { quantity: 1 });
    await act(buyer, bill.id, 'confirm', {}, true);
    expect(bill.amount).toBe('3200.00');
    // Twenty requests at once with the payer's code: one pays, the rest are refused.
    const smsCode = await code(buyer.phone);
    const results = await Promise.all(Array.from({ length: 20 }, () => money(s, buyer.token, `/api/r/bills/${bill.id}/actions/pay`, { payAmount: '3200.00', smsCode })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    await sound();

    // Twenty parts of 500.00 at once on one open bill of 3,200.00 (the payment step itself, each
    // in its own transaction as an action runs it): six pay, the others are refused.
    const other = (await completedContractBill('账单合同（并发部分）', { quantity: 1 })).bill;
    await act(buyer, other.id, 'confirm', {}, true);
    const parts = await Promise.all(
      Array.from({ length: 20 }, () =>
        s.ctx.db
          .transaction(async (raw) => {
            const tx = raw as unknown as Db;
            const [rec] = await lockBillRecords(tx, [other.id]);
            const paymentId = crypto.randomUUID();
            const done = await payBill(tx, rec, 50000n, { kind: 'billPayment', paymentId, batchId: paymentId, userId: rec.createdBy, now: s.clock.now(), field: 'amount' });
            await tx.update(resourceRecords).set({ state: done.to, data: { ...rec.data, ...done.patch } }).where(eq(resourceRecords.id, other.id));
            return 'paid';
          })
          .catch(() => 'refused'),
      ),
    );
    expect(parts.filter((r) => r === 'paid')).toHaveLength(6);
    expect((await get(buyer, other.id)).body.data).toMatchObject({ state: 'partiallyPaid', paidAmount: '3000.00', openAmount: '200.00' });
    const rows = await queryRows(s.ctx.db, sql`select count(*)::int as n, sum(amount)::text as fen from ledger_transfers where ref_id = ${other.id}`);
    expect(rows).toEqual([{ n: 6, fen: '300000' }]);
    await sound();
  });
});
