// Benchmark: webhook delivery latency, from a move to its delivery's arrival at a local receiver
// (node:http on 127.0.0.1): p50, p99 and max over 500 moves, each timed from the move's HTTP
// request (and from its answer: the move committed) to the receiver having the POST for that
// record. A move is an offer published (the endpoint subscribes to purchaseOffers.publish). The
// path: the request's onResponse kicks its node's sender, which drains the webhooks consumer
// (the delivery row, with the consumer's position) and POSTs it signed. On PostgreSQL (when one
// can be started) and on PGlite. Prints figures only.
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/sessions/tokens';
import { offerBody } from '../support/bodies';
import { percentile } from '../support/money-load';
import { withPgDatabase } from '../support/pg-cluster';
import { startReceiver } from '../support/receiver';
import { benchServer } from './http';

const MOVES = 500;

async function owner(database: Database): Promise<string> {
  const db = database.db;
  const now = new Date();
  const [account] = await db.insert(accounts).values({ type: 'enterprise', name: 'bench webhooks', authStatus: 'approved', createdAt: now, updatedAt: now }).returning();
  const [user] = await db.insert(users).values({ accountId: account.id, phone: '13900000002', name: 'bench', passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now }).returning();
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  return token;
}

async function benchOn(kind: string, database: Database): Promise<void> {
  const token = await owner(database);
  const server = await benchServer(database);
  const receiver = await startReceiver();
  const waiting = new Map<string, (at: number) => void>();
  const arrived = new Map<string, number>();
  receiver.onRequest = (r) => {
    const id = (JSON.parse(r.body) as { record: { id: string } }).record.id;
    arrived.set(id, r.at);
    waiting.get(id)?.(r.at);
  };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.api}${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; data: { id: string } };
    if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const fromRequest: number[] = [];
  const fromAnswer: number[] = [];
  try {
    await post('webhooks', { url: `${receiver.origin}/bench`, eventTypes: ['purchaseOffers.publish'] });
    for (let i = 0; i < MOVES; i += 1) {
      const offer = await post('r/purchaseOffers', offerBody(`bench webhook ${i}`));
      const got = new Promise<number>((resolve) => waiting.set(offer.id, resolve));
      const started = performance.now();
      await post(`r/purchaseOffers/${offer.id}/actions/publish`, {});
      const committed = performance.now();
      const at = arrived.get(offer.id) ?? (await got);
      fromRequest.push(at - started);
      fromAnswer.push(Math.max(0, at - committed));
      waiting.delete(offer.id);
    }
  } finally {
    await server.close();
    await receiver.close();
  }
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  const line = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `p50 ${f(percentile(sorted, 50))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1])}`;
  };
  console.log(`webhooks[${kind}]: ${MOVES} moves delivered to a local receiver; move requested -> received: ${line(fromRequest)}; move answered (committed) -> received: ${line(fromAnswer)}`);
}

export async function benchWebhooks(): Promise<void> {
  const ran = await withPgDatabase('lsf_bench_webhooks', async (url) => {
    const database = await openDatabase({ url });
    try {
      await benchOn('postgres', database);
    } finally {
      await database.close();
    }
  });
  if (!ran) console.log('webhooks[postgres]: skipped (no PostgreSQL to start)');
  const database = await openDatabase({});
  try {
    await benchOn('pglite', database);
  } finally {
    await database.close();
  }
}
