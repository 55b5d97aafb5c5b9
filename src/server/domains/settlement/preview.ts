// "What netting would do for me now" (issue 31 item 5): a clearing run's dry run on the open bills
// as they are now, nothing locked and nothing written:
//   GET /api/settlement/clearing-preview
// The same steps as a run (clearing.ts): every confirmed open bill between participants of the
// mutual service, cleared in cycles and passed on along chains through the participants that allow
// it (netting/chains.ts, clearingChains.ts), then each participant's remaining net position settled
// from its available balance where it covers it (netting/discharge.ts). A
// participant sees its side, by counterparty: what it owes and is owed, what clearing would cancel,
// what the settlement would pay or receive, and what would stay open and why. Ops see every
// participant's figures and the run's totals, before committing a run (POST clearing-runs).
// A run made later may differ: bills are paid, passed on and confirmed in between.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mayOperate } from '../../../shared/access';
import { fenToYuan } from '../../../shared/money';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { accounts, bills, resourceRecords } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { forbidden } from '../../errors';
import { walletId } from '../../ledger/accounts';
import { actorOf, currentUser } from '../../plugins/auth';
import { answers, obj, record, t, uuid } from '../../openapi/kit';
import { ok } from '../../plugins/envelope';
import { dischargePlan, type DischargePlan } from './netting/discharge';
import { passOnRules } from '../../../shared/passOn';
import { chainBillsOf, consentingOf, type RunBill } from './clearingChains';
import { solveChainNetting, type ChainNettingSolution, type ClearedBill } from './netting';
import { OPEN_STATES, openFenOf } from './store';
import type { ClearingPreview, PreviewParticipant } from '../../../shared/clearingPreview';

/** The open bills between active participants and their available balances, read without locks. */
async function currentNetwork(db: Db) {
  const open = await db
    .select({ id: bills.recordId, payer: bills.payerAccountId, payee: bills.payeeAccountId, amountFen: bills.amountFen, paidFen: bills.paidFen, clearedFen: bills.clearedFen, state: resourceRecords.state, dueDay: bills.dueDay, contractId: bills.contractId })
    .from(bills)
    .innerJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, bills.recordId)))
    .innerJoin(sql`accounts payer_account`, sql`payer_account.id = ${bills.payerAccountId} and payer_account.mutual_opened_at is not null and payer_account.status = 'active'`)
    .innerJoin(sql`accounts payee_account`, sql`payee_account.id = ${bills.payeeAccountId} and payee_account.mutual_opened_at is not null and payee_account.status = 'active'`)
    .where(and(inArray(resourceRecords.state, [...OPEN_STATES]), sql`${bills.amountFen} - ${bills.paidFen} - ${bills.clearedFen} > 0`))
    .orderBy(bills.recordId);
  const network: RunBill[] = open.map((b) => ({ id: b.id, payer: b.payer, payee: b.payee, openFen: openFenOf(b), state: b.state ?? '', dueDay: b.dueDay, contractId: b.contractId }));
  const ids = [...new Set(network.flatMap((b) => [b.payer, b.payee]))];
  const balances = ids.length
    ? await queryRows<{ id: string; available: string }>(
        db,
        sql`select owner_account_id::text as id, (credits_posted - debits_posted - debits_pending)::text as available
          from ledger_accounts where id in (${sql.join(ids.map((id) => sql`${walletId(id)}`), sql`, `)})`,
      )
    : [];
  const available = new Map(ids.map((id) => [id, 0n]));
  for (const b of balances) available.set(b.id, BigInt(b.available));
  return { network, available };
}

