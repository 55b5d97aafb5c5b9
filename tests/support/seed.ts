// Data for the console's browser journeys, made the way the product makes it: accounts over the
// API (register, sign in), notices over the ops API. Operators (sub-accounts) have no API yet
// (their issue comes later), so addOperator writes the same row that API will: a user of the
// owner's account with an operator type as role and a hashed password.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import type { CaptchaResponse, Envelope, OutboxResponse, TokenResponse } from '../../src/shared/api';
import { accounts, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/domains/auth/passwords';
import type { E2eApp } from './browser';
import { newPhone, PASSWORD } from './flows';
import type { ResourceRecord } from '../../src/shared/resources/types';

/**
 * A short tag of this attempt, for titles, names and references a journey looks up on lists every
 * account shares: vitest retries a journey on the same server, beside what its first attempt left.
 */
export const attemptTag = () => randomUUID().slice(0, 6);

export { PASSWORD };

export async function apiCall<T = unknown>(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A POST that must succeed, with a fresh Idempotency-Key like the console's money steps; answers the envelope's data. */
export async function apiPost<T = ResourceRecord>(e2e: E2eApp, path: string, token: string, body: unknown = {}): Promise<T> {
  const res = await fetch(`${e2e.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: token, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** A fresh verify-scene SMS code to `phone`, the clock moved past the resend window of the last one. */
export async function freshSmsCode(e2e: E2eApp, clock: { advance(ms: number): void }, phone: string, token: string): Promise<string> {
  clock.advance(61_000);
  await apiPost(e2e, '/api/smscode', token, { phone, scene: 'verify' });
  return e2e.latestSms(phone);
}

async function expectOk<T>(envelope: Promise<Envelope<T>>, what: string): Promise<T> {
  const body = await envelope;
  if (body.code !== 200) throw new Error(`${what}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A new account over the API (SMS code from the dev outbox). Each call uses a fresh phone. */
export async function registerAccount(e2e: E2eApp, opts: { enterpriseName?: string } = {}): Promise<{ phone: string; password: string }> {
  const phone = newPhone();
  await expectOk(apiCall(e2e.baseUrl, 'POST', '/api/smscode', { phone, scene: 'register' }), 'smscode');
  const code = await e2e.latestSms(phone);
  const userType = opts.enterpriseName ? 'enterprise' : 'personal';
  await expectOk(
    apiCall(e2e.baseUrl, 'POST', '/api/register', { userType, enterpriseName: opts.enterpriseName, phone, code, password: PASSWORD, agree: true }),
    'register',
  );
  return { phone, password: PASSWORD };
}

/** A session token over the API: captcha answer from the dev outbox, then POST /api/login. */
export async function apiSignIn(e2e: E2eApp, phone: string, password = PASSWORD): Promise<string> {
  const { uuid } = await expectOk(apiCall<CaptchaResponse>(e2e.baseUrl, 'GET', '/api/captchaImage'), 'captcha');
  const outbox = await expectOk(apiCall<OutboxResponse>(e2e.baseUrl, 'GET', '/api/dev/outbox'), 'outbox');
  const answer = outbox.captcha.find((c) => c.uuid === uuid)?.answer ?? '';
  const token = await expectOk(apiCall<TokenResponse>(e2e.baseUrl, 'POST', '/api/login', { username: phone, password, uuid, captchaCode: answer }), 'login');
  return token.access_token;
}

/**
 * Marks the account of `phone` as authenticated (what the ops review will do): only approved
 * accounts trade (DESIGN §5), so adding offers needs it.
 */
export async function approveAccount(e2e: E2eApp, phone: string): Promise<void> {
  const [user] = await e2e.db.select().from(users).where(eq(users.phone, phone));
  if (!user) throw new Error(`no user ${phone}`);
  await e2e.db.update(accounts).set({ authStatus: 'approved', updatedAt: new Date() }).where(eq(accounts.id, user.accountId));
}

/** An operator (sub-account) of the owner's account with the given operator type. */
export async function addOperator(e2e: E2eApp, ownerPhone: string, role: string, name = `operator ${role}`): Promise<{ phone: string; password: string }> {
  const [owner] = await e2e.db.select().from(users).where(eq(users.phone, ownerPhone));
  if (!owner) throw new Error(`no user ${ownerPhone}`);
  const phone = newPhone();
  const now = new Date();
  await e2e.db.insert(users).values({
    accountId: owner.accountId,
    phone,
    name,
    passwordHash: await hashPassword(PASSWORD),
    role,
    isOwner: false,
    createdAt: now,
    updatedAt: now,
  });
  return { phone, password: PASSWORD };
}

export interface NoticeSeed {
  noticeTitle: string;
  noticeContent: string;
  platforms: string[];
}

/** Publishes a notice as platform operations (POST /api/system/notice); returns its id. */
export async function publishNotice(e2e: E2eApp, opsToken: string, notice: NoticeSeed): Promise<string> {
  const created = await expectOk(apiCall<{ noticeId: string }>(e2e.baseUrl, 'POST', '/api/system/notice', notice, opsToken), 'publish notice');
  return created.noticeId;
}

/** Opens the console already signed in on `origin` (the token where the console keeps it). */
export async function signInContext(context: BrowserContext, origin: string, token: string): Promise<void> {
  await context.addInitScript(
    ({ origin: at, token: value }) => {
      if (window.location.origin !== at || localStorage.getItem('Access-Token')) return;
      localStorage.setItem('Access-Token', JSON.stringify({ value, expire: Date.now() + 604_800_000 }));
    },
    { origin, token },
  );
}

/** A new browser page of the main origin, signed in with `token`, its waits bounded by `timeoutMs`. */
export async function openSignedIn(e2e: E2eApp, token: string, timeoutMs: number, look: { theme?: 'dark' | 'light'; lang?: 'zh-CN' | 'en-US' } = {}): ReturnType<E2eApp['newPage']> {
  const opened = await e2e.newPage();
  opened.context.setDefaultTimeout(timeoutMs);
  await signInContext(opened.context, e2e.baseUrl, token);
  // A theme or language other than the defaults (dark, zh-CN), as the settings drawer and the language menu keep them.
  if (look.theme === 'light' || look.lang === 'en-US') {
    await opened.context.addInitScript(
      ([theme, lang]) => {
        if (theme === 'light') localStorage.setItem('lsf.settings.main', JSON.stringify({ theme: 'light' }));
        if (lang) localStorage.setItem('lang', lang);
      },
      [look.theme, look.lang] as const,
    );
  }
  return opened;
}

/** Agrees to the platform agreement for this user on `platform`, as the dialog's button does. */
export async function agreeOverApi(e2e: E2eApp, token: string, platform: string): Promise<void> {
  await expectOk(apiCall(e2e.baseUrl, 'GET', `/api/system/LoginPlatform/confirm?platform=${platform}`, undefined, token), 'confirm agreement');
}

/**
 * A user who has been here before on `platform`: agreement accepted and every notice read, so a
 * journey about something else starts without the start-up dialogs.
 */
export async function settledUser(e2e: E2eApp, token: string, platform: string): Promise<void> {
  await agreeOverApi(e2e, token, platform);
  const unread = await expectOk(apiCall<{ noticeId: string }[]>(e2e.baseUrl, 'GET', `/api/system/notice/unread?platform=${platform}`, undefined, token), 'unread notices');
  for (const notice of unread) {
    await expectOk(apiCall(e2e.baseUrl, 'GET', `/api/system/notice/readed?noticeId=${notice.noticeId}`, undefined, token), 'read notice');
  }
}

/** An approved enterprise account, signed in over the API, its agreement taken and notices read. */
export async function approvedParty(e2e: E2eApp, name: string): Promise<{ phone: string; token: string; name: string }> {
  const { phone } = await registerAccount(e2e, { enterpriseName: name });
  await approveAccount(e2e, phone);
  const token = await apiSignIn(e2e, phone);
  await settledUser(e2e, token, 'lsf');
  return { phone, token, name };
}
