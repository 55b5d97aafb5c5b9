// The stock @refinedev/simple-rest DataProvider, unmodified, pointed at /api/rest with an API key
// (issue 30 item 6): what a partner's own refine console does with our records. Its own HTTP
// client (axiosInstance, which makes refine's HttpError of an error answer) carries the key, set
// on its defaults as simple-rest's documentation shows for auth headers.
import dataProvider, { axiosInstance } from '@refinedev/simple-rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../src/shared/apiKeys';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { offerBody } from '../support/bodies';
import { createKey } from '../support/machines';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { worldOf, type Party } from '../support/world';

const OPS = { phone: '13800000411', password: 'Admin#Rest2026' };

describe.skipIf(!dbAvailable)('the stock simple-rest provider on /api/rest', { timeout: 240_000 }, () => {
  let s: TestServer;
  let buyer: Party;
  let key: CreatedApiKey;
  let rest: ReturnType<typeof dataProvider>;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: OPS.phone, ADMIN_PASSWORD: OPS.password });
    const world = worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS });
    buyer = await world.party({ name: '接口买方有限公司', approved: true });
    key = await createKey(s.baseUrl, buyer.token, { name: 'ERP 采购', role: 'purchaser' });
    axiosInstance.defaults.headers.common.authorization = `Bearer ${key.secret}`;
    rest = dataProvider(`${s.baseUrl}/api/rest`);
    for (const [i, price] of ['3000.00', '4000.00', '5000.00'].entries()) {
      await rest.create({ resource: 'purchaseOffers', variables: offerBody(`接口采购 ${i + 1}`, { unitPrice: price }) });
    }
  }, 240_000);
  afterAll(async () => {
    delete axiosInstance.defaults.headers.common.authorization;
    await s?.close();
  });

  it('creates, lists with its pagination, sort and filters, and reads one and many', async () => {
    const page = await rest.getList<ResourceRecord>({
      resource: 'purchaseOffers',
      pagination: { currentPage: 1, pageSize: 2 },
      sorters: [{ field: 'amount', order: 'desc' }],
      filters: [{ field: 'title', operator: 'contains', value: '接口采购' }],
    });
    expect(page.total).toBe(3);
    expect(page.data.map((o) => o.title)).toEqual(['接口采购 3', '接口采购 2']);
    const second = await rest.getList<ResourceRecord>({ resource: 'purchaseOffers', pagination: { currentPage: 2, pageSize: 2 }, sorters: [{ field: 'amount', order: 'desc' }] });
    expect(second.data.map((o) => o.title)).toEqual(['接口采购 1']);
    const ranged = await rest.getList<ResourceRecord>({
      resource: 'purchaseOffers',
      filters: [
        { field: 'amount', operator: 'gte', value: '70000' },
        { field: 'amount', operator: 'lte', value: '90000' },
        { field: 'state', operator: 'eq', value: 'draft' },
      ],
    });
    expect(ranged.data.map((o) => o.amount)).toEqual(['80000.00']);

    const one = await rest.getOne<ResourceRecord>({ resource: 'purchaseOffers', id: String(page.data[0].id) });
    expect(one.data).toMatchObject({ id: page.data[0].id, title: '接口采购 3', state: 'draft', amount: '100000.00' });
    const many = await rest.getMany!<ResourceRecord>({ resource: 'purchaseOffers', ids: page.data.map((o) => String(o.id)) });
    expect(many.data.map((o) => o.title).sort()).toEqual(['接口采购 2', '接口采购 3']);
  });

  it('updates with PATCH (the fields sent over the stored ones) and deletes, answering the record', async () => {
    const [offer] = (await rest.getList<ResourceRecord>({ resource: 'purchaseOffers', filters: [{ field: 'title', operator: 'contains', value: '接口采购 1' }] })).data;
    const updated = await rest.update<ResourceRecord>({ resource: 'purchaseOffers', id: String(offer.id), variables: { quantity: 30 } });
    // The rest stays as stored; what derives from the quantity follows it.
    expect(updated.data).toMatchObject({ id: offer.id, title: '接口采购 1', quantity: 30, unitPrice: '3000.00', amount: '90000.00', version: Number(offer.version) + 1 });
    // With the version read, a stale write is refused.
    await expect(rest.update({ resource: 'purchaseOffers', id: String(offer.id), variables: { quantity: 40, version: offer.version } })).rejects.toMatchObject({ statusCode: 409 });
    const removed = await rest.deleteOne<ResourceRecord>({ resource: 'purchaseOffers', id: String(offer.id) });
    expect(removed.data).toMatchObject({ id: offer.id, quantity: 30 });
    await expect(rest.getOne({ resource: 'purchaseOffers', id: String(offer.id) })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses bad input with the field map simple-rest hands to refine, and writes nothing', async () => {
    const before = (await rest.getList({ resource: 'purchaseOffers' })).total;
    await expect(rest.create({ resource: 'purchaseOffers', variables: offerBody('负价', { unitPrice: '-1.00' }) })).rejects.toMatchObject({
      statusCode: 400,
      response: { data: { statusCode: 400, errors: { unitPrice: expect.any(String) } } },
    });
    expect((await rest.getList({ resource: 'purchaseOffers' })).total).toBe(before);
    // What the convention cannot say here is named, not ignored.
    await expect(rest.getList({ resource: 'purchaseOffers', filters: [{ field: 'goodsName', operator: 'contains', value: '钢' }] })).rejects.toMatchObject({
      statusCode: 400,
      response: { data: { errors: { goodsName_like: expect.any(String) } } },
    });
    await expect(rest.getList({ resource: 'purchaseOffers', filters: [{ field: 'title', operator: 'eq', value: '接口采购 2' }] })).rejects.toMatchObject({
      statusCode: 400,
      response: { data: { errors: { title: expect.any(String) } } },
    });
  });

  it("serves the console's calls on a session token: one create per intent's key, PUT replacing the data, a stale PUT refused", async () => {
    const token = buyer.token;
    const intent = { 'idempotency-key': 'console-create-1' };
    const first = await s.call<never>('POST', '/api/rest/purchaseOffers', { token, body: offerBody('控制台采购'), headers: intent });
    expect(first.status).toBe(200);
    const offer = first.body as unknown as ResourceRecord;
    expect(offer).toMatchObject({ title: '控制台采购', state: 'draft', version: 1, terms: '货到验收后付款' });
    // The same intent again (a retry after a lost answer): the stored answer, bare, not a second offer.
    const replay = await s.call<never>('POST', '/api/rest/purchaseOffers', { token, body: offerBody('控制台采购'), headers: intent });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const listed = await fetch(`${s.baseUrl}/api/rest/purchaseOffers?title_like=${encodeURIComponent('控制台采购')}`, { headers: { authorization: token } });
    expect(listed.headers.get('x-total-count')).toBe('1');

    // The edit form sends every field with the version read: the data is replaced, a field left out is cleared.
    const { terms: _cleared, ...edited } = offerBody('控制台采购（改）');
    const put = await s.call<never>('PUT', `/api/rest/purchaseOffers/${offer.id}`, { token, body: { ...edited, version: 1 } });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id: offer.id, title: '控制台采购（改）', version: 2 });
    expect(put.body).not.toHaveProperty('terms');
    const stale = await s.call<never>('PUT', `/api/rest/purchaseOffers/${offer.id}`, { token, body: { ...edited, title: '旧版本的修改', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ statusCode: 409, message: expect.any(String) });
    expect(((await s.call<never>('GET', `/api/rest/purchaseOffers/${offer.id}`, { token })).body as unknown as ResourceRecord).title).toBe('控制台采购（改）');
  });

  it('keeps the key to what its operator type may do, and answers 401 without a key', async () => {
    // A purchaser key reads no bills of the payer's finance (not granted) and cannot reach another account's record.
    await expect(rest.getList({ resource: 'withdrawals' })).rejects.toMatchObject({ statusCode: 403 });
    const other = await worldOf({ baseUrl: s.baseUrl, clock: s.clock, ops: OPS }).party({ name: '别家买方有限公司', approved: true });
    const theirs = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: other.token, body: offerBody('别家的采购') });
    await expect(rest.getOne({ resource: 'purchaseOffers', id: String(theirs.body.data.id) })).rejects.toMatchObject({ statusCode: 404 });
    const anonymous = await fetch(`${s.baseUrl}/api/rest/purchaseOffers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ statusCode: 401, message: expect.any(String) });
  });
});
