// Browser journeys: the real server (built console + API + fresh in-memory PGlite) on a
// loopback port, driven by playwright-core in the system Chromium.
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import type { OutboxResponse } from '../../src/shared/api';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { repoRoot } from '../../scripts/lib/web-build';

export const chromiumPath = inject('chromiumPath');

export interface E2eApp {
  /** Origin of the first variant. */
  baseUrl: string;
  /** Origin of each variant served (one API and database behind all). */
  urls: Record<string, string>;
  browser: Browser;
  newPage(opts?: { viewport?: { width: number; height: number }; locale?: string }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  latestSms(phone: string): Promise<string>;
  close(): Promise<void>;
}

/** Serves the built consoles of `variants` (build them first: buildWeb), each on its own port. */
export async function startE2e(env: Record<string, string> = {}, variants: string[] = ['main']): Promise<E2eApp> {
  const database = await openDatabase({});
  const urls: Record<string, string> = {};
  const apps: Awaited<ReturnType<typeof buildApp>>['app'][] = [];
  for (const variant of variants) {
    const config = { ...configFromEnv(env), webDist: path.join(repoRoot, 'dist/web', variant) };
    const { app } = await buildApp({ config, database, sms: consoleSmsProvider(() => {}), origins: urls });
    await app.listen({ port: 0, host: '127.0.0.1' });
    urls[variant] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    apps.push(app);
  }
  const baseUrl = urls[variants[0]];
  const browser = await chromium.launch({
    executablePath: chromiumPath ?? undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
  const contexts: BrowserContext[] = [];
  return {
    baseUrl,
    urls,
    browser,
    async newPage(opts = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: opts.viewport ?? { width: 1366, height: 860 }, locale: opts.locale ?? 'zh-CN' });
      contexts.push(context);
      const page = await context.newPage();
      // Uncaught page errors and console errors are collected: a journey asserts there were none.
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(`console: ${msg.text()}`);
      });
      return { context, page, errors };
    },
    async latestSms(phone: string) {
      const res = await fetch(`${baseUrl}/api/dev/outbox?phone=${phone}`);
      const body = (await res.json()) as { data: OutboxResponse };
      const [latest] = body.data.sms;
      if (!latest) throw new Error(`no SMS to ${phone}`);
      return latest.code;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      for (const app of apps) await app.close();
      await database.close();
    },
  };
}
