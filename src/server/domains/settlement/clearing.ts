// A mutual-netting clearing run (DESIGN §9, xhn): every confirmed open bill between accounts that
// opened the mutual service is cleared as far as it cancels in cycles and, through participants
// that allow it, passed on along chains (netting/chains.ts, one LP by HiGHS; clearingChains.ts),
// then each participant's remaining net position is settled wallet to wallet where the balances
// cover it (netting/discharge.ts), all in ONE transaction:
//   1. a transaction-scoped advisory lock: runs never overlap, so nothing is cleared twice;
//      a daily run first inserts its day's row (unique run_day): a second node's insert waits
//      for the first and then finds the day taken, so exactly one node runs the day's job;
//   2. the bills' records and money rows are locked (FOR UPDATE, in record id order, as a
//      payment locks them) and read: a payment under way finishes first or waits for the run;
//   3. the chains' parts are split off into child bills held by the chains' ends (split.ts, as a
//      part passed on by hand), the solution is written down on the bills (cleared in cycles,
//      written down along chains, discharged: one statement),
//      the participants' wallets are locked in id order and the settlement transfers posted
//      (kind nettingSettlement, ref clearingRuns/<run id> and batch <run id>, receipt HLSolution);
//   4. the run keeps its input and solution (clearing_runs) and each participant's figures
//      (clearing_run_parties), so it can be listed, printed (Interconnectedsingle) and audited.
// A failure rolls everything back: no run row, no write-down, no transfer.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts, bills, clearingRunParties, clearingRuns, resourceRecords, users } from '../../db/schema';
import { walletId } from '../../ledger/accounts';
import { lockLedgerAccounts, transferBatch } from '../../ledger/transfers';
import { passOnRules } from '../../../shared/passOn';
import type { AppContext } from '../../context';
import { chainBillsOf, consentingOf, passOnAlongChains, type RunBill } from './clearingChains';
import { dischargePlan, type DischargePlan } from './netting/discharge';
import { solveChainNetting, type ChainBill, type ChainNettingSolution } from './netting/chains';
import type { ClearedBill } from './netting';
import type { EngineContext } from '../../resources/actions';
import type { Mover } from '../../resources/events';
import { moveMany } from '../../resources/moves';
import { OPEN_STATES, openFenOf, stateAfterMoney } from './store';

export const SETTLEMENT_KIND = 'nettingSettlement';
/** The ledger key of a run's i-th settlement transfer. */
export const settlementKey = (runId: string, i: number) => `${SETTLEMENT_KIND}:${runId}:${i}`;

export interface ClearingRunInput {
  trigger: 'ops' | 'daily';
  /** The ops user who started it; null for the daily job. */
  userId: string | null;
  now: Date;
  /** The China day of a daily run: at most one run per day. */
  day?: string;
  /** Solve in the worker thread (the server's choice; tests and the bench may solve in-thread). */
  inWorker?: boolean;
}

/** What a finished run answers (and the bench prints). */
export interface ClearingRunResult {
  runId: string;
  billsIn: number;
  participants: number;
  amountInFen: bigint;
  amountClearedFen: bigint;
  /** Written down along chains, and moved to the parts passed on (the gross amount stays owed, to new holders). */
  amountChainedFen: bigint;
  amountPassedFen: bigint;
  amountSettledFen: bigint;
  /** The bills' remaining amounts the settlement discharged (the gross amount settled from balances). */
  amountDischargedFen: bigint;
  amountUnsettledFen: bigint;
  transfers: number;
  solverMs: number;
  totalMs: number;
  /** The solved network: the bench compares it with the baselines. */
  input: ChainBill[];
  /** How the integral answer was reached (netting/solve.ts NettingMethod). */
  method: string;
  /** Milliseconds of each step inside the transaction (the bench prints them). */
  phases: Record<string, number>;
}

const RUN_LOCK = sql`select pg_advisory_xact_lock(hashtext('settlement:clearingRun'))`;

/** Accounts that opened the mutual service (accounts.mutualOpenedAt), active ones only. */
async function participantsOf(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(isNotNull(accounts.mutualOpenedAt), eq(accounts.status, 'active')));
  return rows.map((r) => r.id);
}

