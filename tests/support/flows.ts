// User journeys over the API that many tests need: get a code from the dev outbox, register,
// sign in. They advance the test clock past the 60 s resend window before each send.
import { expect } from 'vitest';
import type { CaptchaResponse, OutboxResponse, TokenResponse } from '../../src/shared/api';
import type { SmsScene, UserType } from '../../src/shared/constants';
import type { TestServer } from './server';

export const PASSWORD = 'Settle2026!';
let phoneSeq = 0;
/** A fresh valid mainland mobile number per call within a test file. */
export const newPhone = () => `139${String(10_000_000 + ((phoneSeq += 1) * 7919) % 89_999_999).padStart(8, '0')}`;

export async function latestCode(s: TestServer, phone: string): Promise<string> {
  const res = await s.call<OutboxResponse>('GET', `/api/dev/outbox?phone=${phone}`);
  expect(res.status).toBe(200);
  const [latest] = res.body.data.sms;
  if (!latest) throw new Error(`no SMS sent to ${phone}`);
  return latest.code;
}

export async function sendCode(s: TestServer, phone: string, scene: SmsScene, token?: string): Promise<string> {
  s.clock.advance(61_000);
  const res = await s.call('POST', '/api/smscode', { body: { phone, scene }, token });
  expect(res.body).toMatchObject({ code: 200 });
  return latestCode(s, phone);
}

export async function register(
  s: TestServer,
  opts: { phone?: string; userType?: UserType; enterpriseName?: string; password?: string } = {},
): Promise<{ phone: string; password: string }> {
  const phone = opts.phone ?? newPhone();
  const password = opts.password ?? PASSWORD;
  const userType = opts.userType ?? 'personal';
  const code = await sendCode(s, phone, 'register');
  const res = await s.call('POST', '/api/register', {
    body: { userType, enterpriseName: opts.enterpriseName ?? (userType === 'enterprise' ? '杭州链上付科技有限公司' : undefined), phone, code, password, agree: true },
  });
  expect(res.body).toMatchObject({ code: 200 });
  return { phone, password };
}

export async function captcha(s: TestServer): Promise<{ uuid: string; answer: string }> {
  const res = await s.call<CaptchaResponse>('GET', '/api/captchaImage');
  const outbox = await s.call<OutboxResponse>('GET', '/api/dev/outbox');
  const found = outbox.body.data.captcha.find((c) => c.uuid === res.body.data.uuid);
  if (!found) throw new Error('captcha not in outbox');
  return found;
}

export async function loginPassword(s: TestServer, phone: string, password = PASSWORD) {
  const { uuid, answer } = await captcha(s);
  return s.call<TokenResponse>('POST', '/api/login', { body: { username: phone, password, uuid, captchaCode: answer } });
}

export async function signedIn(s: TestServer, opts: Parameters<typeof register>[1] = {}) {
  const user = await register(s, opts);
  const res = await loginPassword(s, user.phone, user.password);
  expect(res.status).toBe(200);
  return { ...user, token: res.body.data.access_token };
}
