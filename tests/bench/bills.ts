// Benchmark: settlement lists at scale over HTTP (issue 18, "Figures for the closing note": the
// payables list at 100,000 bills, goal p99 <= 20 ms on PostgreSQL like the other lists).
// 100,000 bills under 10,000 contracts between 1,000 accounts and the caller; the caller is the
// buyer (payer) of one contract in CALLER_EVERY and the seller (payee) of another, so about 6,250
// payables and 6,250 receivables. Each contract has its collateral held and released in the
// ledger, for the outgoing detail report. First page with totals and filtered pages of
// payManagement, contractPayment, collectionManagement and chainOutgoingList; p50/p99 over RUNS
// sequential requests, on PostgreSQL and on PGlite unless LSF_BENCH_PGLITE=0. Prints figures only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, bills, ledgerAccounts, ledgerTransfers, recordParties, resourceRecords, sessions, users } from '../../src/server/db/schema';
import { PLATFORM, walletId } from '../../src/server/ledger/accounts';
import { hashToken } from '../../src/server/sessions/tokens';
import { withPgDatabase } from '../support/pg-cluster';
import { percentile } from '../support/money-load';
import { benchServer, inBatches, timeGet } from './http';

const OTHERS = 1_000;
const BILLS = 100_000;
const CONTRACTS = 10_000;
const CALLER_EVERY = 16;
const RUNS = 100;
const WARMUP = 5;
const BILL_STATES = ['confirmed', 'partiallyPaid', 'overdue', 'paid', 'pendingConfirmation', 'confirmed', 'paid', 'rejected', 'cancelled', 'partiallyPaid'];

const day = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000).toISOString().slice(0, 10);
const yuan = (fen: bigint) => `${fen / 100n}.${String(fen % 100n).padStart(2, '0')}`;

export async function seedBills(database: Database) {
  const db = database.db;
  const now = new Date();
  const accountRows = Array.from({ length: OTHERS + 1 }, (_, i) => ({ id: randomUUID(), type: 'enterprise' as const, name: i === 0 ? 'caller' : `account ${i}`, authStatus: 'approved' as const, createdAt: now, updatedAt: now }));
  await inBatches(accountRows, (chunk) => db.insert(accounts).values(chunk));
  const userRows = accountRows.map((a, i) => ({ id: randomUUID(), accountId: a.id, phone: `136${String(i).padStart(8, '0')}`, name: a.name, passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now }));
  await inBatches(userRows, (chunk) => db.insert(users).values(chunk));
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: userRows[0].id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  await inBatches(accountRows, (chunk) => db.insert(ledgerAccounts).values(chunk.map((a) => ({ id: walletId(a.id), ownerAccountId: a.id, code: 'wallet', noNegative: false, createdAt: now }))));

  const contracts: (typeof resourceRecords.$inferInsert)[] = [];
  const parties: (typeof recordParties.$inferInsert)[] = [];
  const transfers: (typeof ledgerTransfers.$inferInsert)[] = [];
  const sides: { id: string; buyer: number; seller: number; title: string }[] = [];
  for (let c = 0; c < CONTRACTS; c += 1) {
    let buyer = 1 + (c % OTHERS);
    let seller = 1 + ((c * 7 + 3) % OTHERS);
    if (seller === buyer) seller = 1 + (seller % OTHERS);
    if (c % CALLER_EVERY === 0) buyer = 0;
    else if (c % CALLER_EVERY === 1) seller = 0;
    const id = randomUUID();
    const created = new Date(now.getTime() - (CONTRACTS - c) * 600_000);
    const amount = BigInt(1_000_000 + ((c * 37) % 10_000_000));
    const collateral = amount / 5n;
    sides.push({ id, buyer, seller, title: `Contract ${c}` });
    contracts.push({ id, resource: 'contracts', accountId: accountRows[seller].id, state: 'completed', data: { title: `Contract ${c}`, goodsName: 'steel', amount: yuan(amount), collateralAmount: yuan(collateral) }, createdBy: userRows[seller].id, createdAt: created, updatedBy: userRows[seller].id, updatedAt: created });
    parties.push({ recordId: id, role: 'buyer', accountId: accountRows[buyer].id }, { recordId: id, role: 'seller', accountId: accountRows[seller].id });
    const hold = randomUUID();
    const ref = { refResource: 'contracts', refId: id, amount: collateral, createdAt: created };
    transfers.push({ ...ref, id: hold, debitAccountId: walletId(accountRows[buyer].id), creditAccountId: PLATFORM.escrow, kind: 'collateral', status: 'pending', key: `collateral:${id}` });
    transfers.push({ ...ref, id: randomUUID(), debitAccountId: walletId(accountRows[buyer].id), creditAccountId: PLATFORM.escrow, kind: 'collateralPosted', status: 'posted', pendingId: hold, key: `collateral:${id}:posted` });
    transfers.push({ ...ref, id: randomUUID(), debitAccountId: PLATFORM.escrow, creditAccountId: walletId(accountRows[seller].id), kind: 'release', status: 'posted', key: `release:${id}` });
  }
  await inBatches(contracts, (chunk) => db.insert(resourceRecords).values(chunk));
  await inBatches(parties, (chunk) => db.insert(recordParties).values(chunk));
  await inBatches(transfers, (chunk) => db.insert(ledgerTransfers).values(chunk));

  const records: (typeof resourceRecords.$inferInsert)[] = [];
  const billParties: (typeof recordParties.$inferInsert)[] = [];
  const money: (typeof bills.$inferInsert)[] = [];
  let payables = 0;
  for (let i = 0; i < BILLS; i += 1) {
    const contract = sides[i % CONTRACTS];
    if (contract.buyer === 0) payables += 1;
    const id = randomUUID();
    const state = BILL_STATES[i % BILL_STATES.length];
    const amountFen = BigInt(10_000 + ((i * 131) % 5_000_000));
    const paidFen = state === 'paid' ? amountFen : state === 'partiallyPaid' ? amountFen / 3n : 0n;
    const created = new Date(now.getTime() - (BILLS - i) * 60_000);
    const payer = accountRows[contract.buyer];
    const payee = accountRows[contract.seller];
    records.push({
      id,
      resource: 'bills',
      accountId: payee.id,
      state,
      data: { contractId: contract.id, contractTitle: contract.title, payerName: payer.name, payeeName: payee.name, origin: 'issued', amount: yuan(amountFen), paidAmount: yuan(paidFen), clearedAmount: '0.00', openAmount: yuan(amountFen - paidFen), dueDay: day(now, (i % 120) - 30) },
      createdBy: userRows[contract.seller].id,
      createdAt: created,
      updatedBy: userRows[contract.seller].id,
      updatedAt: created,
    });
    billParties.push({ recordId: id, role: 'payer', accountId: payer.id }, { recordId: id, role: 'payee', accountId: payee.id });
    money.push({ recordId: id, contractId: contract.id, payerAccountId: payer.id, payeeAccountId: payee.id, amountFen, issuedFen: amountFen, paidFen });
  }
  await inBatches(records, (chunk) => db.insert(resourceRecords).values(chunk));
  await inBatches(billParties, (chunk) => db.insert(recordParties).values(chunk));
  await inBatches(money, (chunk) => db.insert(bills).values(chunk));
  await db.execute(sql`vacuum analyze`);
  return { token, payables };
}

