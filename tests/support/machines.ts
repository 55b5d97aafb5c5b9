// A machine client of the API for the tests (issue 30 items 4, 5): API keys made by an owner over
// the API, requests made with a key, signed as docs/decisions.md says a client signs them.
import { randomUUID } from 'node:crypto';
import type { Envelope } from '../../src/shared/api';
import type { CreatedApiKey } from '../../src/shared/apiKeys';
import { signRequest } from '../../src/server/confirm/requestSignature';

export interface KeyResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface KeyCall {
  body?: unknown;
  /** Sign with this signing secret at this time (Unix seconds); absent: unsigned. */
  sign?: { secret: string; at: number };
  /** Send the key as X-API-Key instead of Authorization: Bearer. */
  asHeader?: boolean;
  /** Add an Idempotency-Key (money actions require one). */
  idempotent?: boolean;
  headers?: Record<string, string>;
}

/** One request with API key `secret`; answers the status, envelope and headers (never throws on a refusal). */
export async function keyCall<T = unknown>(baseUrl: string, secret: string, method: string, path: string, opts: KeyCall = {}): Promise<KeyResponse<T>> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...(opts.asHeader ? { 'x-api-key': secret } : { authorization: `Bearer ${secret}` }), ...opts.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (opts.idempotent) headers['idempotency-key'] = randomUUID();
  if (opts.sign) {
    const timestamp = String(opts.sign.at);
    headers['x-lsf-timestamp'] = timestamp;
    headers['x-lsf-signature'] = signRequest(opts.sign.secret, method, path, timestamp, body ?? '');
  }
  const res = await fetch(baseUrl + path, { method, headers, body });
  return { status: res.status, body: (await res.json()) as Envelope<T>, headers: res.headers };
}

/** Creates a key as the owner (token); a money key needs `confirm` (e.g. { smsCode }). */
export async function createKey(baseUrl: string, ownerToken: string, body: { name: string; role: string; money?: boolean; expiresAt?: string } & Record<string, unknown>): Promise<CreatedApiKey> {
  const res = await fetch(`${baseUrl}/api/api-keys`, { method: 'POST', headers: { authorization: ownerToken, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const env = (await res.json()) as Envelope<CreatedApiKey>;
  if (res.status !== 200) throw new Error(`createKey: ${res.status} ${env.msg} ${JSON.stringify(env.data)}`);
  return env.data;
}

/** Unix seconds of a clock's now. */
export const unixOf = (clock: { now(): Date }) => Math.floor(clock.now().getTime() / 1000);
