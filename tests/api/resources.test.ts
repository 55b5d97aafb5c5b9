// The generic resource API derived from schemas/resources/*.json (issue 4), on the two real
// resources purchaseOffers and invoiceRequests.
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceDefinition, ResourceRecord } from '../../src/shared/resources/types';
import { signedIn } from '../support/flows';
import { addOperator, approveAccount } from '../support/operators';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

const offer = (i: number, extra: Record<string, unknown> = {}) => ({
  title: `采购螺纹钢 第${i}批`,
  category: i % 2 ? 'rawMaterial' : 'industrial',
  goodsName: '螺纹钢',
  unit: 'ton',
  // The server computes amount = quantity x unit price; what a client sends for it is replaced.
  quantity: 1,
  unitPrice: `${(i + 1) * 1000}.50`,
  amount: '1.00',
  deliveryDate: `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
  ...extra,
});

describe.skipIf(!dbAvailable)('resource API', () => {
  let s: TestServer;
  let owner: { phone: string; token: string };
  let other: { phone: string; token: string };
  const created: ResourceRecord[] = [];

  beforeAll(async () => {
    s = await startTestServer();
    owner = await signedIn(s, { userType: 'enterprise', enterpriseName: '杭州某某钢铁贸易有限公司' });
    other = await signedIn(s, { userType: 'enterprise', enterpriseName: '苏州某某机械有限公司' });
    await approveAccount(s, owner.phone);
    await approveAccount(s, other.phone);
    for (let i = 0; i < 15; i += 1) {
      s.clock.advance(60_000);
      const res = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: owner.token, body: offer(i) });
      expect(res.body.code, JSON.stringify(res.body)).toBe(200);
      created.push(res.body.data);
    }
    // The other account's records must never show up in the owner's lists.
    await s.call('POST', '/api/r/purchaseOffers', { token: other.token, body: offer(99, { title: '别家的报价' }) });
  });
  afterAll(() => s?.close());

  const list = (query: string, token = owner.token) => s.call<Page<ResourceRecord>>('GET', `/api/r/purchaseOffers?${query}`, { token });

  it('creates a record in its initial state with audit fields', async () => {
    const r = created[0];
    expect(r).toMatchObject({ state: 'draft', version: 1, title: '采购螺纹钢 第0批', amount: '1000.50' });
    expect(r.createdBy).toBe(r.updatedBy);
    expect(Date.parse(r.createdAt)).toBe(Date.parse(r.updatedAt));
  });

  it('pages with records and total, newest first by default', async () => {
    const p1 = await list('pageNo=1&pageSize=10');
    expect(p1.body.data.total).toBe(15);
    expect(p1.body.data.records).toHaveLength(10);
    expect(p1.body.data.records[0].title).toBe('采购螺纹钢 第14批');
    const p2 = await list('pageNo=2&pageSize=10');
    expect(p2.body.data.records.map((r) => r.title).at(-1)).toBe('采购螺纹钢 第0批');
    const ids = new Set([...p1.body.data.records, ...p2.body.data.records].map((r) => r.id));
    expect(ids.size).toBe(15);
  });

  it('filters by text, enum, date range and amount range', async () => {
    expect((await list(`title=${encodeURIComponent('第1')}`)).body.data.total).toBe(6); // 1, 10..14
    expect((await list('category=rawMaterial')).body.data.total).toBe(7);
    expect((await list('category=rawMaterial,industrial')).body.data.total).toBe(15);
    expect((await list('state=draft')).body.data.total).toBe(15);
    expect((await list('state=published')).body.data.total).toBe(0);
    expect((await list('amount=3000,6000')).body.data.records.map((r) => r.amount).sort()).toEqual(['3000.50', '4000.50', '5000.50']);
    expect((await list('amount=14000,')).body.data.total).toBe(2);
    const day = created[0].createdAt.slice(0, 10);
    expect((await list(`createdAt=${day},${day}`)).body.data.total).toBe(15);
    expect((await list('createdAt=2020-01-01,2020-12-31')).body.data.total).toBe(0);
    // A text filter treats % and _ literally.
    expect((await list(`title=${encodeURIComponent('%')}`)).body.data.total).toBe(0);
  });

  it('sorts by declared fields, numerically for money', async () => {
    const asc = await list('sort=amount&pageSize=3');
    expect(asc.body.data.records.map((r) => r.amount)).toEqual(['1000.50', '2000.50', '3000.50']);
    const desc = await list('sort=-amount&pageSize=3');
    expect(desc.body.data.records.map((r) => r.amount)).toEqual(['15000.50', '14000.50', '13000.50']);
  });

  it('rejects undeclared filters, bad ranges, bad enum values and unsortable fields with 400', async () => {
    const res = await list('goodsName=x&amount=abc,&category=gold&sort=terms&pageSize=500');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data as object).sort()).toEqual(['amount', 'category', 'goodsName', 'pageSize', 'sort']);
  });

  it('answers 400 with a friendly message for each invalid field kind, writing nothing', async () => {
    const res = await s.call('POST', '/api/r/purchaseOffers', {
      token: owner.token,
      body: { ...offer(1), title: 'x', unit: 'bag', quantity: -1, unitPrice: '12.345', deliveryDate: '2026-13-40', contactPhone: '12345', goodsName: undefined, color: 'red' },
    });
    expect(res.status).toBe(400);
    const data = res.body.data as Record<string, string>;
    expect(Object.keys(data).sort()).toEqual(['color', 'contactPhone', 'deliveryDate', 'goodsName', 'quantity', 'title', 'unit', 'unitPrice']);
    expect(data.goodsName).toBe('此项为必填项');
    expect(data.color).toBe('不是此表单的字段');
    for (const message of Object.values(data)) expect(message).not.toMatch(/must|should/);
    const regionBad = await s.call('POST', '/api/r/purchaseOffers', { token: owner.token, body: { ...offer(1), deliveryRegion: ['33', '3301', '110105'] } });
    expect(regionBad.body).toMatchObject({ code: 400, data: { deliveryRegion: '请选择完整的省、市、区' } });
    const invoice = await s.call('POST', '/api/r/invoiceRequests', {
      token: owner.token,
      lang: 'en-US',
      body: { invoiceType: 'normal', buyerName: '某某公司', amount: '100', email: 'bad@', taxNumber: '91350100M000100Y44', bankAccount: '6222-0212' },
    });
    expect(Object.keys(invoice.body.data as object).sort()).toEqual(['bankAccount', 'email', 'taxNumber']);
    expect((await list('pageSize=1')).body.data.total).toBe(15);
  });

  it('never shows another account its records: 404, no data', async () => {
    const id = created[0].id;
    for (const [method, path, body] of [
      ['GET', `/api/r/purchaseOffers/${id}`, undefined],
      ['PUT', `/api/r/purchaseOffers/${id}`, { ...offer(1), version: 1 }],
      ['DELETE', `/api/r/purchaseOffers/${id}`, undefined],
      ['POST', `/api/r/purchaseOffers/${id}/actions/publish`, {}],
    ] as const) {
      const res = await s.call(method, path, { token: other.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: '请求的资源不存在', data: null });
    }
    expect((await list('pageSize=100', other.token)).body.data.records.map((r) => r.title)).toEqual(['别家的报价']);
  });

  it('lets an account trade only once its authentication is approved', async () => {
    const fresh = await signedIn(s, { userType: 'enterprise', enterpriseName: '新注册公司' });
    const profile = await s.call<{ role: { permissions: { permissionId: string; actionEntitySet: { action: string }[] }[] } }>('GET', '/api/user/info', { token: fresh.token });
    const offers = profile.body.data.role.permissions.find((p) => p.permissionId === 'offers');
    expect(offers?.actionEntitySet.map((a) => a.action).sort()).toEqual(['export', 'get', 'query']);
    expect((await s.call('GET', '/api/r/purchaseOffers', { token: fresh.token })).status).toBe(200);
    // The refusal says what unlocks it (issue 17), where a role's refusal says only "no permission".
    expect((await s.call('POST', '/api/r/purchaseOffers', { token: fresh.token, body: offer(70) })).body).toEqual({ code: 403, msg: '账户认证通过后才能交易：请先在 /businessAuthentication 提交认证资料', data: null });
    // Invoices are account administration, not trading: the request reaches the invoice rules
    // (nothing to invoice yet), not the trading gate.
    const invoice = await s.call('POST', '/api/r/invoiceRequests', { token: fresh.token, body: { invoiceType: 'normal', buyerName: '新注册公司', amount: '10.00', email: 'a@example.com' } });
    expect(invoice.status).toBe(400);
    expect(Object.keys(invoice.body.data as object)).toEqual(['amount']);
    await approveAccount(s, fresh.phone);
    expect((await s.call('POST', '/api/r/purchaseOffers', { token: fresh.token, body: offer(70) })).status).toBe(200);
  });

  it('refuses (403) what the operator type does not grant, whatever the UI shows', async () => {
    const viewer = await addOperator(s, owner.phone, 'viewer');
    expect((await list('pageSize=1', viewer.token)).status).toBe(200);
    const add = await s.call('POST', '/api/r/purchaseOffers', { token: viewer.token, body: offer(50) });
    expect(add.body).toEqual({ code: 403, msg: '没有权限执行此操作', data: null });
    const publish = await s.call('POST', `/api/r/purchaseOffers/${created[1].id}/actions/publish`, { token: viewer.token, body: {} });
    expect(publish.status).toBe(403);
    expect((await list('pageSize=1')).body.data.total).toBe(15);
  });

  it('edits with optimistic concurrency: a stale version gets 409 and overwrites nothing', async () => {
    const r = created[2];
    const first = await s.call<ResourceRecord>('PUT', `/api/r/purchaseOffers/${r.id}`, { token: owner.token, body: { ...offer(2), title: '第一次修改', version: 1 } });
    expect(first.body.data).toMatchObject({ title: '第一次修改', version: 2 });
    const stale = await s.call('PUT', `/api/r/purchaseOffers/${r.id}`, { token: owner.token, body: { ...offer(2), title: '过期的修改', version: 1 } });
    expect(stale.body).toMatchObject({ code: 409, msg: '记录已被他人修改，请刷新后重试' });
    const now = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${r.id}`, { token: owner.token });
    expect(now.body.data).toMatchObject({ title: '第一次修改', version: 2 });
  });

  it('runs declared actions: one of two concurrent actions wins, the other gets 409', async () => {
    const r = created[3];
    const results = await Promise.all([
      s.call('POST', `/api/r/purchaseOffers/${r.id}/actions/publish`, { token: owner.token, body: {} }),
      s.call('POST', `/api/r/purchaseOffers/${r.id}/actions/publish`, { token: owner.token, body: {} }),
    ]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    // Published is not editable, not deletable, and cannot be published again.
    expect((await s.call('PUT', `/api/r/purchaseOffers/${r.id}`, { token: owner.token, body: { ...offer(3), version: 2 } })).status).toBe(409);
    expect((await s.call('DELETE', `/api/r/purchaseOffers/${r.id}`, { token: owner.token })).body).toMatchObject({ code: 409, msg: '当前状态不能删除' });
    const noReason = await s.call('POST', `/api/r/purchaseOffers/${r.id}/actions/withdraw`, { token: owner.token, body: {} });
    expect(noReason.body).toMatchObject({ code: 400, data: { reason: '此项为必填项' } });
    const withdrawn = await s.call<ResourceRecord>('POST', `/api/r/purchaseOffers/${r.id}/actions/withdraw`, { token: owner.token, body: { reason: '需求取消' } });
    expect(withdrawn.body.data.state).toBe('withdrawn');
    const detail = await s.call<ResourceRecord & { events: { action: string; from: string; to: string; input: object }[] }>('GET', `/api/r/purchaseOffers/${r.id}`, { token: owner.token });
    expect(detail.body.data.events.map((e) => [e.action, e.from, e.to])).toEqual([
      ['create', null, 'draft'],
      ['publish', 'draft', 'published'],
      ['withdraw', 'published', 'withdrawn'],
    ]);
    expect(detail.body.data.events[2].input).toEqual({ reason: '需求取消' });
    expect((await s.call('POST', `/api/r/purchaseOffers/${r.id}/actions/explode`, { token: owner.token, body: {} })).status).toBe(404);
  });

  it('deletes a draft', async () => {
    const r = created[4];
    expect((await s.call('DELETE', `/api/r/purchaseOffers/${r.id}`, { token: owner.token })).body.code).toBe(200);
    expect((await s.call('GET', `/api/r/purchaseOffers/${r.id}`, { token: owner.token })).status).toBe(404);
    created.splice(4, 1);
  });

  it('exports CSV and XLSX with the user column labels and the list filters', async () => {
    const csv = await fetch(`${s.baseUrl}/api/r/purchaseOffers/export?format=csv&category=rawMaterial&sort=amount`, { headers: { authorization: owner.token } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('报价标题,商品名称,商品类别,数量,总金额（元）,交货日期,报价有效期至,状态,创建时间');
    expect(lines).toHaveLength(1 + 7);
    expect(lines[1]).toContain('原材料');
    expect(lines[1]).toContain('2000.50');

    const xlsx = await fetch(`${s.baseUrl}/api/r/purchaseOffers/export?format=xlsx`, { headers: { authorization: owner.token, 'accept-language': 'en-US' } });
    expect(xlsx.headers.get('content-disposition')).toContain('.xlsx');
    const sheets = await readXlsxFile(Buffer.from(await xlsx.arrayBuffer()));
    const rows = sheets[0].data;
    expect(rows[0]).toEqual(['Title', 'Goods', 'Category', 'Quantity', 'Total amount (CNY)', 'Delivery date', 'Valid until', 'Status', 'Created']);
    expect(rows).toHaveLength(1 + 14);
    expect(rows.slice(1).map((r) => r[7])).toContain('Draft');
    expect(typeof rows[1][4]).toBe('number');

    const viewer = await addOperator(s, owner.phone, 'viewer');
    expect((await fetch(`${s.baseUrl}/api/r/purchaseOffers/export?format=pdf`, { headers: { authorization: viewer.token } })).status).toBe(400);
  });

  it('lists the resource definitions the caller may use', async () => {
    const res = await s.call<ResourceDefinition[]>('GET', '/api/meta/resources', { token: owner.token });
    expect(res.body.data.map((d) => d.name).sort()).toEqual(['accountFlows', 'billTransfers', 'bills', 'clearingRuns', 'clearingUnsettled', 'contractOutgoings', 'contracts', 'deposits', 'escrowSettlements', 'invoiceRequests', 'mutualOffers', 'objectionDeposits', 'paymentRequests', 'purchaseOffers', 'supplyOffers', 'withdrawals']);
    // Each action with the input it takes: signing is confirmed by the signer, with the method it
    // chooses (SMS code, payment password or authenticator code; the server says which is missing).
    const sign = res.body.data.find((d) => d.name === 'contracts')?.actions?.find((a) => a.name === 'sign');
    expect(sign?.input).toEqual({
      type: 'object',
      properties: {
        smsCode: expect.objectContaining({ 'x-kind': 'smsCode' }),
        confirmMethod: expect.objectContaining({ enum: expect.arrayContaining(['sms', 'password', 'totp']) }),
        paymentPassword: expect.objectContaining({ type: 'string' }),
        totpCode: expect.objectContaining({ pattern: '^\\d{6}$' }),
      },
      required: [],
    });
    expect((await s.call('GET', '/api/r/nothing', { token: owner.token })).status).toBe(404);
  });
});
