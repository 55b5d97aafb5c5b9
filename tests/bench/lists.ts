// Benchmark: list scopes at scale over HTTP (issue 7, "Figures for the closing note").
//  (a) 100,000 purchase offers published by 1,000 other accounts; the caller lists the market.
//  (b) 100,000 contracts between those accounts, the caller a party (buyer or seller) of about
//      12,000 of them; the caller lists scope=buyer and scope=mine.
// First page and a filtered page of each, p50/p99 over RUNS sequential requests. On PostgreSQL
// (the figures the goal is about) and on PGlite unless LSF_BENCH_PGLITE=0. Prints figures only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, recordParties, resourceRecords, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/sessions/tokens';
import { withPgDatabase } from '../support/pg-cluster';
import { percentile } from '../support/money-load';
import { benchServer, inBatches, timeGet } from './http';

const OTHERS = 1_000;
const OFFERS = 100_000;
const CONTRACTS = 100_000;
/** One contract in CALLER_EVERY has the caller as buyer, one more as seller: about 12% in all. */
const CALLER_EVERY = 16;
const RUNS = 100;
const WARMUP = 5;

const CATEGORIES = ['rawMaterial', 'agricultural', 'industrial', 'consumer', 'service'];
/** Offer states weighted towards the market: 40% published. */
const OFFER_STATES = ['published', 'published', 'published', 'published', 'draft', 'draft', 'accepted', 'withdrawn', 'expired', 'expired'];
const CONTRACT_STATES = ['pendingSignature', 'signed', 'rejected', 'cancelled', 'collateralPaid', 'delivered', 'objection', 'completed', 'refunded'];

const amountOf = (i: number) => `${(i * 37) % 1_000_000}.${String(i % 100).padStart(2, '0')}`;

export interface ListsSeed {
  token: string;
  callerAccountId: string;
  /** Contracts where the caller is buyer, seller, either. */
  asBuyer: number;
  asSeller: number;
}

/** The caller (approved enterprise owner, signed in), OTHERS approved accounts, their offers and contracts. */
export async function seedLists(database: Database): Promise<ListsSeed> {
  const db = database.db;
  const now = new Date();
  const accountRows = Array.from({ length: OTHERS + 1 }, (_, i) => ({
    id: randomUUID(),
    type: 'enterprise' as const,
    name: i === 0 ? 'caller' : `account ${i}`,
    authStatus: 'approved' as const,
    createdAt: now,
    updatedAt: now,
  }));
  await inBatches(accountRows, (chunk) => db.insert(accounts).values(chunk));
  const userRows = accountRows.map((a, i) => ({
    id: randomUUID(),
    accountId: a.id,
    phone: `139${String(i).padStart(8, '0')}`,
    name: a.name,
    passwordHash: 'x',
    role: 'owner',
    isOwner: true,
    createdAt: now,
    updatedAt: now,
  }));
  await inBatches(userRows, (chunk) => db.insert(users).values(chunk));
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: userRows[0].id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });

  const offers = Array.from({ length: OFFERS }, (_, i) => {
    const owner = 1 + (i % OTHERS);
    const created = new Date(now.getTime() - (OFFERS - i) * 60_000);
    return {
      resource: 'purchaseOffers',
      accountId: accountRows[owner].id,
      state: OFFER_STATES[i % OFFER_STATES.length],
      data: {
        title: `Offer ${i}`,
        category: CATEGORIES[i % CATEGORIES.length],
        goodsName: 'steel',
        unit: 'ton',
        quantity: 1 + (i % 100),
        unitPrice: '4000.00',
        amount: amountOf(i),
        deliveryDate: '2026-12-01',
        validUntil: '2099-12-31',
        deliveryRegion: ['33', '3301', '330106'],
      },
      createdBy: userRows[owner].id,
      createdAt: created,
      updatedBy: userRows[owner].id,
      updatedAt: created,
    };
  });
  await inBatches(offers, (chunk) => db.insert(resourceRecords).values(chunk));

  let asBuyer = 0;
  let asSeller = 0;
  const contracts: (typeof resourceRecords.$inferInsert)[] = [];
  const parties: (typeof recordParties.$inferInsert)[] = [];
  for (let i = 0; i < CONTRACTS; i += 1) {
    // Buyer and seller differ; the caller (account 0) is the buyer of one contract in
    // CALLER_EVERY and the seller of another, the rest are between the other accounts.
    let buyer = 1 + (i % OTHERS);
    let seller = 1 + ((i * 7 + 3) % OTHERS);
    if (seller === buyer) seller = 1 + (seller % OTHERS);
    if (i % CALLER_EVERY === 0) {
      buyer = 0;
      asBuyer += 1;
    } else if (i % CALLER_EVERY === 1) {
      seller = 0;
      asSeller += 1;
    }
    const id = randomUUID();
    const created = new Date(now.getTime() - (CONTRACTS - i) * 60_000);
    // As the offer accept action makes them: the acceptor (seller) owns the record.
    contracts.push({
      id,
      resource: 'contracts',
      accountId: accountRows[seller].id,
      state: CONTRACT_STATES[i % CONTRACT_STATES.length],
      data: {
        offerId: randomUUID(),
        title: `Contract ${i}`,
        goodsName: 'steel',
        unit: 'ton',
        quantity: 1 + (i % 100),
        unitPrice: '4000.00',
        amount: amountOf(i),
        deliveryDate: '2026-12-01',
        deliveryRegion: ['33', '3301', '330106'],
      },
      createdBy: userRows[seller].id,
      createdAt: created,
      updatedBy: userRows[seller].id,
      updatedAt: created,
    });
    parties.push({ recordId: id, role: 'buyer', accountId: accountRows[buyer].id }, { recordId: id, role: 'seller', accountId: accountRows[seller].id });
  }
  await inBatches(contracts, (chunk) => db.insert(resourceRecords).values(chunk));
  await inBatches(parties, (chunk) => db.insert(recordParties).values(chunk));
  // As autovacuum leaves a table in use: statistics, and a visibility map for index-only scans.
  await db.execute(sql`vacuum analyze`);
  return { token, callerAccountId: accountRows[0].id, asBuyer, asSeller };
}

