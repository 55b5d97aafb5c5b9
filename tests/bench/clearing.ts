// npm run bench netting, end to end: one clearing run on PostgreSQL (runClearing, as ops'
// POST /api/settlement/clearing-runs runs it) over 1,000 participants that opened the mutual
// service and 10,000 confirmed bills (the bench's uniform network, benchBills). Every wallet but
// one in ten holds money, so the run settles most net positions and lists the rest as unsettled.
// Prints the run's total time (reading and locking the bills, solving in the warmed worker,
// writing down, settling, storing the run, commit) with the solver's time apart, and the amount
// cleared beside greedy cycle cancelling and pairwise netting on the run's own input. Then the same
// on the supply-chain network with every account allowing chains (accounts.mutual_chains_at): the
// shares of the amount in cleared in cycles, discharged along chains (the run's splits made through
// the door) and settled from balances. Never fails on a number.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { formatMoney } from '../../src/shared/money';
import { openDatabase } from '../../src/server/db/client';
import { accounts, bills, ledgerAccounts, resourceRecords, users } from '../../src/server/db/schema';
import { runClearing } from '../../src/server/domains/settlement/clearing';
import { greedyCycleCancellingBaseline, pairwiseNettingBaseline } from '../../src/server/domains/settlement/netting/baselines';
import { warmNettingWorker } from '../../src/server/domains/settlement/netting/solve';
import { stopNettingWorker } from '../../src/server/domains/settlement/netting';
import { PLATFORM, walletId } from '../../src/server/ledger/accounts';
import { transfer } from '../../src/server/ledger/transfers';
import { checkLedger } from '../../src/server/ledger/invariants';
import type { Db } from '../../src/server/db/client';
import { withPgDatabase } from '../support/pg-cluster';
import { benchServer, inBatches } from './http';
import { queryRows } from '../../src/server/db/rows';
import { translatorFor } from '../../src/server/i18n';
import type { CompiledResource } from '../../src/server/resources/registry';
import { withoutTableFields } from '../../src/server/resources/tableFields';
import { benchBills } from './netting';
import type { NetworkShape } from '../../src/server/domains/settlement/netting/synthetic';

const ms = (x: number) => `${x.toFixed(0)} ms`;

/** Compiles a resource's record check by checking one of its records (its held figures dropped, as the door drops them); answers the time. */
function warmRecordCheck(r: CompiledResource, data: Record<string, unknown>): number {
  const started = performance.now();
  r.check(withoutTableFields(r.tableFields, data), translatorFor('zh-CN'));
  return performance.now() - started;
}
const share = (part: bigint, whole: bigint) => `${((Number(part) / Number(whole)) * 100).toFixed(1)}%`;

/** The bench's network on PostgreSQL as confirmed bills between accounts that opened the mutual service (and allow chains when `chains`). */
export async function seed(db: Db, now: Date, shape: NetworkShape = 'uniform', chains = false): Promise<void> {
  const network = benchBills(shape);
  const names = [...new Set(network.flatMap((b) => [b.payer, b.payee]))].sort();
  const ids = new Map(names.map((n) => [n, randomUUID()]));
  await inBatches(names, (chunk) => db.insert(accounts).values(chunk.map((n) => ({ id: ids.get(n)!, type: 'enterprise' as const, name: n, authStatus: 'approved' as const, mutualOpenedAt: now, mutualChainsAt: chains ? now : null, createdAt: now, updatedAt: now }))));
  const userId = randomUUID();
  await db.insert(users).values({ id: userId, accountId: ids.get(names[0])!, phone: '13700000000', name: 'bench', passwordHash: 'x', role: 'owner', isOwner: true, createdAt: now, updatedAt: now });
  await inBatches(names, (chunk) => db.insert(ledgerAccounts).values(chunk.map((n) => ({ id: walletId(ids.get(n)!), ownerAccountId: ids.get(n)!, code: 'wallet', noNegative: true, createdAt: now }))));
  // Deposits through the ledger (its invariants hold before and after the run): 500,000 yuan each, none for one in ten.
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    for (const [i, n] of names.entries()) {
      if (i % 10 === 9) continue;
      await transfer(tx, { debit: PLATFORM.bankClearing, credit: walletId(ids.get(n)!), amount: 50_000_000n, kind: 'deposit', ref: { resource: 'deposits', id: randomUUID() }, key: `bench-deposit:${n}`, userId: null, now });
    }
  });
  const recordIds = network.map(() => randomUUID());
  const yuan = (fen: bigint) => formatMoney(fen).replace(/,/g, '');
  await inBatches(
    network.map((b, i) => ({ b, id: recordIds[i] })),
    (chunk) =>
      db.insert(resourceRecords).values(
        chunk.map(({ b, id }) => ({
          id,
          resource: 'bills',
          accountId: ids.get(b.payee)!,
          state: 'confirmed',
          data: { contractId: randomUUID(), contractTitle: `bench ${b.id}`, payerName: b.payer, payeeName: b.payee, origin: 'issued', amount: yuan(b.openFen), paidAmount: '0.00', clearedAmount: '0.00', openAmount: yuan(b.openFen), dueDay: '2099-12-31' },
          createdBy: userId,
          createdAt: now,
          updatedBy: userId,
          updatedAt: now,
        })),
      ),
  );
  await inBatches(
    network.map((b, i) => ({ b, id: recordIds[i] })),
    (chunk) => db.insert(bills).values(chunk.map(({ b, id }) => ({ recordId: id, contractId: randomUUID(), payerAccountId: ids.get(b.payer)!, payeeAccountId: ids.get(b.payee)!, amountFen: b.openFen, issuedFen: b.openFen }))),
  );
  await db.execute(sql`vacuum analyze`);
}

