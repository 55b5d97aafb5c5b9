// Benchmark: the ledger's list sources at scale over HTTP (issue 8, /payment/RecordTabs and the
// reports). 200,000 transfers between the wallets of 1,000 accounts and the platform's accounts
// (deposits, withdrawal holds with their ends, collateral holds, releases, objection deposits);
// the caller's wallet is in one of FLOW_EVERY. First page, a filtered page, a report with totals
// and the home chart; p50/p99 over RUNS sequential requests, on PostgreSQL and on PGlite unless
// LSF_BENCH_PGLITE=0. Prints figures only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, ledgerAccounts, ledgerLines, ledgerTransfers, sessions, users } from '../../src/server/db/schema';
import { PLATFORM, walletId } from '../../src/server/ledger/accounts';
import { hashToken } from '../../src/server/sessions/tokens';
import { withPgDatabase } from '../support/pg-cluster';
import { percentile } from '../support/money-load';
import { benchServer, inBatches, timeGet } from './http';

const OTHERS = 1_000;
const TRANSFERS = 200_000;
/** The caller's wallet is in one transfer of FLOW_EVERY. */
const FLOW_EVERY = 50;
const RUNS = 100;
const WARMUP = 5;

type Transfer = typeof ledgerTransfers.$inferInsert;
type Line = typeof ledgerLines.$inferInsert;

export async function seedFlows(database: Database): Promise<{ token: string; mine: number; callerAccountId: string }> {
  const db = database.db;
  const now = new Date();
  const accountRows = Array.from({ length: OTHERS + 1 }, (_, i) => ({ id: randomUUID(), type: 'enterprise' as const, name: `account ${i}`, authStatus: 'approved' as const, createdAt: now, updatedAt: now }));
  await inBatches(accountRows, (chunk) => db.insert(accounts).values(chunk));
  const userRows = accountRows.map((a, i) => ({ id: randomUUID(), accountId: a.id, phone: `137${String(i).padStart(8, '0')}`, name: a.name, passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now }));
  await inBatches(userRows, (chunk) => db.insert(users).values(chunk));
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: userRows[0].id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  await inBatches(accountRows, (chunk) => db.insert(ledgerAccounts).values(chunk.map((a) => ({ id: walletId(a.id), ownerAccountId: a.id, code: 'wallet', noNegative: false, createdAt: now }))));

  // Balances are not the point here (no balance invariant holds): the rows and their shapes are.
  const rows: Transfer[] = [];
  // The wallet's statement line of each movement, as the ledger writes it (transfers.ts).
  const lines: Line[] = [];
  let mine = 0;
  for (let i = 0; i < TRANSFERS; i += 1) {
    const owner = i % FLOW_EVERY === 0 ? 0 : 1 + (i % OTHERS);
    if (owner === 0) mine += 1;
    const wallet = walletId(accountRows[owner].id);
    const at = new Date(now.getTime() - (TRANSFERS - i) * 30_000);
    const base = { amount: BigInt(100 + ((i * 37) % 1_000_000)), refResource: 'contracts', refId: randomUUID(), userId: userRows[owner].id, createdAt: at };
    const kind = ['deposit', 'withdrawal', 'collateral', 'release', 'objectionDeposit'][Math.floor(i / 7) % 5];
    const id = randomUUID();
    const line = { transferId: id, accountId: accountRows[owner].id, kind, amount: base.amount, refResource: base.refResource, refId: base.refId, userId: base.userId, createdAt: at, updatedAt: at, updatedBy: base.userId };
    if (kind === 'deposit') {
      rows.push({ ...base, id, debitAccountId: PLATFORM.bankClearing, creditAccountId: wallet, kind, status: 'posted', refResource: 'deposits', key: `deposit:${id}` });
      lines.push({ ...line, refResource: 'deposits', direction: 'in', state: 'posted' });
    } else if (kind === 'release') {
      rows.push({ ...base, id, debitAccountId: PLATFORM.escrow, creditAccountId: wallet, kind, status: 'posted', key: `release:${id}` });
      lines.push({ ...line, direction: 'in', state: 'posted' });
    } else {
      const credit = kind === 'withdrawal' ? PLATFORM.bankClearing : kind === 'collateral' ? PLATFORM.escrow : PLATFORM.objectionDeposits;
      rows.push({ ...base, id, debitAccountId: wallet, creditAccountId: credit, kind, status: 'pending', key: `${kind}:${id}` });
      // Most holds have ended: posted or voided a minute later.
      const ended = i % 3 !== 0;
      const voided = i % 3 === 1;
      if (ended) rows.push({ ...base, id: randomUUID(), debitAccountId: wallet, creditAccountId: credit, kind: voided ? 'refund' : 'collateralPosted', status: voided ? 'voided' : 'posted', pendingId: id, key: `${kind}:${id}:end`, createdAt: new Date(at.getTime() + 60_000) });
      lines.push({ ...line, direction: 'out', state: !ended ? 'pending' : voided ? 'voided' : 'posted', updatedAt: ended ? new Date(at.getTime() + 60_000) : at });
    }
  }
  await inBatches(rows, (chunk) => db.insert(ledgerTransfers).values(chunk));
  await inBatches(lines, (chunk) => db.insert(ledgerLines).values(chunk));
  await db.execute(sql`vacuum analyze`);
  return { token, mine, callerAccountId: accountRows[0].id };
}

const CASES = [
  ['flows, first page', 'r/accountFlows?pageNo=1&pageSize=10'],
  ['flows, kind + state + amount, page 2', 'r/accountFlows?pageNo=2&pageSize=20&kind=collateral,withdrawal&state=posted,voided&amount=100,500000'],
  ['paymentInventory with totals, first page', 'r/escrowSettlements?pageNo=1&pageSize=10'],
  ['entropyList with totals, first page', 'r/objectionDeposits?pageNo=1&pageSize=10'],
  ['home chart, 30 days', 'funds/flows/daily'],
] as const;

async function benchOn(kind: 'pglite' | 'postgres', url?: string) {
  const database = await openDatabase({ url });
  const seedStart = performance.now();
  const seed = await seedFlows(database);
  const seeded = (performance.now() - seedStart) / 1000;
  // As a deploy on a database with data: the start creates the list indexes and analyzes them.
  const server = await benchServer(database);
  console.log(`flows[${kind}]: seeded ${TRANSFERS} movements of ${OTHERS + 1} wallets (the caller's in ${seed.mine}) in ${seeded.toFixed(1)} s`);
  for (const [label, query] of CASES) {
    const { times, last } = await timeGet<unknown>(server.api + query, seed.token, RUNS, WARMUP);
    const page = last as { total?: number; records?: unknown[]; totals?: Record<string, string> };
    const summary = Array.isArray(last) ? `${last.length} days` : `total ${page.total}, ${page.records?.length} rows${page.totals ? `, totals ${JSON.stringify(page.totals)}` : ''}`;
    console.log(`flows[${kind}]: ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${RUNS} requests; ${summary})`);
  }
  await server.close();
  await database.close();
}

export async function benchFlows(): Promise<void> {
  if (!(await withPgDatabase('lsf_bench_flows', (url) => benchOn('postgres', url)))) console.log('flows[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
  if (process.env.LSF_BENCH_PGLITE !== '0') await benchOn('pglite');
}
