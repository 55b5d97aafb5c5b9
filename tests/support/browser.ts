// Browser journeys: the real server (built console + API + fresh in-memory PGlite) on a
// loopback port, driven by playwright-core in the system Chromium. A worker launches one
// Chromium for all its journeys (the e2e project runs its files in one module graph per worker:
// vitest.config.ts isolate: false); each journey opens its own browser contexts in it, so no
// cookie, storage or session is shared, and closes them when it ends. The browser closes a few
// seconds after the worker's last journey.
import type { ResourceRegistry } from '../../src/server/resources/registry';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Envelope, OutboxResponse } from '../../src/shared/api';
import type { Clock } from '../../src/server/clock';
import { buildApp } from '../../src/server/app';
import { configFromEnv } from '../../src/server/config';
import { runnerEnv } from './runner-env';
import type { Database } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { repoRoot } from '../../scripts/lib/web-build';
import { openTestDatabase } from './server';
import { World } from './world';

export const chromiumPath = inject('chromiumPath');

/**
 * How long one step of a journey may wait for what the user should see. A bound, not a pause: a
 * step ends as soon as the page shows it. Two journeys run side by side on the 2-core CI machine
 * beside the API suites, where a page that takes 1 s when idle took over 10 s, so one generous
 * bound for every journey (each file had its own, from 10 to 30 s, and the short ones failed).
 */
export const STEP_MS = 30_000;

/**
 * Real time plus an offset that only grows: journeys that send several SMS codes to one phone
 * move the server past the 60 s resend window without waiting; the browser keeps real time.
 */
export class SkewedClock implements Clock {
  private offset = 0;
  now(): Date {
    return new Date(Date.now() + this.offset);
  }
  advance(ms: number): void {
    this.offset += ms;
  }
}

let workerChromium: Promise<Browser> | undefined;
let holders = 0;
let idleClose: ReturnType<typeof setTimeout> | undefined;
/**
 * How long the worker's Chromium stays open with no journey holding it: the worker's next journey
 * takes it well within this (its module graph is already loaded); with none left it closes, and
 * the worker can exit (a live browser process would keep it running).
 */
const IDLE_CLOSE_MS = 5_000;

/** Takes the worker's Chromium for one journey: launched on first use, shared by every journey the worker runs. */
export function takeWorkerBrowser(): Promise<Browser> {
  holders += 1;
  clearTimeout(idleClose);
  workerChromium ??= chromium
    .launch({
      executablePath: chromiumPath ?? undefined,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    })
    .catch((err: unknown) => {
      workerChromium = undefined; // the next journey tries again
      throw err;
    });
  return workerChromium;
}

/** Gives the worker's Chromium back; the last holder's release closes it after IDLE_CLOSE_MS unless taken again. */
export function releaseWorkerBrowser(): void {
  holders -= 1;
  if (holders > 0) return;
  idleClose = setTimeout(() => {
    const closing = workerChromium;
    workerChromium = undefined;
    void closing?.then((browser) => browser.close()).catch(() => {});
  }, IDLE_CLOSE_MS);
}

/**
 * The folder screenshots go to: E2E_SHOTS names one (`1`: /tmp/lsf-shots). Unset (the default,
 * and in CI), a journey takes none: no run reads them, they are for a person looking at a change.
 */
export const SHOTS_DIR = process.env.E2E_SHOTS ? (process.env.E2E_SHOTS === '1' ? '/tmp/lsf-shots' : process.env.E2E_SHOTS) : null;

/** Saves what `page` shows as `<E2E_SHOTS>/<name>.png` when screenshots are asked for; otherwise does nothing. */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  if (!SHOTS_DIR) return;
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: opts.fullPage ?? false });
}

