// Security headers, caching and compression as a client sees them, on the console and the
// API (issue 10 defect 7, compressed assets, HEAD on console paths).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/lib/precompress';
import { buildApp } from '../../src/server/app';
import { COMPRESS_THRESHOLD } from '../../src/server/plugins/security';
import { configFromEnv } from '../../src/server/config';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { dbAvailable, openTestDatabase, runnerEnv } from '../support/server';

describe.skipIf(!dbAvailable)('security headers, caching and compression', () => {
  let app: FastifyInstance;
  let base: string;
  let closeDb: () => Promise<void>;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-sec-web-'));
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
  const origins: Record<string, string> = {};

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><title>LSF</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`);
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), script);
    precompressDir(webDist);
    const t = await openTestDatabase();
    closeDb = t.close;
    const config = { ...configFromEnv(runnerEnv()), webDist };
    ({ app } = await buildApp({ config, database: t.database, sms: consoleSmsProvider(() => {}), origins }));
    // A JSON answer of a chosen size, for the compression threshold.
    app.get('/api/test/sized/:bytes', { schema: { hide: true } }, async (req) => ({ pad: 'x'.repeat(Number((req.params as { bytes: string }).bytes)) }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    origins.main = base;
    origins.xhn = 'http://127.0.0.1:1';
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const expectSecurityHeaders = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  };

  it('sends the security headers with a console page, the variant origins allowed to connect', async () => {
    const res = await fetch(`${base}/home`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expectSecurityHeaders(res.headers);
    expect(res.headers.get('content-security-policy')).toMatch(/connect-src 'self' [^;]*http:\/\/127\.0\.0\.1:1/);
  });

  it('sends them with API answers too, which are never cached (sign-in included)', async () => {
    for (const p of ['/api/captchaImage', '/api/health', '/api/user/info']) {
      const res = await fetch(base + p);
      expectSecurityHeaders(res.headers);
      expect(res.headers.get('cache-control'), p).toBe('no-store');
    }
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: '13800000000' }) });
    expect(login.status).toBe(400);
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('answers HEAD on console paths like GET, without a body', async () => {
    for (const p of ['/home', '/outgoing/chainPayment', '/assets/app-abc123.js']) {
      const res = await fetch(base + p, { method: 'HEAD' });
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe('');
    }
    expect((await fetch(`${base}/home`, { method: 'HEAD' })).headers.get('content-type')).toMatch(/text\/html/);
  });

  it('serves assets precompressed to clients that accept it, as is to those that do not', async () => {
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer; cache: string | undefined }>((resolve, reject) => {
        // node:http does not decompress, so the bytes on the wire are seen.
        import('node:http').then(({ get }) =>
          get(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), cache: res.headers['cache-control'] }));
          }).on('error', reject),
        );
      });
    const br = await raw('br, gzip');
    expect(br.encoding).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);
    expect(br.cache).toBe('public, max-age=31536000, immutable');
    const gz = await raw('gzip');
    expect(gz.encoding).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers an unknown path under /api/docs with the 404 envelope, beside the console', async () => {
    for (const p of ['/api/docs/nothing', '/api/docs/static/nothing.js']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(404);
      expect(((await res.json()) as { code: number }).code, p).toBe(404);
    }
  });

  it('compresses JSON answers from COMPRESS_THRESHOLD (1 KB), in brotli or gzip as the client accepts, and sends smaller ones as they are', async () => {
    const res = await fetch(`${base}/api/docs/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()).openapi).toMatch(/^3\.1/);
    expect(COMPRESS_THRESHOLD).toBe(1024);
    // An action's answer (a record with its history, 2-5 KB) is compressed; a few hundred bytes go as they are.
    for (const [bytes, accept, encoding] of [
      [800, 'gzip', null],
      [1100, 'gzip', 'gzip'],
      [1100, 'br, gzip', 'br'],
      [4000, 'gzip, deflate, br', 'br'],
      [4000, 'identity', null],
    ] as const) {
      const sized = await fetch(`${base}/api/test/sized/${bytes}`, { headers: { 'accept-encoding': accept } });
      expect(sized.headers.get('content-encoding'), `${bytes} ${accept}`).toBe(encoding);
      expect(((await sized.json()) as { pad: string }).pad).toHaveLength(bytes);
    }
  });
});
