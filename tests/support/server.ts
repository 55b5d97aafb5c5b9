// Boots the real server for an API test file: a fresh database (in-memory PGlite, or a new
// database on the run's PostgreSQL), a manual clock, and a port on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Envelope } from '../../src/shared/api';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import type { DomainContext } from '../../src/server/domain';
import type { Domain } from '../../src/server/domain';
import { openDatabase } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { runnerEnv } from './runner-env';

export { runnerEnv };

export const testDbKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';
/** False when this is the PostgreSQL project and no PostgreSQL is available (not in CI). */
export const dbAvailable = testDbKind === 'pglite' || !!inject('pgUrl');

export interface ApiResponse<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  lang?: string;
  headers?: Record<string, string>;
  raw?: string;
}

export interface TestServer {
  baseUrl: string;
  clock: ManualClock;
  ctx: DomainContext;
  /** The database it serves (another node may serve it too: startTestServer's shareDatabaseOf). */
  database: Awaited<ReturnType<typeof openDatabase>>;
  databaseUrl?: string;
  call<T = unknown>(method: string, path: string, opts?: CallOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

export async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgUrl');
  if (!adminUrl) throw new Error('no PostgreSQL for this project');
  const name = `lsf_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A fresh database of this project's kind, for tests that build their own Fastify app. */
export async function openTestDatabase(): Promise<{ database: Awaited<ReturnType<typeof openDatabase>>; close: () => Promise<void> }> {
  const pg = testDbKind === 'postgres' ? await createPgDatabase() : null;
  const database = await openDatabase({ url: pg?.url, maxConnections: 20 });
  return {
    database,
    close: async () => {
      await database.close();
      await pg?.drop();
    },
  };
}

/**
 * `domains`: what the server serves instead of src/server/domains (a test's own domain added to them).
 * `shareDatabaseOf`: a second node on that server's database (its own connections on PostgreSQL,
 * the same embedded instance on PGlite); closing it leaves the database to its first server.
 */
export async function startTestServer(env: Record<string, string> = {}, domains?: readonly Domain[], opts: { shareDatabaseOf?: TestServer } = {}): Promise<TestServer> {
  const shared = opts.shareDatabaseOf;
  const pg = shared ? null : testDbKind === 'postgres' ? await createPgDatabase() : null;
  const databaseUrl = shared ? shared.databaseUrl : pg?.url;
  const database = shared && !databaseUrl ? shared.database : await openDatabase({ url: databaseUrl });
  const ownsClient = database !== shared?.database;
  const clock = new ManualClock(Date.parse('2026-11-20T02:00:00Z'));
  const config = { ...configFromEnv({ ...runnerEnv(), ...env }), webDist: undefined };
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({ config, database, clock, sms: consoleSmsProvider(() => {}), domains });
  } catch (err) {
    // A server that refuses to start (a test of exactly that) leaves nothing behind.
    if (ownsClient) await database.close();
    await pg?.drop();
    throw err;
  }
  const { app, ctx } = built;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    clock,
    ctx,
    database,
    databaseUrl,
    async call<T>(method: string, path: string, opts: CallOptions = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = opts.token;
      if (opts.lang) headers['accept-language'] = opts.lang;
      let body: string | undefined = opts.raw;
      if (opts.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await fetch(baseUrl + path, { method, headers, body });
      const text = await res.text();
      let parsed: Envelope<T>;
      try {
        parsed = JSON.parse(text) as Envelope<T>;
      } catch {
        throw new Error(`${method} ${path}: not JSON (${res.status}): ${text.slice(0, 200)}`);
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await app.close();
      if (ownsClient) await database.close();
      await pg?.drop();
    },
  };
}
