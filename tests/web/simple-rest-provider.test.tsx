// The console's default DataProvider is @refinedev/simple-rest on /api/rest, its axios instance
// sending through the one HTTP client (src/web/providers/simpleRestClient.ts): the stock methods
// carry the session and the console's headers, and their errors are said as every error is.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataProvider } from '../../src/web/providers/dataProvider';
import { fieldErrorsOf } from '../../src/web/providers/http';
import { IDEMPOTENCY_HEADER } from '../../src/web/providers/idempotency';
import { mountAt, rejection } from './support/clientFrame';
import { fakeApi, ok, storeSession, type Call } from './support/fakeApi';
import { bare, restFail } from './support/fakeRest';

const OFFER = { id: 'o-1', state: 'draft', version: 3, title: '采购螺纹钢', amount: '80000.00' };
const OTHER = { ...OFFER, id: 'o-2', title: '采购线材' };

/** The headers the one client puts on every call. */
function expectConsoleHeaders(call: Call) {
  expect(call.headers.get('Authorization')).toBe('token-abc');
  expect(call.headers.get('Accept-Language')).toBe('zh-CN');
  expect(call.headers.get('X-LSF-Variant')).toBe('main');
  // request()'s, not axios's default (application/json, text/plain, */*).
  expect(call.headers.get('Accept')).toBe('application/json');
}