const today = new Date().toISOString().slice(0, 10);
const CASES = [
  ['payables (payManagement), first page with totals', 'r/bills?scope=payer&pageNo=1&pageSize=10'],
  ['payables, state + due days + amount, page 2', `r/bills?scope=payer&pageNo=2&pageSize=20&state=confirmed,overdue&dueDay=2020-01-01,${today}&amount=100,40000`],
  ['payables, payee name contains', 'r/bills?scope=payer&pageNo=1&pageSize=20&payeeName=account%2012'],
  ['contractPayment (owed states), first page', 'r/bills?scope=payer&pageNo=1&pageSize=10&state=confirmed,partiallyPaid,overdue'],
  ['receivables (collectionManagement), first page', 'r/bills?scope=payee&pageNo=1&pageSize=10'],
  ['chainOutgoingList, first page with totals', 'r/contractOutgoings?pageNo=1&pageSize=10'],
  ['chainOutgoingList, side=buyer, page 2', 'r/contractOutgoings?pageNo=2&pageSize=20&side=buyer'],
] as const;

async function benchOn(kind: 'pglite' | 'postgres', url?: string) {
  const database = await openDatabase({ url });
  const seedStart = performance.now();
  const seed = await seedBills(database);
  const seeded = (performance.now() - seedStart) / 1000;
  // As a deploy on a database with data: the start creates the list indexes and analyzes them.
  const server = await benchServer(database);
  await database.db.execute(sql`checkpoint`);
  console.log(`bills[${kind}]: seeded ${BILLS} bills under ${CONTRACTS} contracts of ${OTHERS + 1} accounts (the caller's payables ${seed.payables}) in ${seeded.toFixed(1)} s`);
  for (const [label, query] of CASES) {
    const { times, last } = await timeGet<{ total: number; totalExact?: boolean; records: unknown[]; totals?: Record<string, string> }>(server.api + query, seed.token, RUNS, WARMUP);
    console.log(
      `bills[${kind}]: ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${RUNS} requests; total ${last.total}${last.totalExact !== false ? '' : '+'}, ${last.records.length} rows${last.totals ? ', totals' : ''})`,
    );
  }
  await server.close();
  await database.close();
}

export async function benchBills(): Promise<void> {
  if (!(await withPgDatabase('lsf_bench_bills', (url) => benchOn('postgres', url)))) console.log('bills[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
  if (process.env.LSF_BENCH_PGLITE !== '0') await benchOn('pglite');
}
