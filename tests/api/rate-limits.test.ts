// Per-client limits of the public endpoints (issue 20), on both databases: past its limit a
// client gets 429 with Retry-After and the envelope in its language, other clients do not, two
// nodes on one database count together, a window ends on the server's clock, and ended
// windows leave no rows. The run's other suites set limits far above what they send
// (vitest.config.ts); this file sets low ones.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_RATE_LIMITS, RATE_LIMIT_RULES } from '../../src/server/config';
import { rateLimits } from '../../src/server/db/schema';
import { purgeRateLimits } from '../../src/server/plugins/rateLimit';
import { dbAvailable, startTestServer, type CallOptions, type TestServer } from '../support/server';

const LOW = {
  RATE_LIMIT_VERIFY: '2/60',
  RATE_LIMIT_CAPTCHA: '3/60',
  RATE_LIMIT_SMS: '2/3600',
  RATE_LIMIT_SMS_ADDRESS: '8/3600',
  RATE_LIMIT_LOGIN: '4/300',
  RATE_LIMIT_REGISTER: '2/3600',
  RATE_LIMIT_PROMOTION: '2/60',
};

/** A request as from another address (the server trusts X-Forwarded-For from its proxy). */
const from = (ip: string, opts: CallOptions = {}): CallOptions => ({ ...opts, headers: { ...opts.headers, 'x-forwarded-for': ip } });

describe('rate limit configuration', () => {
  it('has production defaults, takes <requests>/<seconds> or off, and refuses anything else', () => {
    const defaults = configFromEnv({}).rateLimits;
    expect(Object.keys(defaults).sort()).toEqual([...RATE_LIMIT_RULES].sort());
    expect(defaults.login).toEqual({ max: 30, windowSeconds: 300 });
    expect(Object.values(DEFAULT_RATE_LIMITS).every((v) => /^\d+\/\d+$/.test(v))).toBe(true);
    expect(configFromEnv({ RATE_LIMIT_SMS: '5/600', RATE_LIMIT_VERIFY: 'off' }).rateLimits).toMatchObject({ sms: { max: 5, windowSeconds: 600 }, verify: null });
    for (const bad of ['', 'lots', '0/60', '10/0', '10', '-1/60', '1.5/60']) expect(() => configFromEnv({ RATE_LIMIT_LOGIN: bad })).toThrow(/RATE_LIMIT_LOGIN/);
  });
});

