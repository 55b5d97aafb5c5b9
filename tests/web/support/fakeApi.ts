// A stand-in for the server at the one boundary the web tests mock: global fetch. Routes
// answer with the envelopes the real server sends ({code, msg, data}, HTTP status = code).
import { vi } from 'vitest';
import type { Envelope, Profile, UserInfo } from '../../../src/shared/api';
import type { RestBody } from './fakeRest';
import { forgetIdentity } from '../../../src/web/providers/identity';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status: number;
  /** An envelope, a bare answer of /api/rest (./fakeRest.ts), or raw text (a proxy's error page). */
  body: Envelope | RestBody | string;
  /** More response headers (Retry-After of a 429). */
  headers?: Record<string, string>;
}

export type Route = Reply | ((call: Call) => Reply | Promise<Reply>);

export const ok = <T>(data: T, msg = '操作成功'): Reply => ({ status: 200, body: { code: 200, msg, data } });
export const fail = (code: number, msg: string, data: unknown = null): Reply => ({
  status: code,
  body: { code, msg, data },
});

/**
 * Installs a fetch that answers `METHOD /api/path` routes (query strings ignored when
 * matching). Unknown routes get the server's 404 envelope. Returns the recorded calls.
 */
export function fakeApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin);
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: Call = { method, path: url.pathname, query: url.searchParams, headers: new Headers(init.headers), body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`] ?? sessionUserRoute(call);
    const reply = route === undefined ? fail(404, '接口不存在') : typeof route === 'function' ? await route(call) : route;
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, {
      status: reply.status,
      headers: { 'Content-Type': typeof reply.body === 'string' ? 'text/html' : 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

/** GET /api/system/users/info of storeSession's token, unless the test routes it itself. */
function sessionUserRoute(call: Call): Route | undefined {
  if (call.method !== 'GET' || call.path !== '/api/system/users/info' || !signedIn) return undefined;
  return call.headers.get('Authorization') === signedIn.token ? ok(signedIn.userInfo) : undefined;
}

/** A small SVG per captcha, as the data URL the server sends. */
export const captchaReply = (n: number) =>
  ok({ uuid: `captcha-${n}`, img: `data:image/svg+xml;base64,${btoa(`<svg xmlns="http://www.w3.org/2000/svg"><text>${n}</text></svg>`)}` });

/** A fresh captcha on every call, numbered from 1. */
export function captchaRoute() {
  let n = 0;
  return () => captchaReply((n += 1));
}

export const PROFILE: Profile = {
  id: 'u-1',
  name: '张三',
  avatar: '',
  role: {
    id: 'owner',
    name: 'owner',
    permissions: [{ permissionId: 'dashboard', actionEntitySet: [{ action: 'query' }] }],
  },
};

export const USER_INFO: UserInfo = {
  id: 'u-1',
  phone: '13812345678',
  maskedPhone: '138****5678',
  name: '张三',
  type: 'enterprise',
  accountId: 'a-1',
  accountName: '杭州链上付科技有限公司',
  authStatus: 'unverified',
  isOwner: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The session storeSession began: fakeApi answers GET /api/system/users/info for its token with its user, as the server would. */
let signedIn: { token: string; userInfo: UserInfo } | null = null;

/**
 * Signs in the way a page load after sign-in finds it: the token stored as the console keeps it
 * (src/web/providers/session.ts), the console's memory of any earlier caller gone, and the server
 * knowing `userInfo` as this token's user (fakeApi answers GET /api/system/users/info with it
 * unless a test gives its own route).
 */
export function storeSession(token = 'token-abc', userInfo: UserInfo = USER_INFO) {
  localStorage.setItem('Access-Token', JSON.stringify({ value: token, expire: Date.now() + 604_800_000 }));
  forgetIdentity();
  signedIn = { token, userInfo };
}

/** The calls the console frame makes on every start, answered as for a user with nothing pending. */
export const shellRoutes = (): Record<string, Reply> => ({
  'GET /api/system/LoginPlatform/lsfGetAgreement': ok({ platform: 'lsf', version: '2026.11', agreed: true, agreedAt: '2026-11-01T00:00:00.000Z', title: '链上付平台服务协议', sections: [] }),
  'GET /api/system/notice/unread': ok([]),
  'GET /api/system/message/notread': ok(0),
  'POST /api/system/newTodo/todoCount': ok(0),
  'POST /api/system/newTodo/todoList': ok({ records: [], total: 0 }),
  // The home page's balances card, for a role that sees funds.
  'GET /api/funds/wallet': ok({ available: '0.00', held: '0.00', escrow: '0.00', objectionDeposits: '0.00' }),
});