/**
 * Every open bill between participants, its record and money row locked, in record id order. The
 * records first, then their money rows, as a payment takes them (a payment locks the bill's record,
 * then moves money and writes the money row): locking both in one joined statement took a money
 * row before its record now and then, and a payment holding the record then waited for that row
 * (a deadlock PostgreSQL broke by failing one side). The figures are read once the rows are locked.
 */
async function lockOpenBills(tx: Db, participants: readonly string[]): Promise<RunBill[]> {
  if (participants.length < 2) return [];
  // Payer and payee both participants: a join on a participant set, not two IN lists of 1,000.
  const records = await tx
    .select({ id: bills.recordId, state: resourceRecords.state })
    .from(bills)
    .innerJoin(resourceRecords, eq(resourceRecords.id, bills.recordId))
    .innerJoin(sql`accounts payer_account`, sql`payer_account.id = ${bills.payerAccountId} and payer_account.mutual_opened_at is not null and payer_account.status = 'active'`)
    .innerJoin(sql`accounts payee_account`, sql`payee_account.id = ${bills.payeeAccountId} and payee_account.mutual_opened_at is not null and payee_account.status = 'active'`)
    .where(and(eq(resourceRecords.resource, 'bills'), inArray(resourceRecords.state, [...OPEN_STATES]), sql`${bills.amountFen} - ${bills.paidFen} - ${bills.clearedFen} > 0`))
    .orderBy(asc(bills.recordId))
    .for('update', { of: [resourceRecords] });
  if (!records.length) return [];
  const stateOf = new Map(records.map((r) => [r.id, r.state ?? '']));
  const money = await tx
    .select({ id: bills.recordId, payer: bills.payerAccountId, payee: bills.payeeAccountId, amountFen: bills.amountFen, paidFen: bills.paidFen, clearedFen: bills.clearedFen, dueDay: bills.dueDay, contractId: bills.contractId })
    .from(bills)
    .where(inArray(bills.recordId, records.map((r) => r.id)))
    .orderBy(asc(bills.recordId))
    .for('update');
  return money
    .filter((r) => openFenOf(r) > 0n)
    .map((r) => ({ id: r.id, payer: r.payer, payee: r.payee, openFen: openFenOf(r), state: stateOf.get(r.id) ?? '', amountFen: r.amountFen, dueDay: r.dueDay, contractId: r.contractId }));
}

/** The settlement's key of the i-th part a run passes on, until its child bill is made. */
const partKey = (i: number) => `part:${i}`;

/** What a run needs of the app: its database and the bills resource (the write-down is the bills' move `clear`). */
export type ClearingContext = EngineContext;

/** The job named in a daily run's events; a run ops start is theirs. */
export const CLEARING_JOB = 'settlement.dailyClearing';

/**
 * Writes down each bill's part (cleared in cycles + discharged by the settlement): the money row
 * and its state copy in one statement, then the bills' system move `clear` through the one door in
 * one statement (moves.ts moveMany): state by the bill-state rule (store.ts stateAfterMoney) on the
 * figures read here (the caller holds the records' locks, so they hold), paid-in-full time, and one
 * `clear` event each naming the run. A bill paid by a part of another bill passed on to its payee
 * (transfers.ts) is written down the same way, by the move `offset` naming the offer
 * (`run.transferId`): debts that cancel, no money moving.
 */
