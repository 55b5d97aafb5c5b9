// Issue 10 defects 1-6 and 8: malformed input is a 400 (or 404) envelope naming the field, never
// a 500, and spends or writes nothing; framework errors stay in the envelope; logs hold no secrets.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/shared/api';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { PASSWORD, latestCode, loginPassword, newPhone, sendCode, signedIn } from '../support/flows';
import { approveAccount } from '../support/operators';
import { dbAvailable, openTestDatabase, startTestServer, type TestServer, runnerEnv } from '../support/server';

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';
const offer = (extra: Record<string, unknown> = {}) => ({
  title: 'Rebar batch',
  category: 'rawMaterial',
  goodsName: 'Rebar',
  unit: 'ton',
  quantity: 10,
  unitPrice: '4000.00',
  amount: '40000.00',
  deliveryDate: '2099-12-01',
  validUntil: '2099-12-31',
  deliveryRegion: ['33', '3301', '330106'],
  ...extra,
});

const expectEnvelope = (body: unknown, code: number) => {
  expect(body).toMatchObject({ code });
  expect(Object.keys(body as object).sort()).toEqual(['code', 'data', 'msg']);
  expect(JSON.stringify(body)).not.toMatch(/FST_|ERR_/);
};

describe.skipIf(!dbAvailable)('hardening: bad input never reaches a 500', () => {
  let s: TestServer;
  let owner: { phone: string; token: string };
  let ops: string;
  let record: ResourceRecord;

  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000021', ADMIN_PASSWORD: 'Admin#2026' });
    owner = await signedIn(s, { userType: 'enterprise', enterpriseName: 'Hangzhou Steel Trading' });
    await approveAccount(s, owner.phone);
    const created = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: owner.token, body: offer() });
    expect(created.status).toBe(200);
    record = created.body.data;
    const login = await loginPassword(s, '13800000021', 'Admin#2026');
    ops = login.body.data.access_token;
  });
  afterAll(() => s?.close());

  const total = async () => (await s.call<Page<ResourceRecord>>('GET', '/api/r/purchaseOffers', { token: owner.token })).body.data.total;

  it('refuses NUL and lone surrogates in record text fields, naming the field, writing nothing', async () => {
    const before = await total();
    for (const bad of [NUL, LONE]) {
      const res = await s.call('POST', '/api/r/purchaseOffers', { token: owner.token, lang: 'en-US', body: offer({ title: bad }) });
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400);
      expect(res.body.data).toEqual({ title: expect.stringContaining('cannot be stored') });
      const nested = await s.call('POST', '/api/r/purchaseOffers', { token: owner.token, body: offer({ deliveryRegion: ['33', bad] }) });
      expect(nested.status).toBe(400);
      expect(Object.keys(nested.body.data as object)).toEqual(['deliveryRegion']);
      const put = await s.call('PUT', `/api/r/purchaseOffers/${record.id}`, { token: owner.token, body: { ...offer({ goodsName: bad }), version: record.version } });
      expect(put.status).toBe(400);
      expect(Object.keys(put.body.data as object)).toEqual(['goodsName']);
    }
    expect(await total()).toBe(before);
    // Characters outside the BMP (a surrogate pair) are ordinary text.
    const emoji = await s.call<ResourceRecord>('POST', '/api/r/purchaseOffers', { token: owner.token, body: offer({ title: 'Rebar \u{1F600} batch' }) });
    expect(emoji.status).toBe(200);
    expect(emoji.body.data.title).toBe('Rebar \u{1F600} batch');
    await s.call('DELETE', `/api/r/purchaseOffers/${emoji.body.data.id}`, { token: owner.token });
  });

  it('refuses them in the sign-in forms and in a notice title', async () => {
    const login = await s.call('POST', '/api/login', { body: { username: NUL, password: LONE, uuid: 'u', captchaCode: 'c' } });
    expect(login.status).toBe(400);
    expect(Object.keys(login.body.data as object)).toHaveLength(1);
    const sms = await s.call('POST', '/api/smscode', { body: { phone: newPhone(), scene: `register${NUL}` } });
    expect(sms.status).toBe(400);
    expect(sms.body.data).toHaveProperty('scene');
    const notice = await s.call('POST', '/api/system/notice', { token: ops, body: { noticeTitle: LONE, noticeContent: '<p>x</p>', platforms: ['lsf'] } });
    expect(notice.status).toBe(400);
    expect(notice.body.data).toHaveProperty('noticeTitle');
    const list = await s.call<Page<unknown>>('POST', '/api/system/notice/list', { token: ops, body: {} });
    expect(list.body.data.total).toBe(0);
  });

  it('refuses a bad enterpriseName at register without spending the SMS code', async () => {
    const phone = newPhone();
    const code = await sendCode(s, phone, 'register');
    const body = { userType: 'enterprise', phone, code, password: PASSWORD, agree: true };
    for (const bad of [NUL, LONE]) {
      const res = await s.call('POST', '/api/register', { body: { ...body, enterpriseName: bad } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data as object)).toEqual(['enterpriseName']);
    }
    // Any other invalid body spends nothing either.
    const weak = await s.call('POST', '/api/register', { body: { ...body, enterpriseName: 'Suzhou Machinery', password: 'short' } });
    expect(weak.status).toBe(400);
    expect(await latestCode(s, phone)).toBe(code);
    const res = await s.call('POST', '/api/register', { body: { ...body, enterpriseName: 'Suzhou Machinery' } });
    expect(res.status).toBe(200);
  });

  it('refuses them in an upload file name, storing nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'scan\u0000.png');
    const res = await fetch(`${s.baseUrl}/api/files`, { method: 'POST', headers: { authorization: owner.token }, body: form });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { data: Record<string, string> };
    expect(Object.keys(body.data)).toEqual(['file']);
  });

  it('refuses them in list text filters and the export', async () => {
    // A lone surrogate cannot be sent in UTF-8; its would-be bytes are invalid UTF-8.
    for (const q of ['title=a%00b', 'title=x%ED%A0%80y', 'title=%FF']) {
      const list = await s.call('GET', `/api/r/purchaseOffers?${q}`, { token: owner.token });
      expect(list.status, q).toBeLessThan(500);
      expectEnvelope(list.body, list.status);
    }
    const list = await s.call('GET', `/api/r/purchaseOffers?title=${encodeURIComponent(NUL)}`, { token: owner.token });
    expect(list.status).toBe(400);
    expect(list.body.data).toHaveProperty('title');
    const exp = await s.call('GET', `/api/r/purchaseOffers/export?format=csv&title=${encodeURIComponent(NUL)}`, { token: owner.token });
    expect(exp.status).toBe(400);
    expect(exp.body.data).toHaveProperty('title');
  });

  it('refuses impossible dates in a date range', async () => {
    for (const range of ['2024-13-45,', ',2023-02-29', '2024-00-10,2024-01-01', '2024-04-31,']) {
      const res = await s.call('GET', `/api/r/purchaseOffers?createdAt=${range}`, { token: owner.token, lang: 'en-US' });
      expect(res.status, range).toBe(400);
      expect(res.body.data).toEqual({ createdAt: 'Not a real date (YYYY-MM-DD)' });
      const exp = await s.call('GET', `/api/r/purchaseOffers/export?format=csv&createdAt=${range}`, { token: owner.token });
      expect(exp.status, range).toBe(400);
    }
    const leap = await s.call<Page<unknown>>('GET', '/api/r/purchaseOffers?createdAt=2024-02-29,2030-12-31', { token: owner.token });
    expect(leap.status).toBe(200);
    expect(leap.body.data.total).toBe(1);
  });

  it('bounds pageNo and pageSize on every list', async () => {
    const lists: Array<[string, string, (page: Record<string, unknown>) => { body?: unknown; q: string }, string]> = [
      ['GET', '/api/r/purchaseOffers', (p) => ({ q: `?${new URLSearchParams(p as Record<string, string>)}` }), owner.token],
      ['POST', '/api/system/notice/list', (p) => ({ body: p, q: '' }), owner.token],
      ['POST', '/api/system/message/list', (p) => ({ body: p, q: '' }), owner.token],
      ['POST', '/api/system/newTodo/todoList', (p) => ({ body: p, q: '' }), owner.token],
      ['POST', '/api/system/order/getTodoList', (p) => ({ body: p, q: '' }), owner.token],
      ['GET', '/api/ops/authentications', (p) => ({ q: `?${new URLSearchParams(p as Record<string, string>)}` }), ops],
    ];
    for (const [method, path, make, token] of lists) {
      for (const page of [{ pageNo: '1e20' }, { pageNo: 1e20 }, { pageNo: 0 }, { pageNo: 2.5 }, { pageNo: '1000001' }]) {
        const { body, q } = make(page);
        const res = await s.call(method, path + q, { token, body, lang: 'en-US' });
        expect(res.status, `${method} ${path} ${JSON.stringify(page)}`).toBe(400);
        expect(Object.keys(res.body.data as object)).toEqual(['pageNo']);
        expect((res.body.data as Record<string, string>).pageNo).toMatch(/page number|greater than|less than|whole number/);
      }
      for (const page of [{ pageSize: 101 }, { pageSize: '1e20' }, { pageSize: -1 }]) {
        const { body, q } = make(page);
        const res = await s.call(method, path + q, { token, body });
        expect(res.status, `${method} ${path} ${JSON.stringify(page)}`).toBe(400);
        expect(Object.keys(res.body.data as object)).toEqual(['pageSize']);
      }
      const { body, q } = make({ pageNo: 1000000, pageSize: 100 });
      const last = await s.call<Page<unknown>>(method, path + q, { token, body });
      expect(last.status, `${method} ${path}`).toBe(200);
      expect(last.body.data.records).toEqual([]);
    }
  });

  it('answers a version beyond 32 bits with a 400, and writes nothing', async () => {
    for (const version of [2 ** 31, 2 ** 53, 1e20, -1, 1.5, '1']) {
      const res = await s.call('PUT', `/api/r/purchaseOffers/${record.id}`, { token: owner.token, body: { ...offer({ title: 'changed' }), version } });
      expect(res.status, String(version)).toBe(400);
      expect(Object.keys(res.body.data as object)).toEqual(['version']);
    }
    const read = await s.call<ResourceRecord>('GET', `/api/r/purchaseOffers/${record.id}`, { token: owner.token });
    expect(read.body.data).toMatchObject({ title: 'Rebar batch', version: record.version });
  });

  it('keeps framework errors in the envelope, without internal codes or the path', async () => {
    const long = 'a'.repeat(150);
    for (const path of [`/api/r/purchaseOffers/${long}`, `/api/system/notice/${long}`, `/api/ops/authentications/${long}`]) {
      const res = await s.call('GET', path, { token: ops });
      expect(res.status, path).toBe(404);
      expectEnvelope(res.body, 404);
      expect(JSON.stringify(res.body)).not.toContain(long);
    }
    for (const path of ['/api/r/%FF', '/api/r/purchaseOffers/%E0%A4%A', '/api/system/notice/%C0%AF']) {
      const res = await s.call('GET', path, { token: owner.token });
      expect([400, 404], path).toContain(res.status);
      expectEnvelope(res.body, res.status);
    }
    const bad = await s.call('GET', '/api/r/%FF', { token: owner.token });
    expect(bad.status).toBe(400);
    // Refused by Node's parser before any route: still an envelope.
    const huge = await s.call('GET', `/api/r/purchaseOffers?title=${'q'.repeat(20_000)}`, { token: owner.token });
    expect(huge.status).toBe(431);
    expectEnvelope(huge.body, 431);
    const unknown = await s.call('PATCH', '/api/no/such/route', { token: owner.token });
    expect(unknown.status).toBe(404);
    expectEnvelope(unknown.body, 404);
  });

  it('accepts an empty body sent as JSON where a route takes none: DELETE /api/logout logs out', async () => {
    const user = await signedIn(s);
    const headers = { 'content-type': 'application/json' };
    const count = await s.call('POST', '/api/system/newTodo/todoCount', { token: user.token, headers, raw: '' });
    expect(count.status).toBe(200);
    const res = await s.call('DELETE', '/api/logout', { token: user.token, headers });
    expect(res.status).toBe(200);
    expectEnvelope(res.body, 200);
    const after = await s.call('GET', '/api/user/info', { token: user.token });
    expect(after.status).toBe(401);
    // Whitespace-only JSON is as empty; a body that is not JSON still is a 400.
    const broken = await s.call('POST', '/api/login', { headers, raw: '{' });
    expect(broken.status).toBe(400);
  });
});

