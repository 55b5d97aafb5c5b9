// Benchmark: the time from a move to its event reaching an open stream (GET /api/events/stream,
// resources/live.ts), p50, p99 and max over 1,000 moves, each timed from its HTTP answer (the
// move committed) to the stream's event for that record. A move is an offer created then
// published (two events; the publish is timed). On PostgreSQL (when one can be started) and on
// PGlite. Prints figures only.
import { randomUUID } from 'node:crypto';
import { EventSource } from 'eventsource';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/sessions/tokens';
import { LIVE_POLL_MS } from '../../src/server/resources/live';
import { offerBody } from '../support/bodies';
import { percentile } from '../support/money-load';
import { withPgDatabase } from '../support/pg-cluster';
import { benchServer } from './http';

const MOVES = 1000;

async function owner(database: Database): Promise<string> {
  const db = database.db;
  const now = new Date();
  const [account] = await db.insert(accounts).values({ type: 'enterprise', name: 'bench live', authStatus: 'approved', createdAt: now, updatedAt: now }).returning();
  const [user] = await db.insert(users).values({ accountId: account.id, phone: '13900000001', name: 'bench', passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now }).returning();
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  return token;
}

async function benchOn(kind: string, database: Database): Promise<void> {
  const token = await owner(database);
  const server = await benchServer(database);
  const arrived = new Map<string, number>();
  const waiting = new Map<string, (at: number) => void>();
  const es = new EventSource(`${server.api}events/stream`, { fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), authorization: token } }) });
  await new Promise<void>((resolve) => es.addEventListener('ready', () => resolve()));
  es.addEventListener('record', (m) => {
    const e = JSON.parse(m.data) as { id: string; action: string };
    if (e.action !== 'publish') return;
    const at = performance.now();
    arrived.set(e.id, at);
    waiting.get(e.id)?.(at);
  });
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${server.api}${path}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify(body) });
    const json = (await res.json()) as { code: number; data: { id: string } };
    if (json.code !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const times: number[] = [];
  let early = 0;
  try {
    for (let i = 0; i < MOVES; i += 1) {
      const offer = await post('r/purchaseOffers', offerBody(`bench live ${i}`));
      const got = new Promise<number>((resolve) => waiting.set(offer.id, resolve));
      await post(`r/purchaseOffers/${offer.id}/actions/publish`, {});
      const committed = performance.now();
      const at = arrived.get(offer.id) ?? (await got);
      // An event can reach the stream before the client has read the move's answer: 0, counted apart.
      if (at < committed) early += 1;
      times.push(Math.max(0, at - committed));
      waiting.delete(offer.id);
    }
  } finally {
    es.close();
    await server.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(`live[${kind}]: ${MOVES} moves, move committed -> event on the open stream: p50 ${f(percentile(sorted, 50))}, p99 ${f(percentile(sorted, 99))}, max ${f(sorted[sorted.length - 1])}; ${early} events were on the stream before the move's answer was read (counted as 0) (the hub reads the stream every ${LIVE_POLL_MS} ms)`);
}

export async function benchLive(): Promise<void> {
  const ran = await withPgDatabase('lsf_bench_live', async (url) => {
    const database = await openDatabase({ url });
    try {
      await benchOn('postgres', database);
    } finally {
      await database.close();
    }
  });
  if (!ran) console.log('live[postgres]: skipped (no PostgreSQL to start)');
  const database = await openDatabase({});
  try {
    await benchOn('pglite', database);
  } finally {
    await database.close();
  }
}
