// npm run bench ledger: ledger transfers per second with 50 concurrent clients on PostgreSQL,
// side by side with a raw-SQL baseline doing the same work (lock both accounts in id order,
// check the balance, insert the transfer, move both totals) in one run, then the invariants.
// Prints figures; never fails on a number.
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client';
import type { Db } from '../../src/server/db/client';
import { accounts } from '../../src/server/db/schema';
import { PLATFORM, ensureWallet } from '../../src/server/ledger/accounts';
import { checkLedger, ledgerSound } from '../../src/server/ledger/invariants';
import { transfer } from '../../src/server/ledger/transfers';
import { startPg } from '../support/pg-cluster';

const CLIENTS = 50;
const SECONDS = Number(process.env.LSF_BENCH_SECONDS ?? 10);
const WALLETS = 200;
const NOW = new Date();
const ref = { resource: 'bench', id: randomUUID() };

async function run(label: string, work: () => Promise<void>) {
  let done = 0;
  let failed = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < until) {
        try {
          await work();
          done += 1;
        } catch {
          failed += 1;
        }
      }
    }),
  );
  console.log(`ledger[postgres]: ${label}: ${(done / SECONDS).toFixed(0)} transfers/s (${done} in ${SECONDS} s, ${failed} refused, ${CLIENTS} clients)`);
  return done / SECONDS;
}

export async function benchLedger(): Promise<void> {
  const pg = await startPg();
  if (!pg) {
    console.log('ledger[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
    return;
  }
  try {
    const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
    const name = `lsf_bench_ledger_${Date.now()}`;
    await admin.unsafe(`create database ${name}`);
    const url = new URL(pg.url);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), maxConnections: CLIENTS });
    const db: Db = database.db;
    const wallets: string[] = [];
    for (let i = 0; i < WALLETS; i += 1) {
      const [a] = await db.insert(accounts).values({ type: 'enterprise', name: `Bench ${i}`, createdAt: NOW, updatedAt: NOW }).returning();
      const w = await ensureWallet(db, a.id, NOW);
      await db.transaction((tx) => transfer(tx, { debit: PLATFORM.bankClearing, credit: w, amount: 1_000_000_00n, kind: 'deposit', ref, key: randomUUID(), userId: null, now: NOW }));
      wallets.push(w);
    }
    const pair = () => {
      const a = wallets[Math.floor(Math.random() * WALLETS)];
      let b = wallets[Math.floor(Math.random() * WALLETS)];
      while (b === a) b = wallets[Math.floor(Math.random() * WALLETS)];
      return [a, b];
    };
    const sqlClient = postgres(url.toString(), { max: CLIENTS, onnotice: () => {} });
    const baseline = await run('raw SQL baseline', async () => {
      const [a, b] = pair();
      await sqlClient.begin(async (tx) => {
        const rows = await tx`select id, no_negative, debits_posted, debits_pending, credits_posted from ledger_accounts where id in (${a}, ${b}) order by id for update`;
        const debit = rows.find((r) => r.id === a)!;
        if (debit.no_negative && BigInt(debit.debits_posted) + BigInt(debit.debits_pending) + 100n > BigInt(debit.credits_posted)) throw new Error('insufficient');
        await tx`insert into ledger_transfers (debit_account_id, credit_account_id, amount, kind, status, ref_resource, ref_id, key, created_at) values (${a}, ${b}, 100, 'bench', 'posted', 'bench', ${ref.id}, ${randomUUID()}, now()) on conflict (key) do nothing`;
        await tx`update ledger_accounts set debits_posted = debits_posted + 100 where id = ${a}`;
        await tx`update ledger_accounts set credits_posted = credits_posted + 100 where id = ${b}`;
      });
    });
    const ledger = await run('ledger transfer()', async () => {
      const [a, b] = pair();
      await db.transaction((tx) => transfer(tx, { debit: a, credit: b, amount: 100n, kind: 'bench', ref, key: randomUUID(), userId: null, now: NOW }));
    });
    console.log(`ledger[postgres]: transfer() at ${((ledger / baseline) * 100).toFixed(0)}% of the baseline`);
    const result = await checkLedger(db);
    console.log(`ledger[postgres]: invariants ${ledgerSound(result) ? 'hold' : `BROKEN ${JSON.stringify(result).slice(0, 300)}`}`);
    await sqlClient.end();
    await database.close();
    await admin.unsafe(`drop database ${name} with (force)`);
    await admin.end();
  } finally {
    pg.stop();
  }
}
