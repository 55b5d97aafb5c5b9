// Benchmark: the generic list endpoint with 100,000 records of one resource (purchaseOffers),
// first page and a filtered page, median and p99 over HTTP; and XLSX/CSV export rows per
// second. On PGlite and on PostgreSQL (when one can be started). Prints figures only.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/server/db/client';
import { accounts, resourceRecords, sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/sessions/tokens';
import { percentile } from '../support/money-load';
import { withPgDatabase } from '../support/pg-cluster';
import { benchServer, timeGet } from './http';

const N = 100_000;
const RUNS = 40;

async function seed(database: Database): Promise<string> {
  const db = database.db;
  const now = new Date();
  const [account] = await db.insert(accounts).values({ type: 'enterprise', name: 'bench', authStatus: 'approved', createdAt: now, updatedAt: now }).returning();
  const [user] = await db
    .insert(users)
    .values({ accountId: account.id, phone: '13900000000', name: 'bench', passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now })
    .returning();
  const token = randomUUID();
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId: user.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) });
  const categories = ['rawMaterial', 'agricultural', 'industrial', 'consumer', 'service'];
  const states = ['draft', 'published', 'withdrawn', 'expired'];
  for (let start = 0; start < N; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, N - start) }, (_, k) => {
      const i = start + k;
      const created = new Date(now.getTime() - (N - i) * 60_000);
      return {
        resource: 'purchaseOffers',
        accountId: account.id,
        state: states[i % 4],
        data: {
          title: `Offer ${i}`,
          category: categories[i % 5],
          goodsName: 'steel',
          unit: 'ton',
          quantity: 1 + (i % 100),
          unitPrice: '4000.00',
          amount: `${(i * 37) % 1_000_000}.${String(i % 100).padStart(2, '0')}`,
          deliveryDate: '2026-12-01',
          validUntil: '2099-12-31',
          deliveryRegion: ['33', '3301', '330106'],
        },
        createdBy: user.id,
        createdAt: created,
        updatedBy: user.id,
        updatedAt: created,
      };
    });
    await db.insert(resourceRecords).values(rows);
  }
  return token;
}


async function benchOn(kind: 'pglite' | 'postgres', url?: string) {
  const database = await openDatabase({ url });
  const seedStart = performance.now();
  const token = await seed(database);
  const seeded = (performance.now() - seedStart) / 1000;
  const server = await benchServer(database);
  await database.db.execute(sql`analyze resource_records`);
  const base = `${server.api}r/purchaseOffers`;
  console.log(`resources[${kind}]: seeded ${N} records in ${seeded.toFixed(1)} s`);
  for (const [label, query] of [
    ['first page', '?pageNo=1&pageSize=10'],
    ['filtered page', '?pageNo=3&pageSize=20&category=industrial&state=published&amount=1000,500000&sort=-amount'],
    ['text search', '?pageNo=1&pageSize=10&title=Offer%209999'],
  ] as const) {
    const { times: t } = await timeGet(base + query, token, RUNS);
    console.log(`resources[${kind}]: list ${label}: median ${percentile(t, 50).toFixed(1)} ms, p99 ${percentile(t, 99).toFixed(1)} ms (${RUNS} requests)`);
  }
  for (const format of ['xlsx', 'csv']) {
    const t0 = performance.now();
    const res = await fetch(`${base}/export?format=${format}`, { headers: { authorization: token } });
    const bytes = (await res.arrayBuffer()).byteLength;
    const s = (performance.now() - t0) / 1000;
    console.log(`resources[${kind}]: export ${format} of ${N} rows in ${s.toFixed(1)} s = ${Math.round(N / s)} rows/s (${(bytes / 1e6).toFixed(1)} MB)`);
  }
  await server.close();
  await database.close();
}

export async function benchResources(): Promise<void> {
  await benchOn('pglite');
  if (!(await withPgDatabase('lsf_bench', (url) => benchOn('postgres', url)))) console.log('resources[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
}