/** Each participant's figures, by counterparty, from a solution and its settlement plan. */
function participantsOf(solution: ChainNettingSolution, parts: readonly ClearedBill[], plan: DischargePlan, available: ReadonlyMap<string, bigint>, names: ReadonlyMap<string, string>, only?: string): PreviewParticipant[] {
  type Sums = { payable: bigint; receivable: bigint; cleared: bigint; settled: bigint; remaining: bigint };
  const zero = (): Sums => ({ payable: 0n, receivable: 0n, cleared: 0n, settled: 0n, remaining: 0n });
  const byParty = new Map<string, { total: Sums; with: Map<string, Sums> }>();
  const of = (who: string, other: string) => {
    let p = byParty.get(who);
    if (!p) byParty.set(who, (p = { total: zero(), with: new Map() }));
    let c = p.with.get(other);
    if (!c) p.with.set(other, (c = zero()));
    return [p.total, c];
  };
  // A part passed on is a bill of its payer to its new holder that nothing was open on before.
  const partBills = parts.map((p) => ({ ...p, openFen: 0n, chainedFen: 0n }));
  for (const b of [...solution.bills, ...partBills]) {
    const settled = plan.discharged.get(b.id) ?? 0n;
    const remaining = b.remainingFen - settled;
    for (const [who, other, side] of [[b.payer, b.payee, 'payable'], [b.payee, b.payer, 'receivable']] as const) {
      if (only && who !== only) continue;
      const [total, counterparty] = of(who, other);
      for (const s of [total, counterparty]) {
        s[side] += b.openFen;
        s.settled += settled;
        s.remaining += remaining;
      }
      // Clearing (in cycles and along chains) cancels as much of what a participant owes as of what
      // it is owed, but for the chains' first bills, which only change hands: its total counts its debts.
      counterparty.cleared += b.clearedFen + b.chainedFen;
      if (side === 'payable') total.cleared += b.clearedFen + b.chainedFen;
    }
  }
  const unsettled = new Map(plan.unsettled.map((u) => [u.participant, u]));
  const net = new Map(solution.positions.map((p) => [p.participant, p.afterFen]));
  return [...byParty.entries()]
    .map(([accountId, p]) => ({
      accountId,
      name: names.get(accountId) ?? '',
      payable: fenToYuan(p.total.payable),
      receivable: fenToYuan(p.total.receivable),
      cleared: fenToYuan(p.total.cleared),
      netPosition: fenToYuan(net.get(accountId) ?? 0n),
      settled: fenToYuan(plan.settled.get(accountId) ?? 0n),
      unsettled: fenToYuan(unsettled.get(accountId)?.amountFen ?? 0n),
      ...(unsettled.get(accountId) ? { unsettledReason: unsettled.get(accountId)!.reason } : {}),
      available: fenToYuan(available.get(accountId) ?? 0n),
      counterparties: [...p.with.entries()].map(([other, c]) => ({
        accountId: other,
        name: names.get(other) ?? '',
        payable: fenToYuan(c.payable),
        receivable: fenToYuan(c.receivable),
        cleared: fenToYuan(c.cleared),
        settled: fenToYuan(c.settled),
        remaining: fenToYuan(c.remaining),
      })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
}

/** The dry run: as a run now would clear and settle, for `only` (a participant) or every participant (ops). */
export async function previewClearing(db: Db, opts: { only?: string; inWorker?: boolean; now: Date; variants?: readonly string[] }): Promise<ClearingPreview> {
  const { network, available } = await currentNetwork(db);
  const rules = passOnRules(opts.variants ?? []);
  const members = [...available.keys()];
  const solution = await solveChainNetting(await chainBillsOf(db, network, opts.now, rules), { consenting: await consentingOf(db, members), minPartFen: rules.minPartFen, inWorker: opts.inWorker });
  const parts: ClearedBill[] = solution.parts.map((p, i) => ({ id: `part:${i}`, payer: p.payer, payee: p.receiver, openFen: p.fen, clearedFen: 0n, remainingFen: p.fen }));
  const plan = dischargePlan([...solution.bills, ...parts], available);
  const ids = [...available.keys()];
  const named = ids.length ? await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(inArray(accounts.id, ids)) : [];
  const names = new Map(named.map((a) => [a.id, a.name]));
  return {
    billsIn: network.length,
    participants: solution.positions.length,
    amountIn: fenToYuan(solution.totalOpenFen),
    amountCleared: fenToYuan(solution.totalClearedFen),
    amountChained: fenToYuan(solution.totalChainedFen),
    amountSettled: fenToYuan(plan.totalSettledFen),
    parties: participantsOf(solution, parts, plan, available, names, opts.only),
  };
}

const money = { type: 'string', format: 'money' };
const signed = { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: 'Yuan, two decimals; negative: it would pay' };
/** The preview as answered (shared/clearingPreview.ts ClearingPreview). */
const PREVIEW_SCHEMA = {
  tags: ['settlement'],
  summary: 'What a clearing run would do now (a dry run, nothing written): my side by counterparty, or every participant for ops',
  description:
    "Runs a clearing's steps on the open bills as they are now without writing anything: for a participant of the mutual service its own side by counterparty (owed, owing, cleared, settled, left open and why); for platform operations every participant and the run's totals.",
  response: answers(
    record({
      billsIn: { type: 'integer', minimum: 0 },
      participants: { type: 'integer', minimum: 0 },
      amountIn: money,
      amountCleared: money,
      amountChained: { ...money, description: 'What passing bills on along chains would write down' },
      amountSettled: money,
      parties: t.list(
        obj(
          {
            accountId: uuid,
            name: { type: 'string' },
            payable: money,
            receivable: money,
            cleared: money,
            netPosition: signed,
            settled: signed,
            unsettled: money,
            unsettledReason: { type: 'string', enum: ['insufficientBalance', 'counterpartyUnsettled'] },
            available: money,
            counterparties: t.list(record({ accountId: uuid, name: { type: 'string' }, payable: money, receivable: money, cleared: money, settled: money, remaining: money })),
          },
          ['accountId', 'name', 'payable', 'receivable', 'cleared', 'netPosition', 'settled', 'unsettled', 'available', 'counterparties'],
        ),
      ),
    }),
    'The preview',
  ),
};

export default async function previewRoutes(app: FastifyInstance, ctx: DomainContext) {
  app.get(
    '/settlement/clearing-preview',
    { schema: PREVIEW_SCHEMA, preValidation: app.requireAuth },
    async (req) => {
      const me = currentUser(req);
      const actor = actorOf(me);
      const options = { inWorker: ctx.config.production, now: ctx.clock.now(), variants: ctx.config.variants };
      if (mayOperate(actor)) return ok(req, await previewClearing(ctx.db, options));
      // A participant of the mutual service, reading settlement.
      if (!actor.services.includes('mutual') || !actor.ability.can('query', 'settlement')) throw forbidden('api:previewNotParticipant');
      return ok(req, await previewClearing(ctx.db, { ...options, only: me.accountId }));
    },
  );
}
