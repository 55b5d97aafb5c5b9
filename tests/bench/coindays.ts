// Benchmark: coin-days (issue 19, /operator/currency) on PostgreSQL. One account's wallet has
// 100,000 statement lines over the last year (deposits, releases, holds posted or voided a minute
// later, many a day), beside 100,000 lines of 200 other wallets. Over HTTP: the summary
// (GET /api/system/personal/getcoindays) and a detail page (POST .../coindaysdetail) for this
// month (the page's default) and for the whole last year; p50/p99 over RUNS sequential requests
// (goal: p99 <= 20 ms). Also the plan of reading the year's daily moves. Prints figures only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { queryRows } from '../../src/server/db/rows';
import { accounts, ledgerAccounts, ledgerLines, ledgerTransfers, sessions, users } from '../../src/server/db/schema';
import { PLATFORM, walletId } from '../../src/server/ledger/accounts';
import { hashToken } from '../../src/server/sessions/tokens';
import { chinaDay } from '../../src/shared/chinaTime';
import { withPgDatabase } from '../support/pg-cluster';
import { percentile } from '../support/money-load';
import { benchServer, inBatches } from './http';

const MINE = 100_000;
const OTHERS = 200;
const OTHER_LINES = 100_000;
const YEAR_MS = 365 * 86_400_000;
const RUNS = 200;
const WARMUP = 10;

type Line = typeof ledgerLines.$inferInsert;
type Transfer = typeof ledgerTransfers.$inferInsert;

async function seed(database: Database): Promise<{ token: string; accountId: string }> {
  const db = database.db;
  const now = new Date();
  const accountRows = Array.from({ length: OTHERS + 1 }, (_, i) => ({ id: randomUUID(), type: 'enterprise' as const, name: `coin ${i}`, authStatus: 'approved' as const, createdAt: now, updatedAt: now }));
  await inBatches(accountRows, (chunk) => db.insert(accounts).values(chunk));
  const userRows = accountRows.map((a, i) => ({ id: randomUUID(), accountId: a.id, phone: `136${String(i).padStart(8, '0')}`, name: a.name, passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now }));
  await inBatches(userRows, (chunk) => db.insert(users).values(chunk));
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: userRows[0].id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });

  // The wallet's totals follow its lines, as the ledger keeps them (available = credits - debits - holds).
  const totals = accountRows.map(() => ({ credits: 0n, debits: 0n, pending: 0n }));
  const lines: Line[] = [];
  const line = (owner: number, i: number, count: number) => {
    const at = new Date(now.getTime() - YEAR_MS + Math.floor((i / count) * (YEAR_MS - 120_000)));
    const amount = BigInt(100 + ((i * 7919) % 500_000));
    const kind = ['deposit', 'release', 'withdrawal', 'collateral'][i % 4];
    const base = { transferId: randomUUID(), accountId: accountRows[owner].id, kind, amount, refResource: 'contracts', refId: randomUUID(), userId: userRows[owner].id, createdAt: at, updatedAt: at, updatedBy: userRows[owner].id };
    const t = totals[owner];
    if (kind === 'deposit' || kind === 'release') {
      lines.push({ ...base, direction: 'in', state: 'posted' });
      t.credits += amount;
      return;
    }
    // Out: smaller than what came in, so the wallet stays positive; ended a minute later (posted or voided), one in five still held.
    const out = amount / 3n;
    const state = i % 5 === 0 ? 'pending' : i % 2 === 0 ? 'posted' : 'voided';
    lines.push({ ...base, amount: out, direction: 'out', state, updatedAt: state === 'pending' ? at : new Date(at.getTime() + 60_000) });
    if (state === 'pending') t.pending += out;
    if (state === 'posted') t.debits += out;
  };
  for (let i = 0; i < MINE; i += 1) line(0, i, MINE);
  for (let i = 0; i < OTHER_LINES; i += 1) line(1 + (i % OTHERS), i, OTHER_LINES);
  await inBatches(
    accountRows.map((a, i) => ({ id: walletId(a.id), ownerAccountId: a.id, code: 'wallet', noNegative: true, createdAt: now, creditsPosted: totals[i].credits, debitsPosted: totals[i].debits, debitsPending: totals[i].pending })),
    (chunk) => db.insert(ledgerAccounts).values(chunk),
  );
  // Each line's transfer (the lines reference it; its resolution rows are not read here).
  const transfers: Transfer[] = lines.map((l) => {
    const wallet = walletId(l.accountId);
    const out = l.direction === 'out';
    return { id: l.transferId, debitAccountId: out ? wallet : PLATFORM.bankClearing, creditAccountId: out ? PLATFORM.bankClearing : wallet, amount: l.amount, kind: l.kind, status: out ? 'pending' : 'posted', refResource: l.refResource, refId: l.refId, key: `bench:${l.transferId}`, userId: l.userId, createdAt: l.createdAt };
  });
  await inBatches(transfers, (chunk) => db.insert(ledgerTransfers).values(chunk));
  await inBatches(lines, (chunk) => db.insert(ledgerLines).values(chunk));
  await db.execute(sql`vacuum analyze`);
  return { token, accountId: accountRows[0].id };
}

