// The promotion phone pair (SPEC §7 Other): GET /system/promotion/checkPhone?phoneNo= says
// whether a number can be left; POST /system/promotion/savePhone?phoneNo=&code= saves it once,
// proven by an SMS code of the promotion scene. Open to visitors without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionLeads } from '../../src/server/db/schema';
import type { PromotionPhoneView } from '../../src/shared/promotion';
import { newPhone, sendCode, signedIn } from '../support/flows';
import { dbAvailable, startTestServer, testDbKind, type TestServer } from '../support/server';

describe.skipIf(!dbAvailable)('promotion phone check and save', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  const check = (phoneNo: string, lang?: string) => s.call<PromotionPhoneView>('GET', `/api/system/promotion/checkPhone?phoneNo=${encodeURIComponent(phoneNo)}`, { lang });
  const save = (phoneNo: string, code: string, lang?: string) =>
    s.call<PromotionPhoneView | Record<string, string>>('POST', `/api/system/promotion/savePhone?phoneNo=${encodeURIComponent(phoneNo)}&code=${encodeURIComponent(code)}`, { lang });
  const leads = () => s.ctx.db.select().from(promotionLeads);

  it('checks a number: valid and not saved, without a session', async () => {
    const phone = newPhone();
    const res = await check(phone);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 200, data: { phoneNo: phone, saved: false, savedAt: null } });
  });

  it('names phoneNo when the number is missing or not a mainland mobile number', async () => {
    const bad = await check('12345', 'en-US');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data as object)).toEqual(['phoneNo']);
    const missing = await s.call('GET', '/api/system/promotion/checkPhone');
    expect(missing.status).toBe(400);
    expect(missing.body.data).toHaveProperty('phoneNo');
  });

  it('saves a number with its SMS code once; the check then says it is saved and no second code is sent', async () => {
    const phone = newPhone();
    const code = await sendCode(s, phone, 'promotion');
    const saved = await save(phone, code);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ phoneNo: phone, saved: true, savedAt: s.clock.now().toISOString() });
    expect((await check(phone)).body.data).toEqual(saved.body.data);
    expect((await leads()).filter((l) => l.phone === phone)).toHaveLength(1);

    const again = await save(phone, code, 'en-US');
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual({ phoneNo: 'This phone number is already registered for the promotion' });
    s.clock.advance(61_000);
    const resend = await s.call('POST', '/api/smscode', { body: { phone, scene: 'promotion' } });
    expect(resend.status).toBe(400);
    expect(resend.body.data).toEqual({ phone: '该手机号已登记，无需重复提交' });
  });

  it('refuses a wrong code, a code of another scene, or a missing code, and saves nothing', async () => {
    const phone = newPhone();
    const code = await sendCode(s, phone, 'promotion');
    const wrong = await save(phone, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.data as object)).toEqual(['code']);
    const missing = await s.call('POST', `/api/system/promotion/savePhone?phoneNo=${phone}`);
    expect(missing.status).toBe(400);
    expect(missing.body.data).toHaveProperty('code');

    // A registration code proves the phone for registering, not for the promotion.
    const other = newPhone();
    const registerCode = await sendCode(s, other, 'register');
    expect((await save(other, registerCode)).status).toBe(400);
    expect((await check(phone)).body.data).toMatchObject({ saved: false });
    expect((await check(other)).body.data).toMatchObject({ saved: false });
    expect((await leads()).some((l) => l.phone === phone || l.phone === other)).toBe(false);
  });

  it('accepts a registered user’s number like any other', async () => {
    const user = await signedIn(s);
    const code = await sendCode(s, user.phone, 'promotion');
    expect((await save(user.phone, code)).status).toBe(200);
  });

  it.runIf(testDbKind === 'postgres')('two saves racing with the same code store the number once', async () => {
    const phone = newPhone();
    const code = await sendCode(s, phone, 'promotion');
    const results = await Promise.all([save(phone, code), save(phone, code), save(phone, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect((await leads()).filter((l) => l.phone === phone)).toHaveLength(1);
  });
});