export const LIST_CASES = [
  // The floor of any list request on this machine (session, expiry check, envelope): no records.
  ['baseline: empty list', 'invoiceRequests?pageNo=1&pageSize=10'],
  ['offers market, first page', 'purchaseOffers?scope=market&pageNo=1&pageSize=10'],
  ['offers market, filtered page', 'purchaseOffers?scope=market&pageNo=3&pageSize=20&category=industrial&amount=1000,500000'],
  ['contracts buyer, first page', 'contracts?scope=buyer&pageNo=1&pageSize=10'],
  ['contracts mine, first page', 'contracts?scope=mine&pageNo=1&pageSize=10'],
  ['contracts buyer, filtered page', 'contracts?scope=buyer&pageNo=2&pageSize=20&state=signed,completed&amount=1000,500000'],
  ['contracts mine, filtered page', 'contracts?scope=mine&pageNo=2&pageSize=20&state=signed,completed&amount=1000,500000'],
  // Shapes no index leads with: a range alone on the market, a substring of the title (a btree
  // serves no `ilike '%…%'`), a sort by another field than the list order.
  ['offers market, amount only', 'purchaseOffers?scope=market&pageNo=1&pageSize=20&amount=1000,20000'],
  ['contracts buyer, title contains', 'contracts?scope=buyer&pageNo=1&pageSize=20&title=Contract%2012'],
  ['contracts seller, sorted by amount', 'contracts?scope=seller&pageNo=1&pageSize=20&sort=-amount'],
] as const;

async function benchOn(kind: 'pglite' | 'postgres', url?: string) {
  const database = await openDatabase({ url });
  const seedStart = performance.now();
  const seed = await seedLists(database);
  const seeded = (performance.now() - seedStart) / 1000;
  // As a deploy on a database with data: the start creates the list indexes and analyzes them.
  const server = await benchServer(database);
  // Measure the steady state, not the aftermath of a bulk load: the checkpoint that would write
  // the seed's and the new indexes' pages out while the requests run is taken first.
  await database.db.execute(sql`checkpoint`);
  const base = `${server.api}r/`;
  // postgres-js answers the rows, PGlite an object holding them.
  const answer = (await database.db.execute(sql`select version() as version`)) as unknown as { version: string }[] | { rows: { version: string }[] };
  const { version } = Array.isArray(answer) ? answer[0] : answer.rows[0];
  console.log(`lists[${kind}]: ${String(version).split(' on ')[0]}; seeded ${OFFERS} offers of ${OTHERS} accounts and ${CONTRACTS} contracts (caller buyer of ${seed.asBuyer}, seller of ${seed.asSeller}) in ${seeded.toFixed(1)} s`);
  for (const [label, query] of LIST_CASES) {
    const { times, last } = await timeGet<{ total: number; totalExact?: boolean; records: unknown[] }>(base + query, seed.token, RUNS, WARMUP);
    console.log(
      `lists[${kind}]: ${label}: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${RUNS} requests; total ${last.total}${last.totalExact !== false ? '' : '+'}, ${last.records.length} rows)`,
    );
  }
  await server.close();
  await database.close();
}

export async function benchLists(): Promise<void> {
  if (!(await withPgDatabase('lsf_bench', (url) => benchOn('postgres', url)))) console.log('lists[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
  if (process.env.LSF_BENCH_PGLITE !== '0') await benchOn('pglite');
}