describe('the default DataProvider: simple-rest through the one client', () => {
  it("reads one and many, creates, replaces and deletes with simple-rest's requests on /api/rest, with the session and the console's headers", async () => {
    storeSession('token-abc');
    const api = fakeApi({
      'GET /api/rest/purchaseOffers/o-1': bare(OFFER),
      'GET /api/rest/purchaseOffers': bare([OFFER, OTHER]),
      'POST /api/rest/purchaseOffers': (call) => bare({ ...OFFER, ...(call.body as object), id: 'o-3', version: 1 }),
      'PUT /api/rest/purchaseOffers/o-1': (call) => bare({ ...OFFER, ...(call.body as object), version: 4 }),
      'DELETE /api/rest/purchaseOffers/o-2': bare(OTHER),
    });
    await mountAt('/home');

    await expect(dataProvider.getOne({ resource: 'purchaseOffers', id: 'o-1', meta: { silent: true } })).resolves.toEqual({ data: OFFER });
    await expect(dataProvider.getMany!({ resource: 'purchaseOffers', ids: ['o-1', 'o-2'] })).resolves.toEqual({ data: [OFFER, OTHER] });
    const created = await dataProvider.create({ resource: 'purchaseOffers', variables: { title: '采购圆钢' }, meta: { idempotencyKey: 'intent-1' } });
    expect(created.data).toMatchObject({ id: 'o-3', title: '采购圆钢' });
    await dataProvider.create({ resource: 'purchaseOffers', variables: { title: '采购角钢' } });
    const updated = await dataProvider.update({ resource: 'purchaseOffers', id: 'o-1', variables: { title: '采购螺纹钢（改）', version: 3 } });
    expect(updated.data).toMatchObject({ title: '采购螺纹钢（改）', version: 4 });
    await expect(dataProvider.deleteOne({ resource: 'purchaseOffers', id: 'o-2' })).resolves.toEqual({ data: OTHER });

    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /api/rest/purchaseOffers/o-1',
      'GET /api/rest/purchaseOffers',
      'POST /api/rest/purchaseOffers',
      'POST /api/rest/purchaseOffers',
      'PUT /api/rest/purchaseOffers/o-1',
      'DELETE /api/rest/purchaseOffers/o-2',
    ]);
    api.calls.forEach(expectConsoleHeaders);
    const [, many, keyed, unkeyed, replaced] = api.calls;
    // simple-rest's getMany: id= repeated.
    expect(many.query.getAll('id')).toEqual(['o-1', 'o-2']);
    // A create carries the intent's key, or a fresh one: no POST goes out without a key.
    expect(keyed.headers.get(IDEMPOTENCY_HEADER)).toBe('intent-1');
    expect(unkeyed.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyed.body).toEqual({ title: '采购圆钢' });
    expect(keyed.headers.get('Content-Type')).toBe('application/json');
    // The form sends the whole record with the version read: PUT, not simple-rest's PATCH.
    expect(replaced.body).toEqual({ title: '采购螺纹钢（改）', version: 3 });
  });

  it("puts a 400's field map on the error refine's forms read, and a silent call shows no notification", async () => {
    storeSession('token-abc');
    fakeApi({ 'POST /api/rest/invoiceRequests': restFail(400, '提交的信息有误，请检查标出的字段', { buyerName: '发票抬头与认证信息不符' }) });
    await mountAt('/home');
    const quiet = await rejection(dataProvider.create({ resource: 'invoiceRequests', variables: { buyerName: 'x' }, meta: { silent: true } }));
    expect(quiet).toMatchObject({ statusCode: 400, message: '提交的信息有误，请检查标出的字段', errors: { buyerName: '发票抬头与认证信息不符' } });
    expect(fieldErrorsOf(quiet)).toEqual({ buyerName: '发票抬头与认证信息不符' });
    // Not silent: the notification of SPEC §8 with the server's message.
    await rejection(dataProvider.create({ resource: 'invoiceRequests', variables: { buyerName: 'x' } }));
    expect(await screen.findAllByText('提交的信息有误，请检查标出的字段')).toHaveLength(1);
  });

  it('says a 409 from /api/rest as the console says every error, and a 401 ends the session', async () => {
    storeSession('token-abc');
    fakeApi({
      'DELETE /api/rest/purchaseOffers/o-1': restFail(409, '当前状态不能删除'),
      'GET /api/rest/purchaseOffers/o-1': restFail(401, '登录已过期，请重新登录'),
    });
    await mountAt('/purchase/offers?tab=1');
    const refused = await rejection(dataProvider.deleteOne({ resource: 'purchaseOffers', id: 'o-1' }));
    expect(refused).toMatchObject({ code: 409, statusCode: 409, message: '当前状态不能删除' });
    expect(await screen.findByText('当前状态不能删除')).toBeInTheDocument();

    expect((await rejection(dataProvider.getOne({ resource: 'purchaseOffers', id: 'o-1' }))).code).toBe(401);
    expect(localStorage.getItem('Access-Token')).toBeNull();
    expect(await screen.findByText('/user/login?redirect=%2Fpurchase%2Foffers%3Ftab%3D1')).toBeInTheDocument();
  });

  it('a page that is not JSON (a proxy in front) counts by its HTTP status', async () => {
    fakeApi({ 'GET /api/rest/purchaseOffers/o-1': { status: 502, body: '<html><body>Bad Gateway</body></html>' } });
    await mountAt('/home');
    expect((await rejection(dataProvider.getOne({ resource: 'purchaseOffers', id: 'o-1' }))).code).toBe(502);
    expect(await screen.findByText('请求错误！！！')).toBeInTheDocument();
  });

  it("keeps the console's lists on /api/r: totals simple-rest's x-total-count cannot carry", async () => {
    const api = fakeApi({ 'GET /api/r/purchaseOffers': ok({ records: [OFFER], total: 10000, totalExact: false, totals: { amount: '80000.00' } }) });
    await mountAt('/home');
    const page = await dataProvider.getList({ resource: 'purchaseOffers', pagination: { currentPage: 2, pageSize: 20 }, filters: [{ field: 'amount', operator: 'between', value: ['100', ''] }] });
    expect(page).toEqual({ data: [OFFER], total: 10000, totalExact: false, totals: { amount: '80000.00' } });
    expect(Object.fromEntries(api.calls[0].query)).toEqual({ pageNo: '2', pageSize: '20', amount: '100,' });
  });
});
