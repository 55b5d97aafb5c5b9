// Idempotency-Key (DESIGN §4/§7) on a real database: replay byte for byte, 422 for another
// body under the same key, 409 for a concurrent twin (PostgreSQL), nothing stored when the
// work fails. The routes here are a counter whose increments must happen once per key.
import { count, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, idempotencyKeys, serverSecrets } from '../../src/server/db/schema';
import type { Db } from '../../src/server/db/client';
import { badRequest } from '../../src/server/errors';
import { idempotent } from '../../src/server/idempotency';
import envelopePlugin from '../../src/server/plugins/envelope';
import type { SessionUser } from '../../src/server/sessions/tokens';
import { dbAvailable, openTestDatabase, testDbKind } from '../support/server';

describe.skipIf(!dbAvailable)('Idempotency-Key', () => {
  let app: FastifyInstance;
  let db: Db;
  let close: () => Promise<void>;
  let base: string;
  const accountIds: Record<string, string> = {};
  const started = new Set<string>();
  const gates = new Map<string, () => void>();

  // Each "increment" writes one server_secrets row: the count of rows is the count of runs.
  const runs = async () => (await db.select({ n: count() }).from(serverSecrets))[0].n;

  beforeAll(async () => {
    const t = await openTestDatabase();
    db = t.database.db;
    close = t.close;
    const now = new Date();
    for (const name of ['a', 'b']) {
      const [row] = await db.insert(accounts).values({ type: 'enterprise', name, createdAt: now, updatedAt: now }).returning();
      accountIds[name] = row.id;
    }
    app = Fastify();
    await app.register(envelopePlugin);
    app.decorateRequest('user', null);
    // Stands in for the auth plugin: the caller's account comes from a test header.
    app.addHook('preHandler', async (req) => {
      req.user = { accountId: accountIds[String(req.headers['x-account'])] } as unknown as SessionUser;
    });
    let seq = 0;
    app.post('/increment', { config: { idempotencyKey: 'optional' } }, async (req, reply) =>
      idempotent(req, reply, db, {}, async (tx) => {
        const body = req.body as { gate?: string; fail?: boolean };
        seq += 1;
        await tx.insert(serverSecrets).values({ name: `run-${seq}`, value: JSON.stringify(req.body), createdAt: new Date() });
        // A gated request stays in flight (its transaction open) until the test opens the gate.
        if (body.gate) {
          started.add(body.gate);
          await new Promise<void>((open) => gates.set(body.gate as string, open));
        }
        if (body.fail) throw badRequest('badRequest');
        return { run: seq, at: new Date().toISOString() };
      }),
    );
    app.post('/money', async (req, reply) => idempotent(req, reply, db, { required: true }, async () => ({ moved: true })));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await close?.();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-account': 'a', ...headers }, body: JSON.stringify(body) });

  it('runs once per key and replays the stored response byte for byte', async () => {
    const before = await runs();
    const first = await post('/increment', { amount: '1.00', note: 'x' }, { 'idempotency-key': 'k-replay' });
    const firstText = await first.text();
    expect(first.status).toBe(200);
    expect(JSON.parse(firstText)).toMatchObject({ code: 200, data: { run: expect.any(Number) } });
    // Same content with keys in another order is the same request.
    const again = await post('/increment', { note: 'x', amount: '1.00' }, { 'idempotency-key': 'k-replay' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstText);
    expect(await runs()).toBe(before + 1);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    await post('/increment', { amount: '1.00' }, { 'idempotency-key': 'k-other' });
    const before = await runs();
    const res = await post('/increment', { amount: '2.00' }, { 'idempotency-key': 'k-other' });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ code: 422, msg: '该 Idempotency-Key 已用于另一个不同的请求' });
    expect(await runs()).toBe(before);
  });

  it('keeps keys per account', async () => {
    const a = await (await post('/increment', { amount: '1.00' }, { 'idempotency-key': 'k-shared' })).json();
    const b = await (await post('/increment', { amount: '1.00' }, { 'idempotency-key': 'k-shared', 'x-account': 'b' })).json();
    expect(b.data.run).not.toBe(a.data.run);
  });

  it('stores nothing when the work fails, so the same key may be retried', async () => {
    const failed = await post('/increment', { fail: true }, { 'idempotency-key': 'k-fail' });
    expect(failed.status).toBe(400);
    const stored = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-fail'));
    expect(stored).toHaveLength(0);
  });

  it('rejects a malformed key and requires one on money actions', async () => {
    const bad = await post('/increment', {}, { 'idempotency-key': 'has space' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).data).toHaveProperty('Idempotency-Key');
    const missing = await post('/money', {}, { 'accept-language': 'en-US' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).msg).toMatch(/Idempotency-Key/);
    expect((await post('/money', {}, { 'idempotency-key': 'm1' })).status).toBe(200);
  });

  it.skipIf(testDbKind !== 'postgres')('answers 409 to a twin while the first is in flight, then replays', async () => {
    const before = await runs();
    const first = post('/increment', { gate: 'twin' }, { 'idempotency-key': 'k-twin' });
    await expect.poll(() => started.has('twin') && gates.has('twin')).toBe(true);
    const twin = await post('/increment', { gate: 'twin' }, { 'idempotency-key': 'k-twin' });
    expect(twin.status).toBe(409);
    expect(await twin.json()).toMatchObject({ code: 409 });
    gates.get('twin')?.();
    const done = await first;
    expect(done.status).toBe(200);
    const doneText = await done.text();
    const after = await post('/increment', { gate: 'twin' }, { 'idempotency-key': 'k-twin' });
    expect(await after.text()).toBe(doneText);
    expect(await runs()).toBe(before + 1);
  });

  it.skipIf(testDbKind !== 'postgres')('a storm of 30 parallel requests with one key does the work once', async () => {
    const before = await runs();
    const results = await Promise.all(Array.from({ length: 30 }, () => post('/increment', { storm: 1 }, { 'idempotency-key': 'k-storm' })));
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const bodies = new Set(await Promise.all(results.filter((r) => r.status === 200).map((r) => r.text())));
    expect(bodies.size).toBe(1);
    expect(await runs()).toBe(before + 1);
  });
});
