// The signed-in user's own endpoints (SPEC §7 Users): profile, info, phone and password
// changes, SMS re-verification and account deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile, UserInfo } from '../../src/shared/api';
import { PASSWORD, loginPassword, newPhone, sendCode, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('users API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ ADMIN_PHONE: '13800000000', ADMIN_PASSWORD: 'Admin#2026' });
  });
  afterAll(() => s?.close());

  it('needs a token for every user endpoint', async () => {
    for (const [method, path] of [
      ['GET', '/api/user/info'],
      ['GET', '/api/system/users/info'],
      ['POST', '/api/system/users/updateMobile'],
      ['POST', '/api/system/users/updatePassWord'],
      ['POST', '/api/system/users/verifySmsCode'],
      ['GET', '/api/system/users/deleteAccount'],
      ['DELETE', '/api/logout'],
    ]) {
      const res = await s.call(method, path, { body: method === 'POST' ? {} : undefined });
      expect(res.status, path).toBe(401);
      expect(res.body, path).toEqual({ code: 401, msg: '请先登录', data: null });
    }
    const bogus = await s.call('GET', '/api/user/info', { token: 'not-a-token', lang: 'en-US' });
    expect(bogus.body).toEqual({ code: 401, msg: 'Your session has expired; please sign in again', data: null });
  });

  it('answers the profile with a role and its permissions', async () => {
    const { token } = await signedIn(s, { userType: 'enterprise', enterpriseName: '深圳某某贸易有限公司' });
    const res = await s.call<Profile>('GET', '/api/user/info', { token });
    expect(res.body.code).toBe(200);
    const profile = res.body.data;
    expect(profile.name).toBe('深圳某某贸易有限公司');
    expect(profile.role.permissions.length).toBeGreaterThan(0);
    const dashboard = profile.role.permissions.find((p) => p.permissionId === 'dashboard');
    expect(dashboard?.actionEntitySet.map((a) => a.action)).toEqual(
      expect.arrayContaining(['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']),
    );
    expect(profile.role.permissionList).toEqual(profile.role.permissions.map((p) => p.permissionId));
  });

  it('answers user info with the user type and a masked phone', async () => {
    const { token, phone } = await signedIn(s);
    const res = await s.call<UserInfo>('GET', '/api/system/users/info', { token });
    expect(res.body.data).toMatchObject({
      type: 'personal',
      phone,
      maskedPhone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      authStatus: 'unverified',
      isOwner: true,
    });
  });

  it('bootstraps the operations user from ADMIN_PHONE/ADMIN_PASSWORD', async () => {
    const res = await loginPassword(s, '13800000000', 'Admin#2026');
    expect(res.status).toBe(200);
    const info = await s.call<UserInfo>('GET', '/api/system/users/info', { token: res.body.data.access_token });
    expect(info.body.data.type).toBe('ops');
    const profile = await s.call<Profile>('GET', '/api/user/info', { token: res.body.data.access_token });
    expect(profile.body.data.role.permissionList).toContain('ops');
  });

  describe('change password', () => {
    it('needs the current password, then ends every session', async () => {
      const { token, phone } = await signedIn(s);
      const other = (await loginPassword(s, phone)).body.data.access_token;
      const wrong = await s.call('POST', '/api/system/users/updatePassWord', { token, body: { oldPassword: 'nope-123', password: 'Fresh#2026' } });
      expect(wrong.body).toMatchObject({ code: 400, data: { oldPassword: '原密码错误' } });
      const weak = await s.call('POST', '/api/system/users/updatePassWord', { token, body: { oldPassword: PASSWORD, password: 'abc' } });
      expect(weak.status).toBe(400);
      expect(Object.keys(weak.body.data as object)).toEqual(['password']);
      const res = await s.call('POST', '/api/system/users/updatePassWord', { token, body: { oldPassword: PASSWORD, password: 'Fresh#2026' } });
      expect(res.body.code).toBe(200);
      expect((await s.call('GET', '/api/user/info', { token })).status).toBe(401);
      expect((await s.call('GET', '/api/user/info', { token: other })).status).toBe(401);
      expect((await loginPassword(s, phone, 'Fresh#2026')).status).toBe(200);
    });
  });

  describe('change mobile', () => {
    it('moves the login to a new phone proved by its code', async () => {
      const { token, phone } = await signedIn(s);
      const next = newPhone();
      const oldCode = await sendCode(s, phone, 'verify', token);
      const code = await sendCode(s, next, 'updateMobile', token);
      const res = await s.call('POST', '/api/system/users/updateMobile', { token, body: { oldCode, phone: next, code } });
      expect(res.body.code).toBe(200);
      expect((await loginPassword(s, next)).status).toBe(200);
      expect((await loginPassword(s, phone)).status).toBe(400);
    });

    it('refuses a phone that belongs to someone else', async () => {
      const a = await signedIn(s);
      const b = await signedIn(s);
      s.clock.advance(61_000);
      const send = await s.call('POST', '/api/smscode', { token: a.token, body: { phone: b.phone, scene: 'updateMobile' } });
      expect(send.body).toMatchObject({ code: 400, data: { phone: '该手机号已注册' } });
      const change = await s.call('POST', '/api/system/users/updateMobile', { token: a.token, body: { oldCode: '123456', phone: b.phone, code: '123456' } });
      expect(change.body).toMatchObject({ code: 400, data: { phone: '该手机号已注册' } });
    });

    it('needs a signed-in user to send an updateMobile code', async () => {
      const res = await s.call('POST', '/api/smscode', { body: { phone: newPhone(), scene: 'updateMobile' } });
      expect(res.status).toBe(401);
    });
  });

  describe('delete account', () => {
    it('refuses without a fresh SMS verification', async () => {
      const { token } = await signedIn(s);
      const res = await s.call('GET', '/api/system/users/deleteAccount', { token });
      expect(res.body).toEqual({ code: 403, msg: '请先完成短信验证', data: null });
      expect((await s.call('GET', '/api/user/info', { token })).status).toBe(200);
    });

    it('is not verified by a code sent to another phone', async () => {
      const { token } = await signedIn(s);
      const otherPhone = newPhone();
      const code = await sendCode(s, otherPhone, 'verify', token);
      const res = await s.call('POST', '/api/system/users/verifySmsCode', { token, body: { code } });
      expect(res.body).toMatchObject({ code: 400, data: { code: '验证码已失效，请重新获取' } });
      expect((await s.call('GET', '/api/system/users/deleteAccount', { token })).status).toBe(403);
    });

    it('a verification expires after 5 minutes', async () => {
      const { token, phone } = await signedIn(s);
      const code = await sendCode(s, phone, 'verify', token);
      expect((await s.call('POST', '/api/system/users/verifySmsCode', { token, body: { code } })).body.code).toBe(200);
      s.clock.advance(5 * 60_000 + 1);
      expect((await s.call('GET', '/api/system/users/deleteAccount', { token })).status).toBe(403);
    });

    it('deletes after verification: sessions end and the phone can register again', async () => {
      const { token, phone } = await signedIn(s);
      const code = await sendCode(s, phone, 'verify', token);
      const verified = await s.call('POST', '/api/system/users/verifySmsCode', { token, body: { code } });
      expect(verified.body).toMatchObject({ code: 200, data: { validFor: 300 } });
      const res = await s.call('GET', '/api/system/users/deleteAccount', { token });
      expect(res.body.code).toBe(200);
      expect((await s.call('GET', '/api/user/info', { token })).status).toBe(401);
      expect((await loginPassword(s, phone)).status).toBe(400);
      const again = await sendCode(s, phone, 'register');
      const reg = await s.call('POST', '/api/register', { body: { userType: 'personal', phone, code: again, password: PASSWORD, agree: true } });
      expect(reg.body.code).toBe(200);
    });
  });
});
