// Mutual-promise offers (issue 7, /outgoing/chainInvitation): only accounts that opened the
// mutual-promise service publish, accept or decline them (403 saying where to open it); the
// publisher chooses its side; accepting makes a contract with source mutualOffer in the same
// transaction, which both parties find under contractChain (filter source=mutualOffer) and on
// their own side's list; the contract document says it is a mutual-promise contract; the
// trade-contract service agreement is served for /contractUpdate/serviceAgreement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgreementDocumentView, Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { offerBody, tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('mutual-promise offers and contracts', () => {
  let s: TestServer;
  let publisher: TradingParty;
  let acceptor: TradingParty;
  let closed: TradingParty;
  let bystander: TradingParty;

  const open = (who: TradingParty) => s.call('POST', '/api/system/users/openMutual', { token: who.token });
  const create = (who: TradingParty, body: Record<string, unknown>, lang?: string) =>
    s.call<ResourceRecord>('POST', '/api/r/mutualOffers', { token: who.token, body, lang });
  const act = (who: TradingParty, id: string, action: string, body: Record<string, unknown> = {}, lang?: string) =>
    s.call<ResourceRecord>('POST', `/api/r/mutualOffers/${id}/actions/${action}`, { token: who.token, body, lang });
  const published = async (title: string, extra: Record<string, unknown> = {}) => {
    const created = await create(publisher, offerBody(title, { side: 'seller', ...extra }));
    expect(created.status).toBe(200);
    expect((await act(publisher, created.body.data.id, 'publish')).status).toBe(200);
    return created.body.data;
  };
  const titles = async (who: TradingParty, path: string) =>
    (await s.call<Page<ResourceRecord>>('GET', path, { token: who.token })).body.data.records.map((r) => r.title);

  beforeAll(async () => {
    s = await startTestServer();
    publisher = await tradingParty(s, '杭州互诺发盘有限公司');
    acceptor = await tradingParty(s, '苏州互诺接受有限公司');
    closed = await tradingParty(s, '宁波未开通互诺有限公司');
    bystander = await tradingParty(s, '温州互诺旁观有限公司');
    for (const who of [publisher, acceptor, bystander]) expect((await open(who)).status).toBe(200);
  });
  afterAll(() => s?.close());

  it('refuses an account that has not opened the service, saying where to open it; reading is not gated', async () => {
    const refused = await create(closed, offerBody('未开通者的发盘', { side: 'buyer' }), 'en-US');
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toContain('/contract/xhnPaymentStatus');
    const zh = await create(closed, offerBody('未开通者的发盘', { side: 'buyer' }));
    expect(zh.body.msg).toContain('互诺服务');
    const o = await published('市场上的互诺发盘');
    // It sees the mutual market, but cannot accept from it.
    expect(await titles(closed, '/api/r/mutualOffers?scope=market')).toContain('市场上的互诺发盘');
    const accept = await act(closed, o.id, 'accept', {}, 'en-US');
    expect(accept.status).toBe(403);
    expect(accept.body.msg).toContain('/contract/xhnPaymentStatus');
    expect((await s.call<ResourceRecord>('GET', `/api/r/mutualOffers/${o.id}`, { token: publisher.token })).body.data.state).toBe('published');
  });

  it('requires the publisher to choose its side', async () => {
    const body = offerBody('没有身份的发盘');
    const res = await create(publisher, body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object)).toEqual(['side']);
  });

  it('accepts into a mutual-promise contract with the publisher on the side it chose, found under contractChain by both', async () => {
    const o = await published('互诺供应 电解铜', { side: 'seller' });
    const accepted = await act(acceptor, o.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ state: 'accepted', contractId: expect.any(String) });
    const contractId = accepted.body.data.contractId as string;
    const contract = await s.call<ResourceRecord>('GET', `/api/r/contracts/${contractId}`, { token: publisher.token });
    expect(contract.body.data).toMatchObject({
      source: 'mutualOffer',
      offerId: o.id,
      amount: '80000.00',
      state: 'pendingSignature',
      parties: { seller: publisher.accountId, buyer: acceptor.accountId },
      sellerName: publisher.name,
      buyerName: acceptor.name,
    });
    // contractChain: the mutual-promise contracts of either side; contractbuy/contractsell: every contract of that side.
    for (const who of [publisher, acceptor]) expect(await titles(who, '/api/r/contracts?source=mutualOffer&pageSize=100')).toContain('互诺供应 电解铜');
    expect(await titles(publisher, '/api/r/contracts?scope=seller&pageSize=100')).toContain('互诺供应 电解铜');
    expect(await titles(acceptor, '/api/r/contracts?scope=buyer&pageSize=100')).toContain('互诺供应 电解铜');
    expect(await titles(bystander, '/api/r/contracts?source=mutualOffer&pageSize=100')).not.toContain('互诺供应 电解铜');
    // The document names it a mutual-promise contract.
    const doc = await s.call<{ text: string }>('GET', `/api/r/contracts/${contractId}/document`, { token: acceptor.token });
    expect(doc.body.data.text).toContain(`合同类型：互诺合同（由互诺发盘 ${o.id} 生成`);
    // The publisher is told, with a link to the mutual-promise contract's detail page.
    const messages = await s.call<Page<{ link: string | null; title: string }>>('POST', '/api/system/message/list', { token: publisher.token, body: { pageNo: 1, pageSize: 20 } });
    expect(messages.body.data.records.map((m) => m.link)).toContain(`/contract/chainDetails?id=${contractId}`);
  });

  it('a publisher buying: the acceptor becomes the seller', async () => {
    const o = await published('互诺采购 铝锭', { side: 'buyer' });
    const accepted = await act(acceptor, o.id, 'accept');
    const contract = await s.call<ResourceRecord>('GET', `/api/r/contracts/${String(accepted.body.data.contractId)}`, { token: acceptor.token });
    expect(contract.body.data.parties).toEqual({ buyer: publisher.accountId, seller: acceptor.accountId });
  });

  it('contracts of other offers and sent directly are not mutual-promise contracts', async () => {
    const purchase = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: publisher.token, body: offerBody('普通采购 不是互诺') });
    await s.call('POST', `/api/r/purchaseOffers/${purchase.body.data.id}/actions/publish`, { token: publisher.token, body: {} });
    const accepted = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${purchase.body.data.id}/actions/accept`, { token: acceptor.token, body: {} });
    const fromOffer = await s.call<ResourceRecord>('GET', `/api/r/contracts/${String(accepted.body.data.contractId)}`, { token: acceptor.token });
    expect(fromOffer.body.data.source).toBe('purchaseOffer');
    const { validUntil: _v, category: _c, ...terms } = offerBody('直接发起 不是互诺');
    const direct = await s.call<ResourceRecord>('POST', '/api/r/contracts', {
      token: publisher.token,
      body: { ...terms, orderType: 'electronic', side: 'buyer', counterpartyId: acceptor.accountId },
    });
    expect(direct.status).toBe(200);
    expect(direct.body.data.source).toBe('direct');
    const chain = await titles(publisher, '/api/r/contracts?source=mutualOffer&pageSize=100');
    expect(chain).not.toContain('普通采购 不是互诺');
    expect(chain).not.toContain('直接发起 不是互诺');
    // A client cannot make a contract mutual by saying so.
    const forged = await s.call<ResourceRecord>('POST', '/api/r/contracts', {
      token: publisher.token,
      body: { ...terms, title: '伪造的互诺合同', orderType: 'electronic', side: 'buyer', counterpartyId: acceptor.accountId, source: 'mutualOffer' },
    });
    expect(forged.body.data.source).toBe('direct');
  });

  it('names only a counterparty that opened the service; the named one alone sees it and may decline', async () => {
    const toClosed = await create(publisher, offerBody('指定给未开通者', { side: 'seller', counterpartyId: closed.accountId }));
    expect(toClosed.status).toBe(400);
    expect(Object.keys(toClosed.body.data as object)).toEqual(['counterpartyId']);
    const named = await create(publisher, offerBody('指定给接受方的互诺发盘', { side: 'seller', counterpartyId: acceptor.accountId }));
    expect(named.status).toBe(200);
    expect(named.body.data.counterpartyName).toBe(acceptor.name);
    await act(publisher, named.body.data.id, 'publish');
    expect(await titles(bystander, '/api/r/mutualOffers?scope=market&pageSize=100')).not.toContain('指定给接受方的互诺发盘');
    expect((await act(bystander, named.body.data.id, 'accept')).status).toBe(404);
    const declined = await act(acceptor, named.body.data.id, 'decline', { declineReason: '价格不合适' });
    expect(declined.status).toBe(200);
    expect(declined.body.data.state).toBe('declined');
  });

  it('expires at its valid-until day like every offer', async () => {
    const o = await published('很快过期的互诺发盘', { validUntil: '2026-11-21' });
    s.clock.advance(3 * 24 * 3600_000);
    expect((await s.call<ResourceRecord>('GET', `/api/r/mutualOffers/${o.id}`, { token: publisher.token })).body.data.state).toBe('expired');
    expect((await act(acceptor, o.id, 'accept')).status).toBe(404);
  });

  it('serves the trade contract service agreement in the caller language', async () => {
    const zh = await s.call<AgreementDocumentView>('GET', '/api/system/personal/serviceAgreement', { token: publisher.token });
    expect(zh.status).toBe(200);
    expect(zh.body.data).toMatchObject({ id: 'trade-contract-service-2026.11', kind: 'service', title: '链上付交易合同服务协议' });
    expect(zh.body.data.sections.map((x) => x.heading)).toContain('四、签署');
    const en = await s.call<AgreementDocumentView>('GET', '/api/system/personal/serviceAgreement', { token: publisher.token, lang: 'en-US' });
    expect(en.body.data.title).toBe('LSF Trade Contract Service Agreement');
    expect((await s.call('GET', '/api/system/personal/serviceAgreement')).status).toBe(401);
  });
});