async function time(run: () => Promise<unknown>): Promise<{ times: number[]; last: unknown }> {
  for (let i = 0; i < WARMUP; i += 1) await run();
  const times: number[] = [];
  let last: unknown;
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    last = await run();
    times.push(performance.now() - t0);
  }
  return { times: times.sort((a, b) => a - b), last };
}

async function benchOn(url: string) {
  const database = await openDatabase({ url });
  const t0 = performance.now();
  const { token, accountId } = await seed(database);
  console.log(`coindays[postgres]: seeded ${MINE} lines of the caller's wallet over a year and ${OTHER_LINES} of ${OTHERS} others in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const server = await benchServer(database);
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(server.api + path, { method, headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = (await res.json()) as { data: unknown };
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const today = chinaDay(new Date());
  const yearFrom = chinaDay(new Date(Date.now() - 364 * 86_400_000));
  const cases: [string, () => Promise<unknown>][] = [
    ['summary, this month', () => call('GET', 'system/personal/getcoindays')],
    ['detail page 1 (10 days), this month', () => call('POST', 'system/personal/coindaysdetail', { pageNo: 1, pageSize: 10 })],
    ['summary, the last 365 days', () => call('GET', `system/personal/getcoindays?from=${yearFrom}&to=${today}`)],
    ['detail page 5 (10 days) with a balance filter, the last 365 days', () => call('POST', 'system/personal/coindaysdetail', { from: yearFrom, to: today, minBalance: '1', pageNo: 5, pageSize: 10 })],
    ['chart (all 365 days in one page)', () => call('POST', 'system/personal/coindaysdetail', { from: yearFrom, to: today, pageSize: 366 })],
  ];
  for (const [label, run] of cases) {
    const { times, last } = await time(run);
    const l = last as { coinDays?: string; total?: number; days?: number };
    console.log(`coindays[postgres]: ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${RUNS} requests; ${l.days !== undefined ? `${l.days} days, ${l.coinDays} coin-days` : `${l.total} days matching`})`);
  }
  const { coinDaysTotals } = await import('../../src/server/domains/coindays/coinDays');
  const t1 = performance.now();
  await coinDaysTotals(database.db, accountId, { from: yearFrom, to: today });
  console.log(`coindays[postgres]: the year's summary query alone: ${(performance.now() - t1).toFixed(1)} ms`);
  const plan = await queryRows<Record<string, string>>(
    database.db,
    sql`explain (analyze, buffers off) select count(*) from ledger_daily_moves where account_id = ${accountId} and day >= ${yearFrom}::date`,
  );
  console.log(`coindays[postgres]: days of the year that moved (ledger_daily_moves): ${plan.map((r) => Object.values(r)[0]).filter((s) => /Scan|Execution/.test(s)).join(' | ')}`);
  await server.close();
  await database.close();
}

export async function benchCoinDays(): Promise<void> {
  if (!(await withPgDatabase('lsf_bench_coindays', benchOn))) console.log('coindays[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
}
