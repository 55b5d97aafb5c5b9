// GET /robots.txt (issue 30 item 7): crawlers may index the landing page, sign-in and
// registration and nothing else; never the console's HTML in its place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { dbAvailable, openTestDatabase, runnerEnv } from '../support/server';

describe.skipIf(!dbAvailable)('robots.txt', () => {
  let app: FastifyInstance;
  let closeDb: () => Promise<void>;
  // A built console, so that an unknown path would get its index.html.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lsf-robots-web-'));

  beforeAll(async () => {
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>LSF</title><div id="root"></div>');
    const t = await openTestDatabase();
    closeDb = t.close;
    ({ app } = await buildApp({ config: { ...configFromEnv(runnerEnv()), webDist }, database: t.database, sms: consoleSmsProvider(() => {}) }));
  });
  afterAll(async () => {
    await app?.close();
    await closeDb?.();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('allows the public pages exactly and disallows everything else, as plain text', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(['User-agent: *', 'Allow: /landing$', 'Allow: /user/login$', 'Allow: /user/sign$', 'Disallow: /', ''].join('\n'));
    expect(res.body).not.toContain('<');
    // The console's history fallback still answers its pages.
    const page = await app.inject({ method: 'GET', url: '/home' });
    expect(page.headers['content-type']).toContain('text/html');
  });
});
