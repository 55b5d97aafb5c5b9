// Issue 17 defects 2 and 3 on the server, on both databases: the numbers a console once rewrote
// silently (negative quantity, price and ratio, a third decimal, a ratio over 100) and an offer's
// valid-until day already past are each refused with a 400 naming the field, and nothing is
// written. Today (China time, by the server's clock) is still a valid day. Issue 28 item 4: the
// same for a delivery day already past (offer and contract) and a price or amount of 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import { chinaDay } from '../../src/shared/chinaTime';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { bankedParty } from '../support/funds';
import { contractOrder, offerBody, tradingParty, type TradingParty } from '../support/trading';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const DAY_MS = 24 * 3600_000;

describe.skipIf(!dbAvailable)('offer, contract and deposit input the console once rewrote (issue 17)', () => {
  let s: TestServer;
  let me: TradingParty;
  let other: TradingParty;

  beforeAll(async () => {
    s = await startTestServer();
    me = await bankedParty(s, '杭州输入校验有限公司');
    other = await tradingParty(s, '苏州输入校验有限公司');
  });
  afterAll(() => s?.close());

  const post = (path: string, body: unknown, who: TradingParty = me) => s.call<ResourceRecord>('POST', path, { token: who.token, body });
  const total = async (path: string) => (await s.call<Page<ResourceRecord>>('GET', `${path}?pageSize=100`, { token: me.token })).body.data.total;
  const today = () => chinaDay(s.clock.now());
  const yesterday = () => chinaDay(new Date(s.clock.now().getTime() - DAY_MS));

  it('refuses a negative quantity, price or ratio of an offer, each on its field', async () => {
    const before = await total('/api/r/supplyOffers');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ quantity: -5 }, 'quantity', '不能小于 0.01'],
      [{ unitPrice: '-100' }, 'unitPrice', '请输入正确的金额：不带正负号，最多两位小数'],
      [{ unitPrice: '-100.00' }, 'unitPrice', '请输入正确的金额：不带正负号，最多两位小数'],
      [{ collateralRatio: -10 }, 'collateralRatio', '不能小于 0'],
      [{ collateralRatio: 150 }, 'collateralRatio', '不能大于 100'],
    ];
    for (const [bad, field, message] of cases) {
      const res = await post('/api/r/supplyOffers', offerBody('负数报价', bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.data, JSON.stringify(bad)).toEqual({ [field]: message });
    }
    expect(await total('/api/r/supplyOffers')).toBe(before);
  });

  it('refuses the same in an edit of a draft', async () => {
    const draft = (await post('/api/r/supplyOffers', offerBody('待修改的报价'))).body.data;
    const res = await s.call('PUT', `/api/r/supplyOffers/${draft.id}`, { token: me.token, body: { ...offerBody('待修改的报价', { quantity: -5 }), version: draft.version } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ quantity: '不能小于 0.01' });
  });

  it('refuses a contract sent with -3, -99.999 or 150 %, each on its field', async () => {
    const order = (extra: Record<string, unknown>) => contractOrder(other.accountId, '直接发起的负数合同', extra);
    const before = await total('/api/r/contracts');
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: -3 }, 'quantity'],
      [{ unitPrice: '-99.999' }, 'unitPrice'],
      [{ unitPrice: '99.999' }, 'unitPrice'],
      [{ collateralRatio: 150 }, 'collateralRatio'],
    ];
    for (const [bad, field] of cases) {
      const res = await post('/api/r/contracts', order(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(Object.keys(res.body.data as object), JSON.stringify(bad)).toEqual([field]);
    }
    expect(await total('/api/r/contracts')).toBe(before);
  });

  it('refuses a deposit of -500.129 on its amount', async () => {
    const res = await post('/api/r/deposits', { amount: '-500.129', payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: today(), reference: 'HZ20261120001' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ amount: '请输入正确的金额：不带正负号，最多两位小数' });
  });

  it('refuses a delivery day already past on an offer (create, edit, publish) and on a contract; today is fine', async () => {
    const offers = await total('/api/r/supplyOffers');
    const contracts = await total('/api/r/contracts');
    for (const deliveryDate of ['2020-02-01', yesterday()]) {
      const offer = await post('/api/r/supplyOffers', offerBody('交货日期已过的报价', { deliveryDate }));
      expect(offer.status, deliveryDate).toBe(400);
      expect(offer.body.data).toEqual({ deliveryDate: '不能早于今天' });
    }
    const contract = await post('/api/r/contracts', contractOrder(other.accountId, '交货日期已过的合同', { deliveryDate: '2020-03-01' }));
    expect(contract.status).toBe(400);
    expect(contract.body.data).toEqual({ deliveryDate: '不能早于今天' });
    const english = await s.call('POST', '/api/r/contracts', { token: me.token, lang: 'en-US', body: contractOrder(other.accountId, '交货日期已过的合同', { deliveryDate: '2020-03-01' }) });
    expect(english.body.data).toEqual({ deliveryDate: 'Cannot be earlier than today' });
    expect(await total('/api/r/supplyOffers')).toBe(offers);
    expect(await total('/api/r/contracts')).toBe(contracts);

    const draft = (await post('/api/r/supplyOffers', offerBody('今天交货的草稿', { deliveryDate: today() }))).body.data;
    expect(draft.deliveryDate).toBe(today());
    const edited = await s.call('PUT', `/api/r/supplyOffers/${draft.id}`, { token: me.token, body: { ...offerBody('今天交货的草稿', { deliveryDate: '2020-02-01' }), version: draft.version } });
    expect(edited.status).toBe(400);
    expect(edited.body.data).toEqual({ deliveryDate: '不能早于今天' });
    expect((await post('/api/r/contracts', contractOrder(other.accountId, '今天交货的合同', { deliveryDate: today() }))).status).toBe(200);

    // Drafted to deliver today, published tomorrow: its delivery day has passed.
    s.clock.advance(DAY_MS);
    const published = await s.call('POST', `/api/r/supplyOffers/${draft.id}/actions/publish`, { token: me.token, body: {} });
    expect(published.status).toBe(400);
    expect(published.body.data).toEqual({ deliveryDate: '不能早于今天' });
  });

  it('refuses a unit price or amount of 0 on its field, nothing written', async () => {
    const offers = await total('/api/r/purchaseOffers');
    const contracts = await total('/api/r/contracts');
    for (const unitPrice of ['0', '0.00']) {
      const offer = await post('/api/r/purchaseOffers', offerBody('零单价报价', { unitPrice }));
      expect(offer.status, unitPrice).toBe(400);
      expect(offer.body.data).toEqual({ unitPrice: '金额必须大于 0' });
      const contract = await post('/api/r/contracts', contractOrder(other.accountId, '零单价合同', { unitPrice }));
      expect(contract.status, unitPrice).toBe(400);
      expect(contract.body.data).toEqual({ unitPrice: '金额必须大于 0' });
    }
    const english = await s.call('POST', '/api/r/purchaseOffers', { token: me.token, lang: 'en-US', body: offerBody('零单价报价', { unitPrice: '0' }) });
    expect(english.body.data).toEqual({ unitPrice: 'The amount must be more than 0' });
    // A malformed price still gets the money format's message, once.
    expect((await post('/api/r/purchaseOffers', offerBody('负单价报价', { unitPrice: '-0' }))).body.data).toEqual({ unitPrice: '请输入正确的金额：不带正负号，最多两位小数' });
    expect(await total('/api/r/purchaseOffers')).toBe(offers);
    expect(await total('/api/r/contracts')).toBe(contracts);
    // The least price there is is fine.
    expect((await post('/api/r/purchaseOffers', offerBody('一分钱报价', { unitPrice: '0.01' }))).status).toBe(200);
    const deposit = await post('/api/r/deposits', { amount: '0.00', payerName: '杭州付款有限公司', payerAccount: '6222020200998877665', transferDate: today(), reference: 'HZ20261120002' });
    expect(deposit.status).toBe(400);
    expect(deposit.body.data).toEqual({ amount: '金额必须大于 0' });
  });

  it('refuses a valid-until day already past on create, edit and publish; today is fine', async () => {
    const before = await total('/api/r/purchaseOffers');
    const past = await post('/api/r/purchaseOffers', offerBody('昨天到期的报价', { validUntil: yesterday() }));
    expect(past.status).toBe(400);
    expect(past.body.data).toEqual({ validUntil: '不能早于今天' });
    const english = await s.call('POST', '/api/r/purchaseOffers', { token: me.token, lang: 'en-US', body: offerBody('昨天到期的报价', { validUntil: yesterday() }) });
    expect(english.body.data).toEqual({ validUntil: 'Cannot be earlier than today' });
    expect(await total('/api/r/purchaseOffers')).toBe(before);

    const draft = (await post('/api/r/purchaseOffers', offerBody('今天到期的草稿', { validUntil: today() }))).body.data;
    expect(draft.validUntil).toBe(today());
    const edited = await s.call('PUT', `/api/r/purchaseOffers/${draft.id}`, { token: me.token, body: { ...offerBody('今天到期的草稿', { validUntil: yesterday() }), version: draft.version } });
    expect(edited.status).toBe(400);
    expect(edited.body.data).toEqual({ validUntil: '不能早于今天' });

    // A draft made valid until today, published tomorrow: its day has passed.
    s.clock.advance(DAY_MS);
    const published = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${draft.id}/actions/publish`, { token: me.token, body: {} });
    expect(published.status).toBe(400);
    expect(published.body.data).toEqual({ validUntil: '不能早于今天' });
    const still = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${draft.id}`, { token: me.token });
    expect(still.body.data.state).toBe('draft');

    // Moved to today, it publishes.
    const moved = await s.call<ResourceRecord>('PUT', `/api/r/purchaseOffers/${draft.id}`, { token: me.token, body: { ...offerBody('今天到期的草稿', { validUntil: today() }), version: still.body.data.version } });
    expect(moved.status).toBe(200);
    const ok = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${draft.id}/actions/publish`, { token: me.token, body: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.data.state).toBe('published');
  });
});