describe.skipIf(!dbAvailable)('hardening: the log', () => {
  it('logs a 500 without SQL parameters, record data or secrets', async () => {
    const { database, close } = await openTestDatabase();
    const lines: string[] = [];
    const config = { ...configFromEnv(runnerEnv()), webDist: undefined };
    const { app } = await buildApp({ config, database, clock: new ManualClock(Date.now()), sms: consoleSmsProvider(() => {}), logStream: { write: (l) => void lines.push(l) } });
    const secret = 'Secret-Password-123456';
    // A statement the database refuses, carrying a value that must not reach the log.
    app.post('/api/test/boom', async () => database.db.execute(sql`select ${secret}::integer as n, ${'record body 654321'}::text as t`));
    try {
      const res = await app.inject({ method: 'POST', url: `/api/test/boom?code=654321&token=${secret}`, payload: { password: secret }, headers: { authorization: secret } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 500, data: null });
      expect(res.body).not.toContain(secret);
      const log = lines.join('');
      expect(log).toContain('unhandled error');
      expect(log).toMatch(/"code":"22P02"/); // the SQLSTATE stays, to debug with
      expect(log).toContain('select $1::integer');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('654321');
      expect(log).not.toContain('record body');
    } finally {
      await app.close();
      await close();
    }
  });
});
