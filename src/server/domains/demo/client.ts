// The demo seeder's HTTP client: it talks to the running server over loopback like the console
// does (JSON envelopes, Authorization token, Idempotency-Key on money actions), reads SMS codes
// and captcha answers from the development outbox, and uploads files as multipart forms.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { CaptchaResponse, Envelope, FileView, OutboxResponse, TokenResponse } from '../../../shared/api';
import type { SmsScene } from '../../../shared/constants';
import { SMS_RESEND_WINDOW_MS } from '../../../shared/constants';

export interface DemoClient {
  call<T = Record<string, unknown>>(method: string, path: string, opts?: { token?: string; body?: unknown; idempotent?: boolean }): Promise<T>;
  /** Sends a code to `phone` for `scene` (as `token`, when the scene needs a session) and answers it. */
  smsCode(phone: string, scene: SmsScene, token?: string): Promise<string>;
  /** The newest code the outbox holds for `phone` (one the server sent by itself, e.g. an operator's bind code). */
  latestCode(phone: string): Promise<string>;
  signIn(phone: string, password: string): Promise<string>;
  /** Uploads a small PNG as `token`; answers the file id. */
  upload(token: string, name?: string): Promise<string>;
}

/** One call went wrong: the seeder stops and says which call and what the server answered. */
export class DemoCallError extends Error {}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
};

/** A valid 32×20 PNG in one colour (a stand-in for an ID card or a shop-front photo). */
export function demoPng(rgb: [number, number, number] = [64, 120, 200]): Buffer {
  const width = 32;
  const height = 20;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * `advance` moves the server's clock forward (the seeding clock, src/server/domains/demo/clock.ts)
 * before each SMS, so the 60 s resend window per phone holds without waiting for it.
 */
export function demoClient(baseUrl: string, advance: (ms: number) => void): DemoClient {
  async function call<T>(method: string, path: string, opts: { token?: string; body?: unknown; idempotent?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = opts.token;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.idempotent) headers['Idempotency-Key'] = randomUUID();
    const res = await fetch(baseUrl + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new DemoCallError(`${method} ${path}: ${envelope.code} ${envelope.msg} ${JSON.stringify(envelope.data ?? '')}`);
    return envelope.data;
  }
  const outbox = (phone?: string) => call<OutboxResponse>('GET', `/api/dev/outbox${phone ? `?phone=${phone}` : ''}`);
  async function latestCode(phone: string): Promise<string> {
    const [latest] = (await outbox(phone)).sms;
    if (!latest) throw new DemoCallError(`no SMS sent to ${phone}`);
    return latest.code;
  }
  return {
    call,
    latestCode,
    async smsCode(phone, scene, token) {
      advance(SMS_RESEND_WINDOW_MS + 1_000);
      await call('POST', '/api/smscode', { token, body: { phone, scene } });
      return latestCode(phone);
    },
    async signIn(phone, password) {
      const { uuid } = await call<CaptchaResponse>('GET', '/api/captchaImage');
      const answer = (await outbox()).captcha.find((c) => c.uuid === uuid)?.answer ?? '';
      const token = await call<TokenResponse>('POST', '/api/login', { body: { username: phone, password, uuid, captchaCode: answer } });
      return token.access_token;
    },
    async upload(token, name = 'photo.png') {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(demoPng())], { type: 'image/png' }), name);
      const res = await fetch(`${baseUrl}/api/files`, { method: 'POST', headers: { authorization: token }, body: form });
      const envelope = (await res.json()) as Envelope<FileView>;
      if (envelope.code !== 200) throw new DemoCallError(`POST /api/files: ${envelope.code} ${envelope.msg}`);
      return envelope.data.id;
    },
  };
}
