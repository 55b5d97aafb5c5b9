// Concurrent requests must not beat the limits: these are the races a second tab, a double
// click or a script would run. Proven on PostgreSQL (real parallel connections); PGlite runs
// them too, serialised.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, captcha, latestCode, newPhone, register, sendCode } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('concurrent requests', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('sends one SMS when eight sends for one phone arrive together', async () => {
    const phone = newPhone();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('spends a code once when two registrations race with it', async () => {
    const phone = newPhone();
    const code = await sendCode(s, phone, 'register');
    const body = { userType: 'personal', phone, code, password: PASSWORD, agree: true };
    const results = await Promise.all([s.call('POST', '/api/register', { body }), s.call('POST', '/api/register', { body })]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 409]).toContain(statuses[1]);
    const count = await s.ctx.db.query.users.findMany({ where: (u, { eq }) => eq(u.phone, phone) });
    expect(count).toHaveLength(1);
  });

  it('counts every one of five wrong codes sent together', async () => {
    const phone = newPhone();
    await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } });
    const code = await latestCode(s, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { userType: 'personal', phone, code: wrong, password: PASSWORD, agree: true };
    await Promise.all(Array.from({ length: 5 }, () => s.call('POST', '/api/register', { body })));
    const right = await s.call('POST', '/api/register', { body: { ...body, code } });
    expect(right.body.data).toEqual({ code: '验证码错误次数过多，请重新获取' });
  });

  it('locks the account when five wrong passwords arrive together', async () => {
    const { phone } = await register(s);
    const caps = await Promise.all(Array.from({ length: 5 }, () => captcha(s)));
    await Promise.all(
      caps.map((c) => s.call('POST', '/api/login', { body: { username: phone, password: 'Wrong-pass-1', uuid: c.uuid, captchaCode: c.answer } })),
    );
    const c = await captcha(s);
    const right = await s.call('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: c.uuid, captchaCode: c.answer } });
    expect(right.status).toBe(429);
  });

  it('accepts a captcha once when two sign-ins race with it', async () => {
    const { phone } = await register(s);
    const c = await captcha(s);
    const body = { username: phone, password: PASSWORD, uuid: c.uuid, captchaCode: c.answer };
    const results = await Promise.all([s.call('POST', '/api/login', { body }), s.call('POST', '/api/login', { body })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});
