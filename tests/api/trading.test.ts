// Trading, first step (issue 7): an approved account accepts a published purchase offer from
// the market; in the same transaction a purchase contract is created with the publisher as
// buyer and the acceptor as seller. Both parties (and nobody else) see it, each with its own
// actions: the seller (initiator) cancels, the buyer rejects, before signing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { offerBody } from '../support/bodies';
import { addOperator } from '../support/operators';
import { tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

/** bodies.ts's offer body, with this suite's spec (HRB400 Φ16) and its amount (80,000.00) in the body too. */
const offer = (title: string, extra: Record<string, unknown> = {}) => offerBody(title, { spec: 'HRB400 Φ16', amount: '80000.00', ...extra });

type Party = TradingParty;

describe.skipIf(!dbAvailable)('offers accepted into contracts', () => {
  let s: TestServer;
  let buyer: Party;
  let seller: Party;
  let third: Party;
  let unapproved: Party;

  const party = (name: string, approve = true) => tradingParty(s, name, approve);
  const published = async (title: string, extra: Record<string, unknown> = {}) => {
    const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offer(title, extra) });
    await s.call('POST', `/api/r/purchaseOffers/${created.body.data.id}/actions/publish`, { token: buyer.token, body: {} });
    return created.body.data;
  };
  const accept = (who: Party | { token: string }, id: string, key?: string) =>
    s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${id}/actions/accept`, { token: who.token, body: {}, headers: key ? { 'Idempotency-Key': key } : {} });
  const marketTitles = async (who: Party) =>
    (await s.call<Page<ResourceRecord>>('GET', '/api/r/purchaseOffers?scope=market&pageSize=100', { token: who.token })).body.data.records.map((o) => o.title);
  const contractsOf = async (who: Party, scope: string) =>
    (await s.call<Page<ResourceRecord>>('GET', `/api/r/contracts?scope=${scope}&pageSize=100`, { token: who.token })).body.data.records.map((c) => c.title);

  beforeAll(async () => {
    s = await startTestServer();
    buyer = await party('杭州采购方有限公司');
    seller = await party('苏州供货方有限公司');
    third = await party('宁波旁观方有限公司');
    unapproved = await party('温州未认证有限公司', false);
  });
  afterAll(() => s?.close());

  it('creates the contract in the same transaction, buyer and seller as parties, the offer accepted', async () => {
    const o = await published('采购螺纹钢 二十吨');
    const accepted = await accept(seller, o.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', contractId: expect.any(String) });
    const contractId = accepted.body.data.contractId as string;
    for (const who of [buyer, seller]) {
      const c = await s.call<ResourceRecord>('GET', `/api/r/contracts/${contractId}`, { token: who.token });
      expect(c.status).toBe(200);
      expect(c.body.data).toMatchObject({
        offerId: o.id,
        title: '采购螺纹钢 二十吨',
        amount: '80000.00',
        collateralRatio: 20,
        state: 'pendingSignature',
        parties: { buyer: buyer.accountId, seller: seller.accountId },
      });
    }
    expect((await s.call('GET', `/api/r/contracts/${contractId}`, { token: third.token })).status).toBe(404);
    expect(await contractsOf(buyer, 'buyer')).toContain('采购螺纹钢 二十吨');
    expect(await contractsOf(buyer, 'seller')).not.toContain('采购螺纹钢 二十吨');
    expect(await contractsOf(seller, 'seller')).toContain('采购螺纹钢 二十吨');
    expect(await contractsOf(seller, 'mine')).toContain('采购螺纹钢 二十吨');
    expect(await contractsOf(buyer, 'mine')).toContain('采购螺纹钢 二十吨');
    expect(await contractsOf(third, 'mine')).toEqual([]);
    // The accepted offer left the market.
    expect((await s.call('GET', `/api/r/purchaseOffers/${o.id}`, { token: third.token })).status).toBe(404);
  });

  it('refuses the publisher, unapproved accounts, operator types without the grant and expired offers', async () => {
    const o = await published('采购线材 十吨');
    expect((await accept(buyer, o.id)).status).toBe(403);
    // Until approved, an account holds no trading grant at all: 403 before any record is read.
    expect((await accept(unapproved, o.id)).status).toBe(403);
    expect((await s.call('GET', `/api/r/purchaseOffers/${o.id}`, { token: unapproved.token })).status).toBe(404);
    const viewer = await addOperator(s, seller.phone, 'viewer');
    expect((await accept(viewer, o.id)).status).toBe(403);
    // Past its valid-until day an offer expires by itself, before anyone can accept it (a day
    // already past is refused when the offer is made: offer-dates.test.ts).
    const old = await published('过期的采购报价', { validUntil: chinaDay(s.clock.now()) });
    s.clock.advance(24 * 3600_000);
    expect((await accept(seller, old.id)).status).toBe(404);
    const gone = await s.call<ResourceRecord & { events: { action: string; by: string | null }[] }>('GET', `/api/r/purchaseOffers/${old.id}`, { token: buyer.token });
    expect(gone.body.data.state).toBe('expired');
    expect(gone.body.data.events.at(-1)).toMatchObject({ action: 'expire', by: null });
    // A contract sent directly needs its counterparty, side and order type (contract-initiate.test.ts).
    expect((await s.call('POST', '/api/r/contracts', { token: seller.token, body: {} })).status).toBe(400);
    const still = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${o.id}`, { token: buyer.token });
    expect(still.body.data.state).toBe('published');
  });

  it('lets the seller cancel and the buyer reject, each only its own action', async () => {
    const first = (await accept(seller, (await published('待取消的合同')).id)).body.data.contractId as string;
    const second = (await accept(seller, (await published('待拒绝的合同')).id)).body.data.contractId as string;
    const act = (who: Party, id: string, action: string) => s.call<ResourceRecord>('POST', `/api/r/contracts/${id}/actions/${action}`, { token: who.token, body: { reason: '价格变化' } });
    expect((await act(buyer, first, 'cancel')).status).toBe(403);
    expect((await act(seller, first, 'cancel')).body.data.state).toBe('cancelled');
    expect((await act(seller, second, 'reject')).status).toBe(403);
    expect((await act(buyer, second, 'reject')).body.data.state).toBe('rejected');
    expect((await act(buyer, first, 'reject')).status).toBe(409);
    expect((await act(third, first, 'reject')).status).toBe(404);
  });

  it('keeps the accepted offer visible to its acceptor, off the market, and to nobody else', async () => {
    const o = await published('接受后仍可查看的报价');
    await accept(seller, o.id);
    const seen = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${o.id}`, { token: seller.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data).toMatchObject({ state: 'accepted', parties: { acceptor: seller.accountId } });
    expect((await s.call('GET', `/api/r/purchaseOffers/${o.id}`, { token: third.token })).status).toBe(404);
    expect(await marketTitles(third)).not.toContain('接受后仍可查看的报价');
    const accepted = await s.call<Page<ResourceRecord>>('GET', '/api/r/purchaseOffers?scope=acceptor&pageSize=100', { token: seller.token });
    expect(accepted.body.data.records.map((r) => r.title)).toContain('接受后仍可查看的报价');
    // Accepting it does not make it the acceptor's to edit or withdraw.
    expect((await s.call('POST', `/api/r/purchaseOffers/${o.id}/actions/withdraw`, { token: seller.token, body: { reason: '不要了' } })).status).toBe(403);
  });

  it('names an offer to one counterparty: off the market, only it sees, accepts or declines it, the publisher is told', async () => {
    const named = await published('指定给卖方的报价', { counterpartyId: seller.accountId });
    expect(named).toMatchObject({ counterpartyName: '苏州供货方有限公司', parties: { counterparty: seller.accountId } });
    expect(await marketTitles(third)).not.toContain('指定给卖方的报价');
    expect(await marketTitles(seller)).not.toContain('指定给卖方的报价');
    expect((await s.call('GET', `/api/r/purchaseOffers/${named.id}`, { token: third.token })).status).toBe(404);
    expect((await accept(third, named.id)).status).toBe(404);
    const mine = await s.call<Page<ResourceRecord>>('GET', '/api/r/purchaseOffers?scope=counterparty&pageSize=100', { token: seller.token });
    expect(mine.body.data.records.map((o) => o.title)).toContain('指定给卖方的报价');
    const told = await s.call<Page<{ kind: string; link: string }>>('POST', '/api/system/message/list', { token: seller.token, body: { pageSize: 100 } });
    expect(told.body.data.records).toContainEqual(expect.objectContaining({ kind: 'offerToYou', link: `/outgoing/chainPayment/show/${named.id}` }));
    const declined = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${named.id}/actions/decline`, { token: seller.token, body: { declineReason: '交期太紧' } });
    expect(declined.status).toBe(200);
    expect(declined.body.data.state).toBe('declined');
    const news = await s.call<Page<{ kind: string; content: string }>>('POST', '/api/system/message/list', { token: buyer.token, body: { pageSize: 100 } });
    expect(news.body.data.records.find((m) => m.kind === 'offerDeclined')?.content).toContain('交期太紧');

    const other = await published('再次指定给卖方的报价', { counterpartyId: seller.accountId });
    expect((await s.call('POST', `/api/r/purchaseOffers/${other.id}/actions/decline`, { token: third.token, body: { declineReason: '不是我的' } })).status).toBe(404);
    const accepted = await accept(seller, other.id);
    expect(accepted.status).toBe(200);
    expect((await s.call<ResourceRecord>('GET', `/api/r/contracts/${accepted.body.data.contractId as string}`, { token: seller.token })).body.data.parties).toEqual({
      buyer: buyer.accountId,
      seller: seller.accountId,
    });
  });

  it('refuses to name oneself or an unapproved account, and a named draft keeps its counterparty on edit', async () => {
    for (const id of [buyer.accountId, unapproved.accountId]) {
      const res = await s.call('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offer('指定错误的报价', { counterpartyId: id }) });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data as object)).toEqual(['counterpartyId']);
    }
    const draft = (await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: buyer.token, body: offer('指定后修改的报价', { counterpartyId: seller.accountId }) })).body.data;
    const moved = await s.call('PUT', `/api/r/purchaseOffers/${draft.id}`, { token: buyer.token, body: { ...offer('指定后修改的报价'), counterpartyId: third.accountId, version: draft.version } });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.body.data as object)).toEqual(['counterpartyId']);
    const kept = await s.call<ResourceRecord>('PUT', `/api/r/purchaseOffers/${draft.id}`, { token: buyer.token, body: { ...offer('指定后修改的报价 改'), counterpartyId: seller.accountId, version: draft.version } });
    expect(kept.body.data).toMatchObject({ title: '指定后修改的报价 改', counterpartyId: seller.accountId });
  });

  it('makes the publisher of a supply offer the seller: the accepting buyer initiates, the seller may reject', async () => {
    const created = await s.call<ResourceRecord>('POST', '/api/r/supplyOffers', { token: seller.token, body: offer('供应冷轧板 五十吨', { quantity: 50, unitPrice: '5200.00' }) });
    expect(created.status).toBe(200);
    expect(created.body.data.amount).toBe('260000.00');
    await s.call('POST', `/api/r/supplyOffers/${created.body.data.id}/actions/publish`, { token: seller.token, body: {} });
    expect((await s.call<Page<ResourceRecord>>('GET', '/api/r/supplyOffers?scope=market&pageSize=100', { token: third.token })).body.data.records.map((o) => o.title)).toContain('供应冷轧板 五十吨');
    const accepted = await s.call<ResourceRecord>('POST', `/api/r/supplyOffers/${created.body.data.id}/actions/accept`, { token: buyer.token, body: {} });
    expect(accepted.status).toBe(200);
    const contractId = accepted.body.data.contractId as string;
    const c = await s.call<ResourceRecord>('GET', `/api/r/contracts/${contractId}`, { token: seller.token });
    expect(c.body.data).toMatchObject({ amount: '260000.00', state: 'pendingSignature', parties: { buyer: buyer.accountId, seller: seller.accountId }, accountId: buyer.accountId });
    expect(await contractsOf(buyer, 'buyer')).toContain('供应冷轧板 五十吨');
    expect(await contractsOf(seller, 'seller')).toContain('供应冷轧板 五十吨');
    // The buyer made it: it may cancel, not reject; the seller received it: it may reject, not cancel.
    const act = (who: Party, action: string) => s.call('POST', `/api/r/contracts/${contractId}/actions/${action}`, { token: who.token, body: { reason: '条件变化' } });
    expect((await act(buyer, 'reject')).status).toBe(403);
    expect((await act(seller, 'cancel')).status).toBe(403);
    expect((await act(seller, 'reject')).status).toBe(200);
  });

  it('replays an accept with the same Idempotency-Key without a second contract', async () => {
    const o = await published('幂等接受的报价');
    const first = await accept(seller, o.id, `accept-${o.id}`);
    const again = await accept(seller, o.id, `accept-${o.id}`);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect((await contractsOf(seller, 'seller')).filter((t) => t === '幂等接受的报价')).toHaveLength(1);
  });

  it('expires a published offer when the clock passes its valid-until day, even after a restart', async () => {
    const today = new Date(s.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    const o = await published('今天到期的报价', { validUntil: today });
    expect(await marketTitles(third)).toContain('今天到期的报价');
    s.clock.advance(24 * 3600_000);
    expect(await marketTitles(third)).not.toContain('今天到期的报价');
    const mine = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${o.id}`, { token: buyer.token });
    expect(mine.body.data.state).toBe('expired');
    expect((await accept(seller, o.id)).status).toBe(404);
  });

  it.runIf(testDbKind === 'postgres')('two accounts accepting one offer at once: exactly one contract', async () => {
    const o = await published('抢单报价');
    const answers = await Promise.all([accept(seller, o.id), accept(third, o.id)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const mine = [...(await contractsOf(seller, 'seller')), ...(await contractsOf(third, 'seller'))].filter((t) => t === '抢单报价');
    expect(mine).toHaveLength(1);
    expect((await contractsOf(buyer, 'buyer')).filter((t) => t === '抢单报价')).toHaveLength(1);
  });
});