export interface E2eApp {
  /** Origin of the first variant. */
  baseUrl: string;
  /** Origin of each variant served (one API and database behind all). */
  urls: Record<string, string>;
  /** The worker's Chromium (takeWorkerBrowser): open contexts with newPage; close() closes them and gives it back. */
  browser: Browser;
  /** The server's clock: real time plus what the journey moved it by. */
  clock: SkewedClock;
  /** Platform operations' login on this server (ADMIN_PHONE, ADMIN_PASSWORD of `env`), if it has one. */
  ops?: { phone: string; password: string };
  /** Parties, money, contracts and bills made over this server's API (tests/support/world.ts). */
  world: World;
  /** The one database behind every origin (tests/support/seed.ts writes rows no API makes yet). */
  db: Database['db'];
  /** The resources the server serves: a fixture made through the engine (moves.ts) needs them. */
  resources: ResourceRegistry;
  newPage(opts?: { viewport?: { width: number; height: number }; locale?: string }): Promise<{ context: BrowserContext; page: Page; errors: string[] }>;
  latestSms(phone: string): Promise<string>;
  /** The answer to the captcha with this uuid, from GET /api/dev/outbox. */
  captchaAnswer(uuid: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A journey's app for a describe block: started before its tests, closed after them. The answer
 * stands for the app from the first test on (reading it earlier, in the describe body, throws).
 */
export function journeyApp(...args: Parameters<typeof startE2e>): E2eApp {
  let app: E2eApp | undefined;
  beforeAll(async () => {
    app = await startE2e(...args);
  });
  afterAll(async () => {
    await app?.close();
  });
  return new Proxy({} as E2eApp, {
    get(_, prop) {
      if (!app) throw new Error('the journey app is read before its beforeAll started it');
      const value = Reflect.get(app, prop, app) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(app) : value;
    },
  });
}

/**
 * Serves the built consoles of `variants` (e2e-global.ts builds every variant), each on its own
 * port, one API and database behind all, on `opts.clock` (default: real time, movable).
 */
export async function startE2e(env: Record<string, string> = {}, variants: string[] = ['main'], opts: { clock?: SkewedClock } = {}): Promise<E2eApp> {
  const clock = opts.clock ?? new SkewedClock();
  const ops = env.ADMIN_PHONE && env.ADMIN_PASSWORD ? { phone: env.ADMIN_PHONE, password: env.ADMIN_PASSWORD } : undefined;
  // Taken first: the browser stays open from the worker's last journey while this one's server starts.
  const launching = takeWorkerBrowser();
  launching.catch(() => {}); // awaited below, once the server is up: not an unhandled rejection meanwhile
  // A copy of the run's migrated template (template.ts), as an API test's server starts on.
  const { database, close: closeDatabase } = await openTestDatabase();
  const urls: Record<string, string> = {};
  const apps: Awaited<ReturnType<typeof buildApp>>['app'][] = [];
  let resources: ResourceRegistry | undefined;
  let browser: Browser;
  try {
    for (const variant of variants) {
      const config = { ...configFromEnv({ ...runnerEnv(), ...env }), webDist: path.join(repoRoot, 'dist/web', variant) };
      const { app, ctx } = await buildApp({ config, database, clock, sms: consoleSmsProvider(() => {}), origins: urls });
      resources ??= ctx.resources;
      await app.listen({ port: 0, host: '127.0.0.1' });
      urls[variant] = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      apps.push(app);
    }
    browser = await launching;
  } catch (err) {
    // A server that does not start (or a browser that does not launch) leaves nothing running.
    releaseWorkerBrowser();
    for (const app of apps) await app.close();
    await closeDatabase();
    throw err;
  }
  const baseUrl = urls[variants[0]];
  const contexts: BrowserContext[] = [];
  let closed = false;
  const outbox = async (query = ''): Promise<OutboxResponse> => {
    const res = await fetch(`${baseUrl}/api/dev/outbox${query}`);
    return ((await res.json()) as Envelope<OutboxResponse>).data;
  };
  return {
    baseUrl,
    urls,
    browser,
    clock,
    ops,
    world: new World({ baseUrl, clock, ops }),
    db: database.db,
    resources: resources!,
    async newPage(opts = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: opts.viewport ?? { width: 1366, height: 860 }, locale: opts.locale ?? 'zh-CN' });
      contexts.push(context);
      const page = await context.newPage();
      // Uncaught page errors and console errors are collected: a journey asserts there were none.
      const errors: string[] = [];
      const watch = (p: Page) => {
        p.on('pageerror', (err) => errors.push(`pageerror ${p.url()}: ${err.message}`));
        p.on('console', (msg) => {
          if (msg.type() === 'error' && !/Failed to load resource/.test(msg.text())) errors.push(`console ${p.url()}: ${msg.text()}`);
        });
      };
      watch(page);
      context.on('page', watch); // tabs the page opens too
      return { context, page, errors };
    },
    async latestSms(phone: string) {
      const [latest] = (await outbox(`?phone=${phone}`)).sms;
      if (!latest) throw new Error(`no SMS to ${phone}`);
      return latest.code;
    },
    async captchaAnswer(uuid: string) {
      const found = (await outbox()).captcha.find((c) => c.uuid === uuid);
      if (!found) throw new Error(`captcha ${uuid} not in the outbox`);
      return found.answer;
    },
    async close() {
      if (closed) return;
      closed = true;
      // The contexts this journey opened; the browser goes back for the worker's next journey.
      for (const c of contexts) await c.close().catch(() => {});
      releaseWorkerBrowser();
      for (const app of apps) await app.close();
      await closeDatabase();
    },
  };
}