async function benchOn(url: string, shape: NetworkShape, chains: boolean): Promise<void> {
  const database = await openDatabase({ url });
  const label = `clearing[postgres, ${shape}${chains ? ', chains' : ''}]`;
  try {
    const db = database.db as unknown as Db;
    const now = new Date();
    await seed(db, now, shape, chains);
    // As a deploy on a database with data: a server's start creates the resource list indexes, so
    // each bill record carries its ~17 expression indexes, which the run's write-down updates.
    const server = await benchServer(database);
    const { resources, ledgerInvariants } = server.ctx;
    await server.close();
    const [{ indexes }] = await queryRows<{ indexes: number }>(db, sql`select count(*)::int as indexes from pg_index where indrelid = (select tableoid from resource_records where resource = 'bills' limit 1)`);
    // As at server start: the worker is warmed once, so the run does not pay V8's first-solve cost.
    const warmMs = await warmNettingWorker();
    // As in a server that has written a bill before: the bills' record check is compiled (lazily, on
    // its first use; 0.3-0.7 s of JSON Schema compiling a daily run in a running server never pays).
    const checkMs = warmRecordCheck(resources.get('bills')!, (await db.select({ data: resourceRecords.data }).from(resourceRecords).where(sql`resource = 'bills'`).limit(1))[0].data);
    const started = performance.now();
    const run = await runClearing({ db, dbKind: 'postgres', resources }, { trigger: 'ops', userId: null, now, inWorker: true });
    const wallMs = performance.now() - started;
    if (!run) throw new Error('bench: the run was refused');
    console.log(`${label}: ${run.participants} participants, ${run.billsIn} confirmed bills (${indexes} indexes on a bill record); worker warm-up at start ${ms(warmMs)}, bills' record check compiled first ${ms(checkMs)}`);
    console.log(`${label}: run total ${ms(wallMs)} end to end (commit included; ${ms(run.totalMs)} inside the transaction), solver ${ms(run.solverMs)}, database and the rest ${ms(wallMs - run.solverMs)}`);
    console.log(`${label}: steps inside the transaction: ${Object.entries(run.phases).map(([k, v]) => `${k} ${v} ms`).join(', ')}`);
    console.log(`${label}: ${run.transfers} settlement transfers, settled ${formatMoney(run.amountSettledFen)} yuan, unsettled (short balances) ${formatMoney(run.amountUnsettledFen)} yuan`);
    if (chains) {
      const of = (fen: bigint) => share(fen, run.amountInFen);
      console.log(`${label}: cleared in cycles ${of(run.amountClearedFen)}, discharged along chains ${of(run.amountChainedFen)} (${formatMoney(run.amountPassedFen)} yuan passed on to new holders), settled from balances ${of(run.amountDischargedFen)} of the amount in; integral by ${run.method}`);
    }
    const greedy = greedyCycleCancellingBaseline(run.input);
    const pairwise = pairwiseNettingBaseline(run.input);
    // Cycles alone (baselines): with chains the run's own cycles share bills with its chains.
    for (const [method, cleared] of [
      ['LP (HiGHS), the run', run.amountClearedFen],
      ['greedy cycle cancelling', greedy.totalClearedFen],
      ['pairwise netting', pairwise.totalClearedFen],
    ] as const) {
      console.log(`${label}:   ${method.padEnd(24)} cleared ${formatMoney(cleared).padStart(20)} yuan = ${share(cleared, run.amountInFen).padStart(6)} of ${formatMoney(run.amountInFen)} yuan in`);
    }
    const violations = Object.values(await checkLedger(db, ledgerInvariants)).reduce((n, rows) => n + rows.length, 0);
    console.log(`${label}: ledger invariant violations after the run: ${violations}`);
  } finally {
    await stopNettingWorker();
    await database.close();
  }
}

export async function benchClearingRun(): Promise<void> {
  if (!(await withPgDatabase('lsf_bench_clearing', (url) => benchOn(url, 'uniform', false)))) console.log('clearing[postgres]: no PostgreSQL available (TEST_DATABASE_URL or apt package postgresql); skipped');
  else await withPgDatabase('lsf_bench_clearing_chains', (url) => benchOn(url, 'supplyChain', true));
}
