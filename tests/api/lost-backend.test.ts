// A PostgreSQL backend that ends under a connection still in use (a restart, a failover, an
// administrator's pg_terminate_backend) fails that connection's statements; it must not end the
// server's process. postgres-js 3.4.9 wrote to the closed socket from a timer, an uncaught
// TypeError (porsager/postgres#1154, #1208): patches/postgres+3.4.9.patch fails the statements
// with CONNECTION_CLOSED instead. An uncaught error fails this file's run, and the unpatched
// driver also left the second statement waiting forever (the tests' 10 s bound).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Domain } from '../../src/server/domain';
import { domains } from '../../src/server/domains';
import { postgresClient, type Db } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { resourceRecords } from '../../src/server/db/schema';
import { createAccountWithOwner } from '../../src/server/domains/auth/users-store';
import { openTestDatabase, startTestServer, testDbKind, type TestServer } from '../support/server';

/** How the driver reports the loss: the socket's reset, or the connection found closed. */
const LOST = ['ECONNRESET', 'CONNECTION_CLOSED'];
/** The driver's error code, whether drizzle wrapped the error or not. */
const codeOf = (error: unknown): unknown => (error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code;

describe.skipIf(testDbKind !== 'postgres')('a PostgreSQL backend lost under a connection in use', () => {
  let close: () => Promise<void>;
  let db: Db;
  let url: string;
  let by: string;
  let killer: ReturnType<typeof postgresClient>;
  const resource = 'lostBackendTest';
  const end = (pid: number) => killer`select pg_terminate_backend(${pid})`;

  beforeAll(async () => {
    const o = await openTestDatabase();
    close = o.close;
    db = o.database.db;
    const [row] = await queryRows<{ db: string }>(db, sql`select current_database() as db`);
    const server = new URL(inject('pgUrl')!);
    server.pathname = `/${row.db}`;
    url = server.toString();
    killer = postgresClient(url, { max: 1 });
    by = (await createAccountWithOwner(db, { type: 'enterprise', accountName: 'Lost Backend Co', phone: '13700009902', passwordHash: 'x', role: 'owner', now: new Date() })).id;
  });
  afterAll(async () => {
    await killer?.end();
    await close();
  });

  it('fails every later statement of a reserved connection with CONNECTION_CLOSED, and the pool serves on', { timeout: 10_000 }, async () => {
    const client = postgresClient(url, { max: 2 });
    try {
      const reserved = await client.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await end(pid);
      const codes = [];
      for (const text of ['small', 'x'.repeat(2_000)]) codes.push(await reserved`select ${text}::text`.then(() => 'answered', codeOf));
      codes.push(await reserved`select 1`.then(() => 'answered', codeOf));
      reserved.release();
      // The first may meet the socket's reset itself; every one fails, none waits.
      expect(LOST).toContain(codes[0]);
      expect(codes.slice(1)).toEqual(['CONNECTION_CLOSED', 'CONNECTION_CLOSED']);
      expect(await client`select 2 as two`).toEqual([{ two: 2 }]);
    } finally {
      await client.end();
    }
  });

  it('fails a transaction whose backend ended, its later statements too, and keeps nothing it wrote', { timeout: 10_000 }, async () => {
    const record = (title: string) => ({ resource, state: null, data: { title }, createdBy: by, createdAt: new Date(), updatedBy: by, updatedAt: new Date() });
    const later: unknown[] = [];
    let workEnded!: () => void;
    const workDone = new Promise<void>((resolve) => (workEnded = resolve));
    const outcome = await db
      .transaction(async (tx) => {
        await tx.insert(resourceRecords).values(record('before the loss'));
        const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
        await end(pid);
        // The work goes on, as a handler that has not heard yet would: a small statement, then one over 1 KB.
        for (const title of ['after the loss', 'y'.repeat(2_000)]) later.push(await tx.insert(resourceRecords).values(record(title)).then(() => 'written', codeOf));
        workEnded();
        return 'committed';
      })
      .catch(codeOf);
    // The transaction fails as soon as its connection closes; the work hears it statement by statement.
    await workDone;
    expect(LOST).toContain(later[0]);
    expect(later[1]).toBe('CONNECTION_CLOSED');
    expect(LOST).toContain(outcome);
    // The pool serves on, and nothing of the lost transaction is there.
    expect(await db.select({ id: resourceRecords.id }).from(resourceRecords).where(eq(resourceRecords.resource, resource))).toEqual([]);
  });
});

describe.skipIf(testDbKind !== 'postgres')('a request whose PostgreSQL backend ends under it', () => {
  let s: TestServer;
  let killer: ReturnType<typeof postgresClient>;
  /** The backend of the probe's transaction, once it holds one. */
  let backend: Promise<number>;
  let holding: (pid: number) => void;
  // A test domain: a route whose transaction tells its backend, then waits in PostgreSQL.
  const probe: Domain = {
    name: 'lostBackendProbe',
    routes: [
      async (app, ctx) => {
        app.get('/probe/slow', async () =>
          ctx.db.transaction(async (tx) => {
            const [{ pid }] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
            holding(pid);
            await queryRows(tx, sql`select pg_sleep(5)`);
            return { slept: true };
          }),
        );
      },
    ],
  };

  beforeAll(async () => {
    s = await startTestServer({}, [...domains, probe]);
    killer = postgresClient(s.databaseUrl!, { max: 1 });
  });
  afterAll(async () => {
    await killer?.end();
    await s?.close();
  });

  it('answers 503 with Retry-After and says the database connection was interrupted, then serves on', { timeout: 15_000 }, async () => {
    backend = new Promise((resolve) => (holding = resolve));
    const answer = s.call('GET', '/api/probe/slow', { lang: 'zh-CN' });
    await killer`select pg_terminate_backend(${await backend})`;
    const res = await answer;
    expect({ status: res.status, retryAfter: res.headers.get('retry-after'), body: res.body }).toEqual({
      status: 503,
      retryAfter: '1',
      body: { code: 503, msg: '与数据库的连接中断了，请稍后重试', data: null },
    });
    // The next request gets a working connection from the pool.
    expect((await s.call('GET', '/api/health')).status).toBe(200);
    backend = new Promise((resolve) => (holding = resolve));
    const english = s.call('GET', '/api/probe/slow', { lang: 'en-US' });
    await killer`select pg_terminate_backend(${await backend})`;
    expect((await english).body).toEqual({ code: 503, msg: 'The connection to the database was interrupted; please try again in a moment', data: null });
  });
});
