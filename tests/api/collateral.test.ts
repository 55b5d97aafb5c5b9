// A contract's money (issue 8) over the API, on both databases: the buyer pays the collateral
// into escrow with an SMS code, the seller delivers, the buyer releases it, or objects with a
// deposit that ops resolve by refund or release; a delivered contract nobody acts on is released
// by the job exactly once. Balances and the ledger's invariants are checked after each path.
import { beforeEach, describe, expect, it } from 'vitest';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { queryRows } from '../../src/server/db/rows';
import { sql } from 'drizzle-orm';
import { releaseDue } from '../../src/server/domains/funds/autoRelease';
import { fund, money, signedContract, wallet, moneySuite, messageTitles, openTodos } from '../support/funds';
import { loginPassword, sendCode } from '../support/flows';
import { addOperator } from '../support/operators';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, testDbKind, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('contract money: collateral, delivery, release, objection', () => {
  let s: TestServer, ops: string, buyer: TradingParty, seller: TradingParty, third: TradingParty;
  moneySuite({ phone: '13800000051', password: 'Admin#2026' }, { buyer: '上海买方实业有限公司', seller: '江苏卖方钢铁有限公司', third: '无关第三方有限公司' }, '50000.00', (suite) => {
    ({ s, ops, buyer, seller, third } = suite);
  });
  // A new day for each case: every step takes an SMS code, and a phone gets ten a day.
  beforeEach(() => s.clock.advance(86_400_000));

  const act = async (who: TradingParty | string, id: string, action: string, body: Record<string, unknown> = {}, withCode = false) => {
    const token = typeof who === 'string' ? who : who.token;
    const smsCode = withCode && typeof who !== 'string' ? await sendCode(s, who.phone, 'verify', who.token) : undefined;
    return money(s, token, `/api/r/contracts/${id}/actions/${action}`, smsCode ? { ...body, smsCode } : body);
  };
  const sound = async () => expect(ledgerSound(await checkLedger(s.ctx.db, s.ctx.ledgerInvariants))).toBe(true);
  const titles = (who: TradingParty) => messageTitles(s, who);
  const todosOf = (who: TradingParty) => openTodos(s, who);

  it('takes the collateral from the buyer only, into escrow, and releases it to the seller on receipt', async () => {
    const c = await signedContract(s, buyer, seller, '螺纹钢采购合同（放款）');
    expect(c).toMatchObject({ state: 'signed', amount: '80000.00', collateralAmount: '16000.00' });
    expect((await todosOf(buyer)).map((t) => t.title)).toContain('支付合同《螺纹钢采购合同（放款）》的保证金 16,000.00 元'); // the one money format (issue 17)
    // Who may do what: the seller cannot pay, a stranger does not see it, the buyer cannot deliver.
    expect((await act(seller, c.id, 'payCollateral', {}, true)).status).toBe(403);
    expect((await act(third, c.id, 'payCollateral', {}, true)).status).toBe(404);
    expect((await act(buyer, c.id, 'deliver', { deliveryNote: '已发货' })).status).toBe(403);
    const paid = await act(buyer, c.id, 'payCollateral', {}, true);
    expect(paid.body.data.state).toBe('collateralPaid');
    expect(await wallet(s, buyer.token)).toMatchObject({ available: '34000.00', escrow: '16000.00' });
    expect(await titles(seller)).toContain('买方已支付保证金');

    expect((await act(buyer, c.id, 'deliver', { deliveryNote: '已按合同发货' })).status).toBe(403);
    const delivered = await act(seller, c.id, 'deliver', { deliveryNote: '已按合同发货，物流单号 SF123456' });
    expect(delivered.body.data).toMatchObject({ state: 'delivered', deliveryNote: '已按合同发货，物流单号 SF123456', releaseDueDay: chinaDay(new Date(s.clock.now().getTime() + 7 * 86_400_000)) });
    expect((await act(seller, c.id, 'confirmReceipt', {}, true)).status).toBe(403);
    const released = await act(buyer, c.id, 'confirmReceipt', {}, true);
    expect(released.body.data.state).toBe('completed');
    expect(await wallet(s, buyer.token)).toMatchObject({ available: '34000.00', escrow: '0.00' });
    expect(await wallet(s, seller.token)).toMatchObject({ available: '16000.00' });
    expect(await titles(seller)).toContain('保证金已放款');
    // The collateral's todos are closed; what stays open is the bill of the rest of the price (issue 18).
    expect((await todosOf(buyer)).map((t) => t.title).filter((t) => t.includes('放款）'))).toEqual(['确权账单：合同《螺纹钢采购合同（放款）》64,000.00 元，收款方 江苏卖方钢铁有限公司']);
    await sound();
  });

  it('refuses a collateral the buyer cannot cover, and moves nothing', async () => {
    const poor = await tradingParty(s, '资金不足采购有限公司');
    const c = await signedContract(s, poor, seller, '余额不足合同');
    const res = await act(poor, c.id, 'payCollateral', {}, true);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('可用余额不足');
    expect((await s.call<ResourceRecord>('GET', `/api/r/contracts/${c.id}`, { token: poor.token })).body.data.state).toBe('signed');
  });

  it('holds an objection deposit and lets ops refund the collateral and return the deposit', async () => {
    const c = await signedContract(s, buyer, seller, '异议退款合同', { quantity: 10 });
    await act(buyer, c.id, 'payCollateral', {}, true);
    await act(seller, c.id, 'deliver', { deliveryNote: '已发货' });
    const before = await wallet(s, buyer.token);
    // A seller cannot object; ops cannot act before an objection.
    const sellerObjects = await act(seller, c.id, 'object', { objectionReason: '货物规格不符' }, true);
    expect(sellerObjects.status, JSON.stringify(sellerObjects.body)).toBe(403);
    expect((await act(ops, c.id, 'resolveRefund', { resolution: '提前处理测试', deposit: 'refund' })).status).toBe(409);
    const objected = await act(buyer, c.id, 'object', { objectionReason: '到货规格与合同不符' }, true);
    expect(objected.body.data).toMatchObject({ state: 'objection', objectionDeposit: '800.00' });
    expect(await wallet(s, buyer.token)).toMatchObject({ available: (Number(before.available) - 800).toFixed(2), objectionDeposits: '800.00', escrow: '8000.00' });
    expect(await titles(seller)).toContain('买方提出异议');
    // Only ops resolve it.
    expect((await act(buyer, c.id, 'resolveRefund', { resolution: '买方自行裁决退款', deposit: 'refund' })).status).toBe(403);
    const resolved = await act(ops, c.id, 'resolveRefund', { resolution: '经核实规格不符，退还买方', deposit: 'refund' });
    expect(resolved.body.data).toMatchObject({ state: 'refunded', depositOutcome: 'refund' });
    expect(await wallet(s, buyer.token)).toMatchObject({ available: (Number(before.available) + 8000).toFixed(2), objectionDeposits: '0.00', escrow: '0.00' });
    await sound();
  });

  it('lets ops release the collateral to the seller and forfeit an unfounded objection deposit', async () => {
    const c = await signedContract(s, buyer, seller, '异议放款合同', { quantity: 5 });
    await act(buyer, c.id, 'payCollateral', {}, true);
    const sellerBefore = await wallet(s, seller.token);
    const buyerBefore = await wallet(s, buyer.token);
    // The minimum deposit applies: 10% of 4,000.00 is 400.00.
    expect((await act(buyer, c.id, 'object', { objectionReason: '尚未收到货物' }, true)).body.data.objectionDeposit).toBe('400.00');
    const resolved = await act(ops, c.id, 'resolveRelease', { resolution: '物流签收记录齐全，异议不成立', deposit: 'forfeit' });
    expect(resolved.body.data?.state, JSON.stringify(resolved.body)).toBe('completed');
    expect((await wallet(s, seller.token)).available).toBe((Number(sellerBefore.available) + 4000).toFixed(2));
    expect(await wallet(s, buyer.token)).toMatchObject({ available: (Number(buyerBefore.available) - 400).toFixed(2), escrow: (Number(buyerBefore.escrow) - 4000).toFixed(2), objectionDeposits: '0.00' });
    await sound();
  });

  it('releases a delivered contract by itself once its release day has passed, once however many nodes run the job', async () => {
    const c = await signedContract(s, buyer, seller, '自动放款合同', { quantity: 1 });
    await act(buyer, c.id, 'payCollateral', {}, true);
    await act(seller, c.id, 'deliver', { deliveryNote: '已发货' });
    const sellerBefore = await wallet(s, seller.token);
    expect(await releaseDue(s.ctx, s.clock.now())).toBe(0);
    // Eight days on (the job's own clock; the test's sessions would have expired by then).
    const later = new Date(s.clock.now().getTime() + 8 * 86_400_000);
    const runs = await Promise.all([releaseDue(s.ctx, later), releaseDue(s.ctx, later), releaseDue(s.ctx, later)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await s.call<ResourceRecord>('GET', `/api/r/contracts/${c.id}`, { token: seller.token })).body.data.state).toBe('completed');
    expect((await wallet(s, seller.token)).available).toBe((Number(sellerBefore.available) + 800).toFixed(2));
    expect(await titles(buyer)).toContain('保证金已自动放款');
    await sound();
  });

  it(`makes one hold when 100 collateral payments of one contract race (${testDbKind})`, async () => {
    const c = await signedContract(s, buyer, seller, '并发支付合同', { quantity: 2 });
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    const before = await wallet(s, buyer.token);
    const results = await Promise.all(Array.from({ length: 100 }, () => money(s, buyer.token, `/api/r/contracts/${c.id}/actions/payCollateral`, { smsCode })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    expect((await wallet(s, buyer.token)).escrow).toBe((Number(before.escrow) + 1600).toFixed(2));
    await sound();
  });

  // Sessions last 7 days and each case moves the clock a day: the cases below sign in afresh.
  const freshParties = async (tag: string) => {
    const opsToken = (await loginPassword(s, '13800000051', 'Admin#2026')).body.data.access_token;
    const b = await tradingParty(s, `Buyer ${tag} Co`);
    await fund(s, b, opsToken, '10000.00');
    return { ops: opsToken, buyer: b, seller: await tradingParty(s, `Seller ${tag} Co`), third: await tradingParty(s, `Third ${tag} Co`) };
  };

  it('lets each step to its party only: a viewer moves no money, ops only act on ops steps, another account gets 404', async () => {
    const { ops, buyer, seller, third } = await freshParties('matrix');
    const c = await signedContract(s, buyer, seller, 'Permission matrix contract', { quantity: 1 });
    const viewer = await addOperator(s, buyer.phone, 'viewer');
    const viewerCode = await sendCode(s, viewer.phone, 'verify', viewer.token);
    expect((await money(s, viewer.token, `/api/r/contracts/${c.id}/actions/payCollateral`, { smsCode: viewerCode })).status).toBe(403);
    // Who may not act hears so whatever it sent (here no SMS code): the record is checked before the input.
    expect((await money(s, third.token, `/api/r/contracts/${c.id}/actions/payCollateral`, {})).status).toBe(404);
    expect((await money(s, seller.token, `/api/r/contracts/${c.id}/actions/payCollateral`, {})).status).toBe(403);
    const unsent = await money(s, buyer.token, `/api/r/contracts/${c.id}/actions/payCollateral`, {});
    expect(unsent.status).toBe(400);
    expect(Object.keys(unsent.body.data as object)).toEqual(['smsCode']);
    expect((await s.call('POST', '/api/r/deposits', { token: viewer.token, body: { amount: '1.00', payerName: 'Payer', payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: 'V1' } })).status).toBe(403);
    // Ops run ops steps (resolutions), not the parties' steps.
    const opsCode = () => sendCode(s, '13800000051', 'verify', ops);
    expect((await act(ops, c.id, 'payCollateral', { smsCode: await opsCode() })).status).toBe(403);
    expect((await act(buyer, c.id, 'payCollateral', {}, true)).status).toBe(200);
    expect((await act(ops, c.id, 'deliver', { deliveryNote: 'ops cannot' })).status).toBe(403);
    expect((await act(third, c.id, 'deliver', { deliveryNote: 'stranger' })).status).toBe(404);
    expect((await act(seller, c.id, 'deliver', { deliveryNote: 'Shipped' })).status).toBe(200);
    expect((await act(ops, c.id, 'confirmReceipt', { smsCode: await opsCode() })).status).toBe(403);
    expect((await act(third, c.id, 'confirmReceipt', {}, true)).status).toBe(404);
    expect((await act(third, c.id, 'object', { objectionReason: 'stranger' }, true)).status).toBe(404);
    expect((await act(seller, c.id, 'resolveRelease', { resolution: 'seller cannot', deposit: 'refund' })).status).toBe(403);
    expect((await s.call<ResourceRecord>('GET', `/api/r/contracts/${c.id}`, { token: buyer.token })).body.data.state).toBe('delivered');
    await sound();
  });

  it(`answers a replay storm of one Idempotency-Key with the same bytes and one hold (${testDbKind})`, async () => {
    const { buyer, seller } = await freshParties('replay');
    const c = await signedContract(s, buyer, seller, 'Replay storm contract', { quantity: 1 });
    const smsCode = await sendCode(s, buyer.phone, 'verify', buyer.token);
    const key = `replay-${c.id}`;
    const send = () =>
      fetch(`${s.baseUrl}/api/r/contracts/${c.id}/actions/payCollateral`, { method: 'POST', headers: { authorization: buyer.token, 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify({ smsCode }) }).then(async (r) => ({ status: r.status, text: await r.text() }));
    const before = await wallet(s, buyer.token);
    const storm = await Promise.all(Array.from({ length: 30 }, send));
    // A twin still in flight is told so (409); every answer given is the same bytes.
    expect(storm.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const answers = new Set(storm.filter((r) => r.status === 200).map((r) => r.text));
    expect(answers.size).toBe(1);
    // Once it is done, each replay (one at a time) answers 200 with those bytes.
    const later = [];
    for (let i = 0; i < 5; i += 1) later.push(await send());
    expect(later.map((r) => r.status)).toEqual(Array(5).fill(200));
    expect(new Set([...answers, ...later.map((r) => r.text)]).size).toBe(1);
    expect((await wallet(s, buyer.token)).escrow).toBe((Number(before.escrow) + 800).toFixed(2));
    const rows = await queryRows<{ n: number }>(s.ctx.db, sql`select count(*)::int as n from ledger_transfers where key = ${`collateral:${c.id}`}`);
    expect(rows[0].n).toBe(1);
    await sound();
  });
});