export async function writeDownBills(
  tx: Db,
  ctx: Pick<ClearingContext, 'resources'>,
  parts: { id: string; fen: bigint; state: string }[],
  run: ({ runId: string } | { transferId: string }) & { mover: Mover; now: Date },
): Promise<void> {
  if (!parts.length) return;
  const billsResource = ctx.resources.get('bills');
  if (!billsResource) throw new Error('clearing: no bills resource');
  const money = await queryRows<{ id: string; amount_fen: string; paid_fen: string; cleared_fen: string }>(
    tx,
    sql`select record_id as id, amount_fen::text, paid_fen::text, cleared_fen::text from bills
      where record_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(parts.map((p) => p.id))}::jsonb))`,
  );
  const moneyOf = new Map(money.map((r) => [r.id, { amountFen: BigInt(r.amount_fen), paidFen: BigInt(r.paid_fen), clearedFen: BigInt(r.cleared_fen) }]));
  const at = run.now.toISOString();
  const cause = 'runId' in run ? { runId: run.runId } : { transferId: run.transferId };
  const moves = parts.map((part) => {
    const before = moneyOf.get(part.id);
    if (!before) throw new Error(`clearing: bill ${part.id} has no money row`);
    const to = stateAfterMoney({ ...before, clearedFen: before.clearedFen + part.fen }, part.state);
    return { id: part.id, from: part.state, to, was: before.clearedFen, fen: part.fen, patch: to === 'paid' ? { paidAt: at } : {}, input: { ...cause, amount: fenToYuan(part.fen) } };
  });
  // The state copy goes with the figures (the record's trigger then finds it already there); the
  // figures must be those read above, and the table's check refuses more than the bill's open amount.
  const values = JSON.stringify(moves.map((m) => ({ id: m.id, fen: m.fen.toString(), was: m.was.toString(), state: m.to })));
  const written = await queryRows<{ id: string }>(
    tx,
    sql`update bills set cleared_fen = bills.cleared_fen + v.fen, state = v.state
      from jsonb_to_recordset(${values}::jsonb) as v(id uuid, fen bigint, was bigint, state text)
      where bills.record_id = v.id and bills.cleared_fen = v.was
      returning bills.record_id as id`,
  );
  if (written.length !== moves.length) throw new Error('clearing: a bill changed while it was written down');
  await moveMany(tx, billsResource, ctx.resources, { action: 'runId' in run ? 'clear' : 'offset', mover: run.mover, moves: moves.map(({ id, from, to, patch, input }) => ({ id, from, to, patch, input })), now: run.now });
}

/** Makes every participant's wallet (one statement), locks them in id order and answers their available balances. */
async function lockWallets(tx: Db, participants: readonly string[], now: Date): Promise<Map<string, bigint>> {
  if (!participants.length) return new Map();
  const ids = JSON.stringify(participants);
  await tx.execute(sql`
    insert into ledger_accounts (id, owner_account_id, code, no_negative, created_at)
    select a || ':wallet', a::uuid, 'wallet', true, ${now.toISOString()}::timestamptz from jsonb_array_elements_text(${ids}::jsonb) a
    on conflict (id) do nothing`);
  await lockLedgerAccounts(tx, participants.map(walletId));
  const rows = await queryRows<{ id: string; available: string }>(
    tx,
    sql`select owner_account_id::text as id, (credits_posted - debits_posted - debits_pending)::text as available
      from ledger_accounts where id in (select a || ':wallet' from jsonb_array_elements_text(${ids}::jsonb) a)`,
  );
  return new Map(rows.map((r) => [r.id, BigInt(r.available)]));
}

/** Each participant's figures in the run. */
function partyRows(runId: string, solution: ChainNettingSolution, plan: DischargePlan, available: ReadonlyMap<string, bigint>, now: Date) {
  const unsettled = new Map(plan.unsettled.map((u) => [u.participant, u]));
  const rows = new Map<string, typeof clearingRunParties.$inferInsert>();
  const row = (accountId: string) => {
    let r = rows.get(accountId);
    if (!r) {
      const u = unsettled.get(accountId);
      r = { runId, accountId, bills: 0, payableFen: 0n, receivableFen: 0n, clearedFen: 0n, chainedFen: 0n, netFen: 0n, settledFen: plan.settled.get(accountId) ?? 0n, unsettledFen: u?.amountFen ?? 0n, reason: u?.reason ?? null, availableFen: available.get(accountId) ?? null, createdAt: now };
      rows.set(accountId, r);
    }
    return r;
  };
  for (const b of solution.bills) {
    const payer = row(b.payer);
    const payee = row(b.payee);
    payer.bills! += 1;
    payee.bills! += 1;
    payer.payableFen = payer.payableFen! + b.openFen;
    payee.receivableFen = payee.receivableFen! + b.openFen;
    payer.clearedFen = payer.clearedFen! + b.clearedFen;
    payer.chainedFen = payer.chainedFen! + b.chainedFen;
  }
  for (const p of solution.positions) row(p.participant).netFen = p.afterFen;
  return [...rows.values()];
}