describe.skipIf(!dbAvailable)('rate limits of the public endpoints', () => {
  let s: TestServer;
  let node2: TestServer;
  beforeAll(async () => {
    s = await startTestServer(LOW);
    // A second node on the same database, as behind a load balancer.
    node2 = await startTestServer(LOW, undefined, { shareDatabaseOf: s });
  });
  afterAll(async () => {
    await node2?.close();
    await s?.close();
  });

  it('answers 429 past the limit with Retry-After and the envelope, in the caller language', async () => {
    const ip = '198.51.100.1';
    const seen = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await s.call('GET', '/api/captchaImage', from(ip));
      expect(res.status).toBe(200);
      seen.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(seen).toEqual(['2', '1', '0']);
    const refused = await s.call('GET', '/api/captchaImage', from(ip));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    // Wait times are said in minutes (Retry-After keeps its seconds).
    expect(refused.body).toEqual({ code: 429, msg: '请求过于频繁，请 1 分钟后再试', data: null });
    s.clock.advance(15_000);
    const english = await s.call('GET', '/api/captchaImage', from(ip, { lang: 'en-US' }));
    expect(english.status).toBe(429);
    expect(english.headers.get('retry-after')).toBe('45');
    expect(english.body).toEqual({ code: 429, msg: 'Too many requests; try again in 1 min', data: null });
    // Other routes are not limited and carry no counter.
    const health = await s.call('GET', '/api/health', from(ip));
    expect(health.status).toBe(200);
    expect(health.headers.get('x-ratelimit-limit')).toBeNull();
    // The document says which operations are limited.
    const doc = (await s.call('GET', '/api/docs/json')).body as unknown as { paths: Record<string, Record<string, { description?: string }>> };
    expect(doc.paths['/api/login'].post.description).toContain('RATE_LIMIT_LOGIN');
    expect(doc.paths['/api/public/receipts/{transferId}'].get.description).toContain('429');
    expect(doc.paths['/api/health'].get.description ?? '').not.toContain('429');
  });

  it('counts per client: another address is not refused', async () => {
    const [a, b] = ['198.51.100.2', '198.51.100.3'];
    for (let i = 0; i < 3; i += 1) expect((await s.call('GET', '/api/captchaImage', from(a))).status).toBe(200);
    expect((await s.call('GET', '/api/captchaImage', from(a))).status).toBe(429);
    expect((await s.call('GET', '/api/captchaImage', from(b))).status).toBe(200);
    // And per rule: the refused client may still sign in.
    expect((await s.call('POST', '/api/login', from(a, { body: {} }))).status).toBe(400);
  });

  it('limits every public endpoint, the failing requests counted too', async () => {
    const ip = '198.51.100.4';
    const cases: Array<[string, string, CallOptions, number]> = [
      ['GET', `/api/public/receipts/${randomUUID()}`, {}, 2],
      ['POST', '/api/smscode', { body: { phone: '13912340000', scene: 'nope' } }, 2],
      ['POST', '/api/register', { body: {} }, 2],
      ['GET', '/api/system/promotion/checkPhone?phoneNo=1', {}, 2],
      ['POST', '/api/system/promotion/savePhone?phoneNo=1&code=1', {}, 0], // the same rule as checkPhone, already spent
    ];
    for (const [method, url, opts, allowed] of cases) {
      for (let i = 0; i < allowed; i += 1) expect((await s.call(method, url, from(ip, opts))).status, `${method} ${url}`).not.toBe(429);
      const refused = await s.call(method, url, from(ip, opts));
      expect(refused.status, `${method} ${url}`).toBe(429);
      expect(refused.body.code).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Password sign-in, code sign-in and reset share one count.
    expect((await s.call('POST', '/api/login', from(ip, { body: {} }))).status).toBe(400);
    expect((await s.call('POST', '/api/logincode', from(ip, { body: {} }))).status).toBe(400);
    expect((await s.call('POST', '/api/reset', from(ip, { body: {} }))).status).toBe(400);
    expect((await s.call('POST', '/api/login', from(ip, { body: {} }))).status).toBe(400);
    expect((await s.call('POST', '/api/reset', from(ip, { body: {} }))).status).toBe(429);
  });

  it('counts SMS sends per phone and address, so an office behind one address is many clients, under a ceiling per address', async () => {
    const office = '198.51.100.20';
    const phones = ['13912340101', '13912340102', '13912340103', '13912340104'];
    // Each phone of the office gets the rule's two (here refused by scene, as the count runs before the body is checked).
    for (const phone of phones.slice(0, 3)) {
      for (let i = 0; i < 2; i += 1) expect((await s.call('POST', '/api/smscode', from(office, { body: { phone, scene: 'nope' } }))).status).toBe(400);
      const third = await s.call('POST', '/api/smscode', from(office, { body: { phone, scene: 'nope' } }));
      expect(third.status).toBe(429);
      expect(third.body.msg).toBe('请求过于频繁，请 60 分钟后再试');
    }
    // The same phone from another address is another client.
    expect((await s.call('POST', '/api/smscode', from('198.51.100.21', { body: { phone: phones[0], scene: 'nope' } }))).status).toBe(400);
    // Nine sends from the office so far: past the ceiling (8 an hour per address) every phone is refused, a new one too.
    const ceiling = await s.call('POST', '/api/smscode', from(office, { body: { phone: phones[3], scene: 'nope' } }));
    expect(ceiling.status).toBe(429);
    expect(Number(ceiling.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await s.call('POST', '/api/smscode', from('198.51.100.22', { body: { phone: phones[3], scene: 'nope' } }))).status).toBe(400);
    const keys = (await s.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([`sms:${phones[0]}:${office}`, `sms:${phones[0]}:198.51.100.21`, `smsAddress:${office}`]));
  });

  it('shares the count between two nodes on one database', async () => {
    const ip = '198.51.100.5';
    // The nodes' clocks agree (the first test moved the first one's).
    node2.clock.advance(s.clock.now().getTime() - node2.clock.now().getTime());
    for (const node of [s, node2, s, node2]) expect((await node.call('POST', '/api/login', from(ip, { body: {} }))).status).toBe(400);
    const onOne = await s.call('POST', '/api/login', from(ip, { body: {} }));
    const onTwo = await node2.call('POST', '/api/login', from(ip, { body: {} }));
    expect([onOne.status, onTwo.status]).toEqual([429, 429]);
    expect(onTwo.headers.get('retry-after')).toBe('300');
    // At once on both nodes: exactly the limit gets through (one statement counts, no read-then-write).
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? s : node2).call('POST', '/api/login', from('198.51.100.8', { body: {} }))));
    expect(burst.filter((r) => r.status !== 429)).toHaveLength(4);
  });

  it('lets a client in again when its window ends, and purges ended windows', async () => {
    const ip = '198.51.100.6';
    for (let i = 0; i < 2; i += 1) expect((await s.call('GET', `/api/public/receipts/${randomUUID()}`, from(ip))).status).toBe(404);
    const refused = await s.call('GET', `/api/public/receipts/${randomUUID()}`, from(ip));
    expect(refused.status).toBe(429);
    s.clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    const again = await s.call('GET', `/api/public/receipts/${randomUUID()}`, from(ip));
    expect(again.status).toBe(404);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('1');

    // Rows of ended windows go; open ones stay.
    const keys = async () => (await s.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(await keys()).toContain(`verify:${ip}`);
    s.clock.advance(3600_000);
    expect((await s.call('GET', '/api/captchaImage', from('198.51.100.7'))).status).toBe(200);
    expect(await purgeRateLimits(s.ctx.db, s.clock.now())).toBeGreaterThan(0);
    expect(await keys()).toEqual(['captcha:198.51.100.7']);
  });
});
