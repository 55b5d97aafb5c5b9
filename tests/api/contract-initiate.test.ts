// Trade contracts sent directly (issue 7, /contractUpdate/initiateContract): an approved account
// sends an electronic contract order or a simple-agreement order to a named counterparty on the
// side it chooses; the counterparty must be another approved account; both then see it from
// their side, the recipient is told and gets a todo, and only the parties see it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { tradeTotals } from '../../src/shared/tradeAmounts';
import { contractIds, contractOrder, tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

type Party = TradingParty;

const order = (counterpartyId: string, extra: Record<string, unknown> = {}) => contractOrder(counterpartyId, '直接发起的钢材合同', extra);

describe.skipIf(!dbAvailable)('contracts sent to a named counterparty', () => {
  let s: TestServer;
  let me: Party;
  let other: Party;
  let third: Party;
  let unapproved: Party;

  const party = (name: string, approve = true) => tradingParty(s, name, approve);
  const send = (who: Party, body: unknown) => s.call<ResourceRecord>('POST', '/api/r/contracts', { token: who.token, body });
  const titles = (who: Party, scope: string) => contractIds(s, who, scope);

  beforeAll(async () => {
    s = await startTestServer();
    me = await party('杭州直接发起方有限公司');
    other = await party('苏州直接接收方有限公司');
    third = await party('宁波直接旁观方有限公司');
    unapproved = await party('温州直接未认证有限公司', false);
  });
  afterAll(() => s?.close());

  it('sends an order as buyer: parties, names and amounts set by the server, the recipient told', async () => {
    // What only the server sets is ignored when a client sends it: amounts, names, signatures, the hash.
    const forged = { amount: '1.00', buyerName: '冒名', signatures: [{ role: 'seller' }], documentSha256: 'f'.repeat(64), offerId: 'x' };
    const res = await send(me, order(other.accountId, forged));
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      state: 'pendingSignature',
      accountId: me.accountId,
      parties: { buyer: me.accountId, seller: other.accountId },
      buyerName: me.name,
      sellerName: other.name,
      amount: '20500.00',
      collateralAmount: '2050.00',
    });
    expect(c).not.toHaveProperty('signatures');
    expect(c).not.toHaveProperty('documentSha256');
    expect(c).not.toHaveProperty('offerId');
    expect(await titles(me, 'buyer')).toContain(c.id);
    expect(await titles(other, 'seller')).toContain(c.id);
    expect((await s.call('GET', `/api/r/contracts/${c.id}`, { token: third.token })).status).toBe(404);
    const todos = await s.call<Page<{ kind: string; link: string }>>('POST', '/api/system/newTodo/todoList', { token: other.token, body: {} });
    expect(todos.body.data.records).toContainEqual(expect.objectContaining({ kind: 'contractToSign', link: `/contract/supplyDetails?id=${c.id}` }));
    // The sender cancels, the recipient rejects.
    expect((await s.call('POST', `/api/r/contracts/${c.id}/actions/reject`, { token: me.token, body: { reason: '不需要了' } })).status).toBe(403);
    expect((await s.call('POST', `/api/r/contracts/${c.id}/actions/reject`, { token: other.token, body: { reason: '价格不合适' } })).status).toBe(200);
  });

  it('stores the amounts the shared rule gives (the forms show the same while the user types), rounded at the fen', async () => {
    const inputs: [number, string, number, string, string][] = [
      [0.5, '0.01', 10, '0.01', '0.00'],
      [1.5, '0.03', 50, '0.05', '0.03'],
      [3.33, '3.33', 15, '11.09', '1.66'],
      [0.1, '0.07', 100, '0.01', '0.01'],
    ];
    for (const [quantity, unitPrice, collateralRatio, amount, collateralAmount] of inputs) {
      const stored = (await send(me, order(other.accountId, { quantity, unitPrice, collateralRatio }))).body.data;
      expect({ amount: stored.amount, collateralAmount: stored.collateralAmount }).toEqual({ amount, collateralAmount });
      expect(tradeTotals({ quantity, unitPrice, collateralRatio })).toEqual({ amount, collateralAmount });
    }
  });

  it('sends a simple-agreement order as seller', async () => {
    const res = await send(me, order(other.accountId, { orderType: 'simpleAgreement', side: 'seller' }));
    expect(res.body.data).toMatchObject({ orderType: 'simpleAgreement', parties: { buyer: other.accountId, seller: me.accountId }, buyerName: other.name, sellerName: me.name });
  });

  it('refuses a missing counterparty, side or order type, oneself, unknown and unapproved accounts, writing nothing', async () => {
    const before = (await titles(me, 'mine')).length;
    const missing = await send(me, { ...order(other.accountId), orderType: undefined, side: undefined, counterpartyId: undefined });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data as object).sort()).toEqual(['counterpartyId', 'orderType', 'side']);
    for (const id of [me.accountId, '00000000-0000-4000-8000-000000000000', unapproved.accountId]) {
      const res = await send(me, order(id));
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data as object)).toEqual(['counterpartyId']);
    }
    expect((await titles(me, 'mine')).length).toBe(before);
  });

  it('lets only approved accounts send one', async () => {
    expect((await send(unapproved, order(other.accountId))).status).toBe(403);
  });

  it('lets an invoice request reference a contract the caller sees (x-kind reference), and no other', async () => {
    const mine = (await send(me, order(other.accountId, { title: '开票关联的合同' }))).body.data;
    const strangers = (await send(third, order(other.accountId, { title: '别人的合同' }))).body.data;
    const invoice = (who: Party, contractId: string) =>
      s.call<ResourceRecord>('POST', '/api/r/invoiceRequests', { token: who.token, body: { invoiceType: 'normal', buyerName: '杭州开票公司', amount: '100.00', email: 'a@example.com', contractId } });
    expect((await invoice(me, mine.id)).status).toBe(200);
    // The recipient is a party too: it may reference it as well.
    expect((await invoice(other, mine.id)).body.data).toMatchObject({ contractId: mine.id });
    for (const id of [strangers.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const refused = await invoice(me, id);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.data as object)).toEqual(['contractId']);
    }
  });
});