/** The run's party rows in one statement: one JSON parameter, not 13 parameters a row (1,000 rows took 0.3-0.7 s). */
async function insertParties(tx: Db, parties: (typeof clearingRunParties.$inferInsert)[]): Promise<void> {
  if (!parties.length) return;
  const fen = (v: bigint | null | undefined) => (v == null ? null : v.toString());
  const rows = JSON.stringify(
    parties.map((p) => ({ run_id: p.runId, account_id: p.accountId, bills: p.bills, payable_fen: fen(p.payableFen), receivable_fen: fen(p.receivableFen), cleared_fen: fen(p.clearedFen), chained_fen: fen(p.chainedFen), net_fen: fen(p.netFen), settled_fen: fen(p.settledFen), unsettled_fen: fen(p.unsettledFen), reason: p.reason ?? null, available_fen: fen(p.availableFen) })),
  );
  const at = (parties[0].createdAt as Date).toISOString();
  await tx.execute(sql`
    insert into clearing_run_parties (run_id, account_id, bills, payable_fen, receivable_fen, cleared_fen, chained_fen, net_fen, settled_fen, unsettled_fen, reason, available_fen, created_at)
    select run_id, account_id, bills, payable_fen, receivable_fen, cleared_fen, chained_fen, net_fen, settled_fen, unsettled_fen, reason, available_fen, ${at}::timestamptz
    from jsonb_to_recordset(${rows}::jsonb) as p(run_id uuid, account_id uuid, bills int, payable_fen bigint, receivable_fen bigint, cleared_fen bigint, chained_fen bigint, net_fen bigint, settled_fen bigint, unsettled_fen bigint, reason text, available_fen bigint)`);
}

/**
 * Runs a clearing: answers its figures, or null when it is a daily run whose day another node
 * already ran (or is running).
 */
