// Boots the real server for an API test file: its own copy of the run's migrated template
// (template.ts: a PGlite data directory, or a database on the run's PostgreSQL), a manual clock,
// and a port on 127.0.0.1.
import { inject } from 'vitest';
import type { Envelope } from '../../src/shared/api';
import { buildApp } from '../../src/server/app';
import { ManualClock } from '../../src/server/clock';
import { configFromEnv } from '../../src/server/config';
import type { DomainContext } from '../../src/server/domain';
import type { Domain } from '../../src/server/domain';
import { openDatabase, type Database } from '../../src/server/db/client';
import { consoleSmsProvider } from '../../src/server/sms/provider';
import { recordAnswers } from './contract';
import { runnerEnv } from './runner-env';
import { copyPgliteTemplate, createPgDatabase as createPgDatabaseOn } from './template';

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
  database: Database;
  databaseUrl?: string;
  call<T = unknown>(method: string, path: string, opts?: CallOptions): Promise<ApiResponse<T>>;
  close(): Promise<void>;
}

/**
 * A database on the run's PostgreSQL: a copy of the migrated template, or with `{ empty: true }`
 * a database with nothing in it (a test that migrates it itself).
 */
export async function createPgDatabase(opts: { empty?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('pgUrl');
  if (!adminUrl) throw new Error('no PostgreSQL for this project');
  return createPgDatabaseOn(adminUrl, !opts.empty);
}

/**
 * A database of this project's kind, a copy of the run's template, opened trusting its stamp
 * (src/server/db/schemaStamp.ts). Without the template (a project whose global set-up built
 * none) PGlite starts in memory and migrates, as a first start does.
 */
async function openCopy(maxConnections?: number): Promise<{ database: Database; url?: string; remove: () => Promise<void> }> {
  if (testDbKind === 'postgres') {
    const pg = await createPgDatabase();
    const database = await openDatabase({ url: pg.url, maxConnections, trustStamp: true }).catch(async (err: unknown) => {
      await pg.drop();
      throw err;
    });
    return { database, url: pg.url, remove: pg.drop };
  }
  const template = inject('pgliteTemplate');
  if (!template) return { database: await openDatabase({}), remove: async () => {} };
  const copy = copyPgliteTemplate(template);
  const database = await openDatabase({ pgliteDir: copy.dir, trustStamp: true }).catch((err: unknown) => {
    copy.remove();
    throw err;
  });
  return { database, remove: async () => copy.remove() };
}

/** A fresh database of this project's kind, for tests that build their own Fastify app. */
export async function openTestDatabase(): Promise<{ database: Database; close: () => Promise<void> }> {
  const { database, remove } = await openCopy(20);
  return {
    database,
    close: async () => {
      await database.close();
      await remove();
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
  const own = shared ? null : await openCopy();
  const databaseUrl = shared ? shared.databaseUrl : own?.url;
  // A second node on PostgreSQL opens its own connections; on PGlite it shares the embedded instance.
  const database = own?.database ?? (databaseUrl ? await openDatabase({ url: databaseUrl, trustStamp: true }) : shared!.database);
  const ownsClient = database !== shared?.database;
  const clock = new ManualClock(Date.parse('2026-11-20T02:00:00Z'));
  const config = { ...configFromEnv({ ...runnerEnv(), ...env }), webDist: undefined };
  let built: Awaited<ReturnType<typeof buildApp>>;
  try {
    built = await buildApp({ config, database, clock, sms: consoleSmsProvider(() => {}), domains });
  } catch (err) {
    // A server that refuses to start (a test of exactly that) leaves nothing behind.
    if (ownsClient) await database.close();
    await own?.remove();
    throw err;
  }
  const { app, ctx } = built;
  // Every JSON answer is checked against the OpenAPI document when the server closes (contract.ts).
  const contract = recordAnswers(app);
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
      const broken = await contract.check().catch((err: unknown) => [`the contract check failed: ${String(err)}`]);
      await app.close();
      if (ownsClient) await database.close();
      await own?.remove();
      if (broken.length) throw new Error(`answers that break the OpenAPI document (tests/support/contract.ts):\n${broken.join('\n')}`);
    },
  };
}
