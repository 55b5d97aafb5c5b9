// Account safety (/accountSafe): moving the login to another phone needs a code sent to the
// current phone and one sent to the new phone; a token alone is not enough. Password change
// ends every session; deleting the owner's account takes its operators with it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, latestCode, loginPassword, newPhone, sendCode, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('account safety API', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('a stolen token with only the new phone code cannot move the account', async () => {
    const { token, phone } = await signedIn(s);
    const next = newPhone();
    const code = await sendCode(s, next, 'updateMobile', token);
    const missing = await s.call<Record<string, string>>('POST', '/api/system/users/updateMobile', { token, body: { phone: next, code } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.data)).toEqual(['oldCode']);
    const guessed = await s.call<Record<string, string>>('POST', '/api/system/users/updateMobile', { token, body: { oldCode: '000000', phone: next, code } });
    expect(guessed.status).toBe(400);
    expect(Object.keys(guessed.body.data)).toEqual(['oldCode']);
    expect((await loginPassword(s, phone)).status).toBe(200);
    expect((await loginPassword(s, next)).status).toBe(400);
  });

  it('a code for the current phone must be a current-phone code, not one sent to the new phone', async () => {
    const { token, phone } = await signedIn(s);
    const next = newPhone();
    const code = await sendCode(s, next, 'updateMobile', token);
    const res = await s.call<Record<string, string>>('POST', '/api/system/users/updateMobile', { token, body: { oldCode: code, phone: next, code } });
    expect(res.status).toBe(400);
    expect(res.body.data.oldCode).toBeTruthy();
    expect((await loginPassword(s, phone)).status).toBe(200);
  });

  it('both codes move the login to the new phone and the wrong new code keeps the old one', async () => {
    const { token, phone } = await signedIn(s);
    const next = newPhone();
    await sendCode(s, next, 'updateMobile', token);
    const oldCode = await sendCode(s, phone, 'verify', token);
    const wrongNew = await s.call<Record<string, string>>('POST', '/api/system/users/updateMobile', { token, body: { oldCode, phone: next, code: '000000' } });
    expect(wrongNew.status).toBe(400);
    expect(Object.keys(wrongNew.body.data)).toEqual(['code']);
    const oldAgain = await sendCode(s, phone, 'verify', token);
    const newCode = await latestCode(s, next);
    const res = await s.call('POST', '/api/system/users/updateMobile', { token, body: { oldCode: oldAgain, phone: next, code: newCode } });
    expect(res.body).toMatchObject({ code: 200, data: { maskedPhone: `${next.slice(0, 3)}****${next.slice(7)}` } });
    expect((await loginPassword(s, next)).status).toBe(200);
    expect((await loginPassword(s, phone)).status).toBe(400);
  });

  it('changing the password ends every session', async () => {
    const { token, phone } = await signedIn(s);
    const res = await s.call('POST', '/api/system/users/updatePassWord', { token, body: { oldPassword: PASSWORD, password: 'Changed2026!' } });
    expect(res.body.code).toBe(200);
    expect((await s.call('GET', '/api/user/info', { token })).status).toBe(401);
    expect((await loginPassword(s, phone, 'Changed2026!')).status).toBe(200);
  });

  it("deleting the owner's account signs its operators out and frees every phone", async () => {
    const owner = await signedIn(s, { userType: 'enterprise' });
    const opPhone = newPhone();
    s.clock.advance(61_000);
    await s.call('POST', '/api/system/users/subAccount', { token: owner.token, body: { name: 'op', phone: opPhone, operatorType: 'viewer' } });
    const bindCode = await latestCode(s, opPhone);
    await s.call('POST', '/api/system/users/bindSubAccount', { body: { phone: opPhone, code: bindCode, password: PASSWORD } });
    const op = await loginPassword(s, opPhone);
    const code = await sendCode(s, owner.phone, 'verify', owner.token);
    expect((await s.call('POST', '/api/system/users/verifySmsCode', { token: owner.token, body: { code } })).body.code).toBe(200);
    expect((await s.call('GET', '/api/system/users/deleteAccount', { token: owner.token })).body.code).toBe(200);
    expect((await s.call('GET', '/api/user/info', { token: op.body.data.access_token })).status).toBe(401);
    expect((await loginPassword(s, opPhone)).status).toBe(400);
    await signedIn(s, { phone: opPhone });
  });
});
