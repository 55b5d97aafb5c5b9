// Payment requests (jjsk, issue 19, DESIGN §9) over the API, on both databases: a payee asks a
// payer for money under a contract or a bill, the payer reviews and pays it (in parts, wallet to
// wallet, receipt Solution; under a bill the bill is paid down); over-asking and bad input write
// nothing; who may see and do what; parallel confirmations and payments pay at most once.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ReceiptView } from '../../src/shared/receipts';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { queryRows } from '../../src/server/db/rows';
import { money, signedContract, wallet, moneySuite, expectLedgerSound, messageTitles, openTodos } from '../support/funds';
import { addOperator } from '../support/operators';
import { dbAvailable, testDbKind, type TestServer } from '../support/server';
import type { TradingParty } from '../support/trading';
import { storedCode } from '../support/smsCodes';

describe.skipIf(!dbAvailable)('payment requests: ask, review, pay', { timeout: 240_000 }, () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite({ phone: '13800000071', password: 'Admin#2026' }, { buyer: '上海请款付款方有限公司', seller: '江苏请款收款方有限公司', third: '请款无关第三方有限公司' }, '500000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });

  const code = (phone: string) => storedCode(s.ctx.db, s.clock.now(), phone);
  const dueDay = () => chinaDay(new Date(s.clock.now().getTime() + 10 * 86_400_000));
  const ask = (who: { token: string }, body: Record<string, unknown>) =>
    s.call<ResourceRecord>('POST', '/api/r/paymentRequests', { token: who.token, body: { dueDay: dueDay(), reason: '第一批货款请款', ...body } });
  const get = (who: { token: string }, id: string) => s.call<ResourceRecord>('GET', `/api/r/paymentRequests/${id}`, { token: who.token });
  const act = async (who: TradingParty | { token: string; phone?: string }, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) =>
    money(s, who.token, `/api/r/paymentRequests/${id}/actions/${action}`, withCode && who.phone ? { ...body, smsCode: await code(who.phone) } : body);
  const count = async () => (await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from resource_records where resource = 'paymentRequests'`))[0].n;
  const sound = () => expectLedgerSound(s);
  const titles = (who: TradingParty) => messageTitles(s, who);
  const todos = async (who: TradingParty) => (await openTodos(s, who)).map((t) => t.title);
  const contract = (title: string, quantity = 10) => {
    s.clock.advance(6 * 3600_000);
    return signedContract(s, buyer, seller, title, { quantity });
  };
  it('goes new -> submitted -> confirmed -> partly paid -> paid under a contract, with messages, todos and receipts', async () => {
    const c = await contract('请款合同（生命周期）');
    const made = await ask(seller, { contractId: c.id, amount: '1000.00' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    expect(made.body.data).toMatchObject({
      state: 'new',
      contractTitle: '请款合同（生命周期）',
      payerName: '上海请款付款方有限公司',
      payeeName: '江苏请款收款方有限公司',
      amount: '1000.00',
      paidAmount: '0.00',
      openAmount: '1000.00',
      parties: { payer: buyer.accountId, payee: seller.accountId },
    });
    expect(await todos(seller)).toContain('提交请款：合同《请款合同（生命周期）》1,000.00 元，付款方 上海请款付款方有限公司');

    const submitted = await act(seller, id, 'submit');
    expect(submitted.body.data).toMatchObject({ state: 'submitted' });
    expect(await todos(seller)).not.toContain('提交请款：合同《请款合同（生命周期）》1,000.00 元，付款方 上海请款付款方有限公司');
    expect(await todos(buyer)).toContain('审核请款：江苏请款收款方有限公司 就合同《请款合同（生命周期）》请款 1,000.00 元');
    expect(await titles(buyer)).toContain('收到请款');

    expect((await act(buyer, id, 'confirm')).body.data).toMatchObject({ state: 'confirmed' });
    expect(await titles(seller)).toContain('请款已确认');
    const toPay = (await todos(buyer)).find((t) => t.startsWith('支付请款：合同《请款合同（生命周期）》'));
    expect(toPay).toBeDefined();

    const before = { buyer: await wallet(s, buyer.token), seller: await wallet(s, seller.token) };
    // The SMS code is asked; more than is open is refused.
    expect((await act(buyer, id, 'pay', { payAmount: '400.00' })).status).toBe(400);
    const over = await act(buyer, id, 'pay', { payAmount: '1000.01' }, true);
    expect(over.status).toBe(400);
    expect(over.body.data).toMatchObject({ payAmount: '超出请款未付金额 1,000.00 元' });
    const part = await act(buyer, id, 'pay', { payAmount: '400.00' }, true);
    expect(part.body.data).toMatchObject({ state: 'partiallyPaid', paidAmount: '400.00', openAmount: '600.00' });
    expect(await titles(seller)).toContain('请款收到部分付款');
    const rest = await act(buyer, id, 'pay', { payAmount: '600.00' }, true);
    expect(rest.body.data).toMatchObject({ state: 'paid', paidAmount: '1000.00', openAmount: '0.00' });
    expect(rest.body.data.paidAt).toBeDefined();
    expect(await titles(seller)).toContain('请款已付清');
    expect(await todos(buyer)).not.toContain(toPay);
    const after = { buyer: await wallet(s, buyer.token), seller: await wallet(s, seller.token) };
    expect(Number(before.buyer.available) - Number(after.buyer.available)).toBeCloseTo(1000, 2);
    expect(Number(after.seller.available) - Number(before.seller.available)).toBeCloseTo(1000, 2);

    // The payments, each with its Solution receipt, which both parties open and a stranger cannot.
    const payments = (await s.call<{ transferId: string; amount: string; receipt: string }[]>('GET', `/api/paymentRequests/${id}/payments`, { token: seller.token })).body.data;
    expect(payments.map((p) => p.amount)).toEqual(['400.00', '600.00']);
    expect(payments[0].receipt).toBe(`/Solution?id=${payments[0].transferId}`);
    const receipt = await s.call<ReceiptView>('GET', `/api/receipts/${payments[1].transferId}`, { token: buyer.token });
    expect(receipt.body.data).toMatchObject({ template: 'Solution', amount: '600.00', capitals: '陆佰元整', payer: { name: '上海请款付款方有限公司' }, payee: { name: '江苏请款收款方有限公司' }, reference: { resource: 'paymentRequests', title: '请款合同（生命周期）' } });
    expect(receipt.body.data.reference.path).toBe(`/requestFunds/fundsDetail?id=${id}`);
    expect((await s.call('GET', `/api/receipts/${payments[1].transferId}`, { token: third.token })).status).toBe(404);
    // The public check says what kind of payment it printed: a request's, titled 请款支付回单 (not a bill's).
    expect((await s.call('GET', `/api/public/receipts/${payments[1].transferId}?template=Solution`)).body.data).toMatchObject({ genuine: true, kind: 'requestPayment', amount: '600.00' });
    expect((await s.call('GET', `/api/paymentRequests/${id}/payments`, { token: third.token })).status).toBe(404);
    // The history has every step.
    const events = ((await get(seller, id)).body.data.events ?? []) as { action: string }[];
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'submit', 'confirm', 'pay']));
    await sound();
  });

  it('pays a bill down when the request is under it, keeping the bill open amounts true', async () => {
    const c = await contract('请款合同（账单）');
    const issued = await s.call<ResourceRecord>('POST', '/api/r/bills', { token: seller.token, body: { contractId: c.id, amount: '5000.00', dueDay: dueDay() } });
    expect(issued.status).toBe(200);
    const bill = issued.body.data;
    // Only a confirmed bill can be asked for.
    expect((await ask(seller, { billId: bill.id, amount: '100.00' })).body.data).toMatchObject({ billId: '该账单不在待付款状态（需已确权且未付清）' });
    expect((await money(s, buyer.token, `/api/r/bills/${bill.id}/actions/confirm`, { smsCode: await code(buyer.phone) })).status).toBe(200);
    // The payer of a bill does not ask for it.
    expect((await ask(buyer, { billId: bill.id, amount: '100.00' })).status).toBe(400);
    const made = await ask(seller, { billId: bill.id, amount: '3000.00' });
    expect(made.body.data).toMatchObject({ contractId: c.id, billId: bill.id, contractTitle: '请款合同（账单）' });
    // What is left of the bill counts the open request.
    const headroom = await s.call<{ available: string }>('GET', `/api/paymentRequests/headroom?billId=${bill.id}`, { token: seller.token });
    expect(headroom.body.data.available).toBe('2000.00');
    expect((await ask(seller, { billId: bill.id, amount: '2000.01' })).body.data).toMatchObject({ amount: '超出可请款金额，尚可请款 2,000.00 元' });
    const id = made.body.data.id;
    await act(seller, id, 'submit');
    await act(buyer, id, 'confirm');
    const paid = await act(buyer, id, 'pay', { payAmount: '1200.00' }, true);
    expect(paid.body.data).toMatchObject({ state: 'partiallyPaid', openAmount: '1800.00' });
    const billAfter = (await s.call<ResourceRecord>('GET', `/api/r/bills/${bill.id}`, { token: buyer.token })).body.data;
    expect(billAfter).toMatchObject({ state: 'partiallyPaid', paidAmount: '1200.00', openAmount: '3800.00' });
    expect(((billAfter.events ?? []) as { action: string }[]).some((e) => e.action === 'pay')).toBe(true);
    const payments = (await s.call<{ transferId: string; receipt: string }[]>('GET', `/api/paymentRequests/${id}/payments`, { token: buyer.token })).body.data;
    expect(payments).toHaveLength(1);
    expect(payments[0].receipt).toBe(`/Solution?id=${payments[0].transferId}`);
    expect(await titles(seller)).toContain('账单收到部分付款');
    await sound();

    // The rest paid, then ops reverse that payment (the newest): the request waits for it again.
    s.clock.advance(60_000);
    expect((await act(buyer, id, 'pay', { payAmount: '1800.00' }, true)).body.data).toMatchObject({ state: 'paid', openAmount: '0.00' });
    const reversed = await money(s, ops, `/api/r/bills/${bill.id}/actions/reversePayment`, { reason: '付款方误付，申请退回' });
    expect(reversed.status, JSON.stringify(reversed.body)).toBe(200);
    const back = (await get(seller, id)).body.data;
    expect(back).toMatchObject({ state: 'partiallyPaid', paidAmount: '1200.00', openAmount: '1800.00' });
    expect(back.paidAt).toBeUndefined();
    expect(((back.events ?? []) as { action: string }[]).map((e) => e.action)).toContain('paymentReversed');
    // Paid again: the request and the bill agree.
    expect((await act(buyer, id, 'pay', { payAmount: '1800.00' }, true)).body.data).toMatchObject({ state: 'paid', paidAmount: '3000.00' });
    expect((await s.call<ResourceRecord>('GET', `/api/r/bills/${bill.id}`, { token: buyer.token })).body.data).toMatchObject({ paidAmount: '3000.00', openAmount: '2000.00' });
    await sound();
  });

  it('refuses more than the contract leaves, counting the other open requests, and writes nothing', async () => {
    // quantity 10: amount 40,000.00, collateral 8,000.00: 32,000.00 to request.
    const c = await contract('请款合同（超额）');
    expect((await s.call<{ available: string }>('GET', `/api/paymentRequests/headroom?contractId=${c.id}`, { token: seller.token })).body.data.available).toBe('32000.00');
    expect((await ask(seller, { contractId: c.id, amount: '20000.00' })).status).toBe(200);
    const n = await count();
    const refused = await ask(seller, { contractId: c.id, amount: '12000.01' });
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({ amount: '超出可请款金额，尚可请款 12,000.00 元' });
    expect(await count()).toBe(n);
    const withdrawn = await ask(seller, { contractId: c.id, amount: '12000.00' });
    expect(withdrawn.status).toBe(200);
    // A withdrawn request no longer counts.
    expect((await act(seller, withdrawn.body.data.id, 'cancel', { reason: '金额有误，重新请款' })).body.data).toMatchObject({ state: 'cancelled', cancelReason: '金额有误，重新请款' });
    expect((await ask(seller, { contractId: c.id, amount: '12000.00' })).status).toBe(200);
  });

  it('never lets a request and a bill claim the same money: what was requested under a contract is left out of its bills', async () => {
    // quantity 10: 32,000.00 billable; 5,000.00 requested and paid, 3,000.00 requested and open.
    const c = await contract('请款合同（完成开票）');
    const paid = (await ask(seller, { contractId: c.id, amount: '5000.00' })).body.data.id;
    await act(seller, paid, 'submit');
    await act(buyer, paid, 'confirm');
    expect((await act(buyer, paid, 'pay', { payAmount: '5000.00' }, true)).body.data).toMatchObject({ state: 'paid' });
    expect((await ask(seller, { contractId: c.id, amount: '3000.00' })).status).toBe(200);
    // A bill by hand may take only what the requests leave.
    const over = await s.call<Record<string, string>>('POST', '/api/r/bills', { token: seller.token, body: { contractId: c.id, amount: '24000.01', dueDay: dueDay() } });
    expect(over.status).toBe(400);
    expect(over.body.data.amount).toContain('24,000.00');
    // The contract completes: the buyer is billed what is left, 24,000.00.
    for (const [who, action, body] of [[buyer, 'payCollateral', {}], [seller, 'deliver', { deliveryNote: '已按合同发货' }], [buyer, 'confirmReceipt', {}]] as const) {
      const done = await money(s, who.token, `/api/r/contracts/${c.id}/actions/${action}`, action === 'deliver' ? body : { ...body, smsCode: await code(who.phone) });
      expect(done.status, `${action} ${JSON.stringify(done.body)}`).toBe(200);
    }
    const bills = (await s.call<Page<ResourceRecord>>('GET', '/api/r/bills?scope=payer&pageSize=100', { token: buyer.token })).body.data.records.filter((b) => b.contractId === c.id);
    expect(bills.map((b) => b.amount)).toEqual(['24000.00']);
    await sound();
  });

  it('answers bad input with a clear error on its field and writes nothing', async () => {
    const c = await contract('请款合同（输入）', 1);
    const other = await signedContract(s, buyer, third, '请款合同（他人）', { quantity: 1 });
    const n = await count();
    for (const [body, field] of [
      [{ contractId: c.id, amount: '0' }, 'amount'],
      [{ contractId: c.id, amount: '0.00' }, 'amount'],
      [{ contractId: c.id, amount: '1.234' }, 'amount'],
      [{ contractId: c.id, amount: '-5.00' }, 'amount'],
      [{ contractId: c.id, amount: '100.00', dueDay: '2020-01-01' }, 'dueDay'],
      [{ contractId: c.id, amount: '100.00', reason: '' }, 'reason'],
      [{ amount: '100.00' }, 'contractId'],
      [{ contractId: other.id, amount: '100.00' }, 'contractId'],
    ] as const) {
      const res = await ask(seller, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.data as object), JSON.stringify(body)).toContain(field);
    }
    expect(await count()).toBe(n);
  });

  it('lets each party do only its steps; operators by their grants; ops read', async () => {
    const c = await contract('请款合同（权限）', 1);
    const made = (await ask(seller, { contractId: c.id, amount: '100.00' })).body.data;
    // The payer cannot submit or withdraw, a stranger cannot see it.
    expect((await act(buyer, made.id, 'submit')).status).toBe(403);
    expect((await get(third, made.id)).status).toBe(404);
    expect((await act(third, made.id, 'confirm')).status).toBe(404);
    // Not yet submitted: the payer sees it but cannot confirm it.
    expect((await act(buyer, made.id, 'confirm')).status).toBe(409);
    await act(seller, made.id, 'submit');
    // The payee cannot confirm, reject or pay its own request.
    expect((await act(seller, made.id, 'confirm')).status).toBe(403);
    expect((await act(seller, made.id, 'reject', { reason: '自己拒绝' })).status).toBe(403);
    // Ops read it (list and record) but do not act.
    expect((await s.call('GET', `/api/r/paymentRequests/${made.id}`, { token: ops })).status).toBe(200);
    expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/paymentRequests?scope=ops', { token: ops })).body.data.total).toBeGreaterThan(0);
    expect((await act({ token: ops }, made.id, 'confirm')).status).toBe(403);
    // Operators of the payer: finance (funds) acts; purchaser, seller and viewer types have no funds grant.
    for (const [role, status] of [['purchaser', 403], ['seller', 403], ['viewer', 403]] as const) {
      const op = await addOperator(s, buyer.phone, role);
      expect((await s.call('GET', `/api/r/paymentRequests/${made.id}`, { token: op.token })).status, role).toBe(status);
      expect((await act(op, made.id, 'confirm')).status, role).toBe(status);
    }
    const finance = await addOperator(s, buyer.phone, 'finance');
    expect((await act(finance, made.id, 'reject', { reason: '数量未到齐' })).body.data).toMatchObject({ state: 'rejected', rejectReason: '数量未到齐' });
    expect(await titles(seller)).toContain('请款被拒绝');
    // Lists by side.
    const payer = (await s.call<Page<ResourceRecord>>('GET', '/api/r/paymentRequests?scope=payer&pageSize=100', { token: buyer.token })).body.data.records;
    expect(payer.length).toBeGreaterThan(0);
    expect(payer.every((r) => (r.parties as Record<string, string>).payer === buyer.accountId)).toBe(true);
    expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/paymentRequests?scope=payee', { token: buyer.token })).body.data.total).toBe(0);
    expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/paymentRequests', { token: third.token })).body.data.total).toBe(0);
  });

  it.runIf(testDbKind === 'postgres')('confirms once and pays at most once under 20 parallel calls; parallel asks never pass the cap', async () => {
    const c = await contract('请款合同（并发）', 1);
    // quantity 1: 3,200.00 to request; twenty asks of 500.00 at once: six pass.
    const asks = await Promise.all(Array.from({ length: 20 }, () => ask(seller, { contractId: c.id, amount: '500.00' })));
    expect(asks.filter((r) => r.status === 200)).toHaveLength(6);
    const made = asks.find((r) => r.status === 200)!.body.data;
    await act(seller, made.id, 'submit');
    const confirms = await Promise.all(Array.from({ length: 20 }, () => act(buyer, made.id, 'confirm')));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    expect(confirms.every((r) => [200, 409].includes(r.status))).toBe(true);
    const smsCode = await code(buyer.phone);
    const pays = await Promise.all(Array.from({ length: 20 }, () => money(s, buyer.token, `/api/r/paymentRequests/${made.id}/actions/pay`, { payAmount: '500.00', smsCode })));
    expect(pays.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await queryRows(s.ctx.db, sql`select count(*)::int as n from ledger_transfers where ref_id = ${made.id}`);
    expect(rows).toEqual([{ n: 1 }]);
    expect((await get(buyer, made.id)).body.data).toMatchObject({ state: 'paid', paidAmount: '500.00' });
    await sound();
  });
});