export async function runClearing(ctx: ClearingContext, input: ClearingRunInput): Promise<ClearingRunResult | null> {
  const { db } = ctx;
  const started = performance.now();
  const runId = randomUUID();
  const { now } = input;
  return db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    await tx.execute(RUN_LOCK);
    const claimed = await tx
      .insert(clearingRuns)
      .values({ id: runId, trigger: input.trigger, runDay: input.day ?? null, state: 'running', startedBy: input.userId, input: [], solution: {}, startedAt: now })
      .onConflictDoNothing({ target: clearingRuns.runDay })
      .returning({ id: clearingRuns.id });
    if (!claimed.length) return null;

    const phases: Record<string, number> = {};
    let mark = performance.now();
    const phase = (name: string) => {
      const at = performance.now();
      phases[name] = Math.round(at - mark);
      mark = at;
    };
    const members = await participantsOf(tx);
    const open = await lockOpenBills(tx, members);
    phase('lockBills');
    const rules = passOnRules((ctx as Partial<Pick<AppContext, 'config'>>).config?.variants ?? []);
    const bills = await chainBillsOf(tx, open, now, rules);
    const consenting = await consentingOf(tx, members);
    const solution = await solveChainNetting(bills, { consenting, minPartFen: rules.minPartFen, inWorker: input.inWorker });
    phase('solve');
    const involved = solution.positions.map((p) => p.participant);
    const available = await lockWallets(tx, involved, now);
    phase('lockWallets');
    // The parts passed on are bills of the settlement like the rest (ids given once they are made).
    const partBills: ClearedBill[] = solution.parts.map((p, i) => ({ id: partKey(i), payer: p.payer, payee: p.receiver, openFen: p.fen, clearedFen: 0n, remainingFen: p.fen }));
    const plan = dischargePlan([...solution.bills, ...partBills], available);
    phase('plan');

    // An ops user's run is theirs in the bills' histories and the audit trail; the daily run is the job's.
    const [starter] = input.userId ? await tx.select({ accountId: users.accountId }).from(users).where(eq(users.id, input.userId)) : [];
    const mover: Mover = input.userId && starter ? { userId: input.userId, accountId: starter.accountId } : { job: CLEARING_JOB };
    const stateOf = new Map(open.map((b) => [b.id, b.state]));
    const { childIds, stateAfter } = await passOnAlongChains(tx, ctx.resources, solution.parts, { runId, mover, now, stateOf });
    phase('chains');
    const parts = [
      ...solution.bills.map((b) => {
        const settled = plan.discharged.get(b.id) ?? 0n;
        return { id: b.id, state: stateAfter.get(b.id) ?? stateOf.get(b.id) ?? '', fen: b.clearedFen + b.chainedFen + settled, cleared: b.clearedFen, chained: b.chainedFen, passed: b.passedFen, settled };
      }),
      ...childIds.map((id, i) => {
        const settled = plan.discharged.get(partKey(i)) ?? 0n;
        return { id, state: 'confirmed', fen: settled, cleared: 0n, chained: 0n, passed: 0n, settled };
      }),
    ];
    await writeDownBills(tx, ctx, parts.filter((p) => p.fen > 0n), { runId, mover, now });
    phase('writeDown');
    // One batch (two statements), not one transfer() each: the wallets are already locked in id order.
    const posted = await transferBatch(
      tx,
      plan.transfers.map((t, i) => ({ debit: walletId(t.from), credit: walletId(t.to), amount: t.amountFen, kind: SETTLEMENT_KIND, ref: { resource: 'clearingRuns', id: runId }, key: settlementKey(runId, i), batchId: runId, userId: input.userId, now })),
    );
    const transfers = plan.transfers.map((t, i) => ({ from: t.from, to: t.to, amountFen: t.amountFen.toString(), transferId: posted[i].id }));
    phase('transfers');
    await insertParties(tx, partyRows(runId, solution, plan, available, now));

    phase('parties');
    const amountUnsettledFen = plan.unsettled.filter((u) => u.reason === 'insufficientBalance').reduce((sum, u) => sum + u.amountFen, 0n);
    const solverMs = Math.round(solution.stats.totalMs);
    const totalMs = Math.round(performance.now() - started);
    // The run's figures: stored on its row and answered to whoever started it.
    const figures = {
      billsIn: bills.length,
      participants: involved.length,
      amountInFen: solution.totalOpenFen,
      amountClearedFen: solution.totalClearedFen,
      amountChainedFen: solution.totalChainedFen,
      amountPassedFen: solution.totalPassedFen,
      amountSettledFen: plan.totalSettledFen,
      amountDischargedFen: [...plan.discharged.values()].reduce((sum, fen) => sum + fen, 0n),
      amountUnsettledFen,
      solverMs,
      totalMs,
    };
    await tx
      .update(clearingRuns)
      .set({
        state: 'completed',
        ...figures,
        input: bills.map((b) => ({ ...b, openFen: b.openFen.toString(), passFen: b.passFen.toString() })),
        solution: {
          method: solution.stats.method,
          bills: parts
            .filter((p) => p.fen > 0n || p.passed > 0n)
            .map((p) => ({ id: p.id, clearedFen: p.cleared.toString(), chainedFen: p.chained.toString(), passedFen: p.passed.toString(), settledFen: p.settled.toString() })),
          // What the audit needs to solve the run again, and the splits made (each part's child bill).
          chains: {
            consenting,
            minPartFen: rules.minPartFen.toString(),
            parts: solution.parts.map((p, i) => ({ ...p, fen: p.fen.toString(), childBillId: childIds[i] })),
          },
          transfers,
          unsettled: plan.unsettled.map((u) => ({ ...u, netFen: u.netFen.toString(), amountFen: u.amountFen.toString(), availableFen: u.availableFen?.toString() })),
        },
        finishedAt: now,
      })
      .where(eq(clearingRuns.id, runId));
    phase('store');
    return {
      phases,
      runId,
      ...figures,
      transfers: transfers.length,
      input: bills,
      method: solution.stats.method,
    };
  });
}
