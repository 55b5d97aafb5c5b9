// Sign-in, registration and reset over HTTP against the real server (SPEC §7, issue limits).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaptchaResponse, OutboxResponse, TokenResponse } from '../../src/shared/api';
import { PASSWORD, captcha, latestCode, loginPassword, newPhone, register, sendCode } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';
import { startOfChinaDay } from '../../src/server/sms/codes';

describe.skipIf(!dbAvailable)('authentication API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  describe('captcha', () => {
    it('answers a uuid and an SVG data URL', async () => {
      const res = await s.call<CaptchaResponse>('GET', '/api/captchaImage');
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(200);
      expect(res.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.body.data.img).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(res.body.data.img.split(',')[1], 'base64').toString()).toContain('<svg');
    });
  });

  describe('SMS codes', () => {
    it('sends a 6-digit code that reaches the dev outbox', async () => {
      const phone = newPhone();
      const res = await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } });
      expect(res.body).toMatchObject({ code: 200, data: { retryAfter: 60 } });
      expect(await latestCode(s, phone)).toMatch(/^\d{6}$/);
    });

    it('rejects a bad phone and an unknown scene with field errors, sending nothing', async () => {
      const res = await s.call('POST', '/api/smscode', { body: { phone: '12345', scene: 'party' } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(400);
      expect(Object.keys(res.body.data as object).sort()).toEqual(['phone', 'scene']);
      const outbox = await s.call<OutboxResponse>('GET', '/api/dev/outbox?phone=12345');
      expect(outbox.body.data.sms).toHaveLength(0);
    });

    it('allows one send per phone per 60 s', async () => {
      const phone = newPhone();
      expect((await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } })).status).toBe(200);
      s.clock.advance(30_000);
      const again = await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } });
      expect(again.status).toBe(429);
      // Said in minutes, rounded up: 30 s left is "1 minute".
      expect(again.body.msg).toBe('验证码发送过于频繁，请 1 分钟后再试');
      // Like every 429: the seconds left before a send can succeed.
      expect(again.headers.get('retry-after')).toBe('30');
      s.clock.advance(30_001);
      expect((await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } })).status).toBe(200);
    });

    it('allows at most 10 sends per phone per day', async () => {
      const phone = newPhone();
      for (let i = 0; i < 10; i += 1) await sendCode(s, phone, 'register');
      s.clock.advance(61_000);
      const eleventh = await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' }, lang: 'en-US' });
      expect(eleventh.status).toBe(429);
      expect(eleventh.body.msg).toContain("today's limit of 10");
      // Until the next China midnight, when the day's count starts again.
      const now = s.clock.now().getTime();
      expect(Number(eleventh.headers.get('retry-after'))).toBe(Math.ceil((startOfChinaDay(s.clock.now()).getTime() + 86_400_000 - now) / 1000));
      const outbox = await s.call<OutboxResponse>('GET', `/api/dev/outbox?phone=${phone}`);
      expect(outbox.body.data.sms).toHaveLength(10);
    });

    it('refuses a register code for a registered phone and a login code for an unknown one', async () => {
      const { phone } = await register(s);
      s.clock.advance(61_000);
      const reg = await s.call('POST', '/api/smscode', { body: { phone, scene: 'register' } });
      expect(reg.status).toBe(400);
      expect(reg.body.data).toEqual({ phone: '该手机号已注册' });
      const login = await s.call('POST', '/api/smscode', { body: { phone: newPhone(), scene: 'login' } });
      expect(login.body.data).toEqual({ phone: '该手机号尚未注册' });
    });
  });

  describe('register', () => {
    it('registers a personal and an enterprise account, then they can sign in', async () => {
      const personal = await register(s, { userType: 'personal' });
      const enterprise = await register(s, { userType: 'enterprise', enterpriseName: '上海某某供应链有限公司' });
      for (const u of [personal, enterprise]) {
        const res = await loginPassword(s, u.phone);
        expect(res.status).toBe(200);
        expect(res.body.data.access_token.length).toBeGreaterThanOrEqual(22);
      }
      const login = await loginPassword(s, enterprise.phone);
      const info = await s.call<{ type: string; accountName: string }>('GET', '/api/system/users/info', { token: login.body.data.access_token });
      expect(info.body.data).toMatchObject({ type: 'enterprise', accountName: '上海某某供应链有限公司' });
    });

    it('reports every invalid field at once and creates nothing', async () => {
      const phone = newPhone();
      const code = await sendCode(s, phone, 'register');
      const res = await s.call('POST', '/api/register', {
        body: { userType: 'enterprise', phone, code: '12', password: 'abcdef', agree: false },
        lang: 'en-US',
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.data as object).sort()).toEqual(['agree', 'code', 'enterpriseName', 'password']);
      expect((res.body.data as Record<string, string>).agree).toBe('Please read and check the protocol!');
      // The code was not spent and no user exists: the same phone registers fine afterwards.
      const ok = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code, password: PASSWORD, agree: true } });
      expect(ok.body.code).toBe(200);
    });

    it('rejects weak passwords with the complexity rule', async () => {
      const phone = newPhone();
      const code = await sendCode(s, phone, 'register');
      for (const password of ['12345', 'abcdefgh', '12345678', 'abc\\123']) {
        const res = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code, password, agree: true } });
        expect(res.status, password).toBe(400);
        expect(Object.keys(res.body.data as object), password).toEqual(['password']);
      }
    });

    it('rejects a wrong code, counts it, and locks the code after 5 wrong tries', async () => {
      const phone = newPhone();
      const code = await sendCode(s, phone, 'register');
      const wrong = code === '000000' ? '111111' : '000000';
      const body = (c: string) => ({ userType: 'personal', phone, code: c, password: PASSWORD, agree: true });
      for (let i = 0; i < 4; i += 1) {
        const res = await s.call('POST', '/api/register', { body: body(wrong) });
        expect(res.body.data).toEqual({ code: '验证码错误' });
      }
      const fifth = await s.call('POST', '/api/register', { body: body(wrong) });
      expect(fifth.body.data).toEqual({ code: '验证码错误次数过多，请重新获取' });
      // Even the right code is refused now.
      const right = await s.call('POST', '/api/register', { body: body(code) });
      expect(right.status).toBe(400);
      expect(right.body.data).toEqual({ code: '验证码错误次数过多，请重新获取' });
    });

    it('refuses an expired code (5 minutes) and a code used twice', async () => {
      const phone = newPhone();
      const code = await sendCode(s, phone, 'register');
      s.clock.advance(5 * 60_000 + 1);
      const expired = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code, password: PASSWORD, agree: true } });
      expect(expired.body.data).toEqual({ code: '验证码已失效，请重新获取' });

      const code2 = await sendCode(s, phone, 'register');
      const first = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code: code2, password: PASSWORD, agree: true } });
      expect(first.body.code).toBe(200);
      const phone2 = newPhone();
      // A code is bound to its phone and scene: reusing it elsewhere fails.
      const reuse = await s.call('POST', '/api/register', { body: { userType: 'personal', phone: phone2, code: code2, password: PASSWORD, agree: true } });
      expect(reuse.status).toBe(400);
    });

    it('refuses a phone that is already registered', async () => {
      const { phone } = await register(s);
      const res = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code: '123456', password: PASSWORD, agree: true } });
      expect(res.body).toMatchObject({ code: 400, data: { phone: '该手机号已注册' } });
    });
  });

  describe('password sign-in', () => {
    it('always needs a valid, unused captcha', async () => {
      const { phone } = await register(s);
      const noCaptcha = await s.call('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: '', captchaCode: '' } });
      expect(noCaptcha.status).toBe(400);
      const c = await captcha(s);
      const wrong = await s.call('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: c.uuid, captchaCode: 'zzzz' } });
      expect(wrong.body.data).toEqual({ captchaCode: '图形验证码错误或已过期' });
      // The captcha was spent by the wrong try.
      const reused = await s.call('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: c.uuid, captchaCode: c.answer } });
      expect(reused.status).toBe(400);
      const c2 = await captcha(s);
      s.clock.advance(5 * 60_000 + 1);
      const stale = await s.call('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: c2.uuid, captchaCode: c2.answer } });
      expect(stale.body.data).toEqual({ captchaCode: '图形验证码错误或已过期' });
    });

    it('accepts the captcha answer in any letter case', async () => {
      const { phone } = await register(s);
      const c = await captcha(s);
      const res = await s.call<TokenResponse>('POST', '/api/login', { body: { username: phone, password: PASSWORD, uuid: c.uuid, captchaCode: c.answer.toUpperCase() } });
      expect(res.status).toBe(200);
    });

    it('gives the same answer for an unknown phone and a wrong password', async () => {
      const { phone } = await register(s);
      const unknown = await loginPassword(s, newPhone());
      const wrong = await loginPassword(s, phone, 'Wrong-pass-1');
      expect(unknown.status).toBe(400);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('手机号或密码错误，还可尝试 4 次');
    });

    it('locks the account for 15 minutes after 5 failures in a row', async () => {
      const { phone } = await register(s);
      for (let i = 4; i >= 1; i -= 1) {
        const res = await loginPassword(s, phone, 'Wrong-pass-1');
        expect(res.body.msg).toContain(`${i}`);
      }
      const fifth = await loginPassword(s, phone, 'Wrong-pass-1');
      expect(fifth.status).toBe(429);
      const right = await loginPassword(s, phone);
      expect(right.status).toBe(429);
      expect(right.body.msg).toContain('15');
      expect(right.headers.get('retry-after')).toBe(String(15 * 60));
      s.clock.advance(15 * 60_000 + 1);
      expect((await loginPassword(s, phone)).status).toBe(200);
    });

    it('resets the failure count after a successful sign-in', async () => {
      const { phone } = await register(s);
      for (let i = 0; i < 4; i += 1) await loginPassword(s, phone, 'Wrong-pass-1');
      expect((await loginPassword(s, phone)).status).toBe(200);
      const res = await loginPassword(s, phone, 'Wrong-pass-1');
      expect(res.body.msg).toContain('4');
    });
  });

  describe('SMS sign-in', () => {
    it('signs in with a login code', async () => {
      const { phone } = await register(s);
      const code = await sendCode(s, phone, 'login');
      const res = await s.call<TokenResponse>('POST', '/api/logincode', { body: { phone, code } });
      expect(res.status).toBe(200);
      const info = await s.call('GET', '/api/system/users/info', { token: res.body.data.access_token });
      expect(info.status).toBe(200);
    });

    it('does not accept a code sent for another scene', async () => {
      const { phone } = await register(s);
      s.clock.advance(61_000);
      await s.call('POST', '/api/smscode', { body: { phone, scene: 'reset' } });
      const code = await latestCode(s, phone);
      const res = await s.call('POST', '/api/logincode', { body: { phone, code } });
      expect(res.body).toMatchObject({ code: 400, data: { code: '验证码已失效，请重新获取' } });
    });
  });

  describe('password reset', () => {
    it('sets a new password, revokes sessions and lifts a lockout', async () => {
      const { phone } = await register(s);
      const before = (await loginPassword(s, phone)).body.data.access_token;
      for (let i = 0; i < 5; i += 1) await loginPassword(s, phone, 'Wrong-pass-1');
      expect((await loginPassword(s, phone)).status).toBe(429);
      const code = await sendCode(s, phone, 'reset');
      const res = await s.call('POST', '/api/reset', { body: { phone, code, password: 'NewPass#2026' } });
      expect(res.status).toBe(200);
      expect((await s.call('GET', '/api/user/info', { token: before })).status).toBe(401);
      expect((await loginPassword(s, phone)).status).toBe(400);
      expect((await loginPassword(s, phone, 'NewPass#2026')).status).toBe(200);
    });

    it('validates the new password before touching the code', async () => {
      const { phone } = await register(s);
      const code = await sendCode(s, phone, 'reset');
      const bad = await s.call('POST', '/api/reset', { body: { phone, code, password: '123' } });
      expect(bad.status).toBe(400);
      const good = await s.call('POST', '/api/reset', { body: { phone, code, password: 'NewPass#2026' } });
      expect(good.status).toBe(200);
    });
  });

  describe('tokens', () => {
    it('expires after 7 days', async () => {
      const { phone } = await register(s);
      const token = (await loginPassword(s, phone)).body.data.access_token;
      s.clock.advance(604_800_000 - 1000);
      expect((await s.call('GET', '/api/user/info', { token })).status).toBe(200);
      s.clock.advance(1001);
      const res = await s.call('GET', '/api/user/info', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 401, msg: '登录已失效，请重新登录', data: null });
    });

    it('is revoked by logout, and accepts a Bearer prefix', async () => {
      const { phone } = await register(s);
      const token = (await loginPassword(s, phone)).body.data.access_token;
      expect((await s.call('GET', '/api/user/info', { token: `Bearer ${token}` })).status).toBe(200);
      expect((await s.call('DELETE', '/api/logout', { token })).body.code).toBe(200);
      expect((await s.call('GET', '/api/user/info', { token })).status).toBe(401);
    });

    it('is not stored in plain text', async () => {
      const { phone } = await register(s);
      const token = (await loginPassword(s, phone)).body.data.access_token;
      const hashes = (await s.ctx.db.query.sessions.findMany()).map((r) => r.tokenHash);
      expect(hashes.length).toBeGreaterThan(0);
      expect(hashes).not.toContain(token);
    });
  });
});
