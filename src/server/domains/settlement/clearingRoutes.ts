// Clearing runs over the API (DESIGN §9, xhn):
//   POST /api/settlement/clearing-runs            ops start a run now (runs are serialised)
//   GET  /api/settlement/clearing-runs/:id/audit  ops recompute a stored run (netting/audit.ts)
//   GET  /api/settlement/chain-consent            whether the caller's account allows chains
//   PUT  /api/settlement/chain-consent            its owner allows or withdraws them (clearingChains.ts)
// The runs themselves are listed and shown by the resource engine (schemas/resources/clearingRuns.json).
import type { FastifyInstance } from 'fastify';
import { idempotent } from '../../idempotency';
import { eq } from 'drizzle-orm';
import { mayOperate } from '../../../shared/access';
import { fenToYuan } from '../../../shared/money';
import { clearingRuns } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { forbidden, notFound } from '../../errors';
import { answers, record, t, uuid } from '../../openapi/kit';
import { actorOf, currentUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { auditChainNetting, auditNetting, type NettingAudit } from './netting';
import { runClearing } from './clearing';

const money = { type: 'string', format: 'money' };

type StoredBill = { id: string; payer: string; payee: string; openFen: string; passFen?: string; writable?: boolean };
type StoredSolution = {
  bills?: { id: string; clearedFen: string; chainedFen?: string; passedFen?: string }[];
  chains?: { consenting: string[]; minPartFen: string; parts: { billId: string; receiver: string; fen: string; childBillId: string }[] };
};

/** Recomputes a stored run: chain-aware when it kept its consents (clearing.ts), cycles only for a run made before chains. */
function auditRun(storedInput: unknown, storedSolution: unknown): Promise<NettingAudit> {
  const input = storedInput as StoredBill[];
  const solution = storedSolution as StoredSolution;
  const bills = solution.bills ?? [];
  if (!solution.chains) {
    const cleared = new Map(bills.filter((b) => b.clearedFen !== '0').map((b) => [b.id, BigInt(b.clearedFen)]));
    return auditNetting(input.map((b) => ({ id: b.id, payer: b.payer, payee: b.payee, openFen: BigInt(b.openFen) })), cleared);
  }
  const { consenting, minPartFen, parts } = solution.chains;
  // The parts passed on were settled like any bill: their rows are the run's, not its input's.
  const children = new Set(parts.map((p) => p.childBillId));
  return auditChainNetting(
    input.map((b) => ({ id: b.id, payer: b.payer, payee: b.payee, openFen: BigInt(b.openFen), passFen: BigInt(b.passFen ?? '0'), writable: b.writable ?? true })),
    {
      consenting,
      minPartFen: BigInt(minPartFen),
      bills: new Map(bills.filter((b) => !children.has(b.id)).map((b) => [b.id, { clearedFen: BigInt(b.clearedFen), chainedFen: BigInt(b.chainedFen ?? '0'), passedFen: BigInt(b.passedFen ?? '0') }])),
      parts: parts.map((p) => ({ billId: p.billId, receiver: p.receiver, fen: BigInt(p.fen) })),
    },
  );
}

export default async function clearingRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;
  const opsOnly = (req: Parameters<typeof currentUser>[0]) => {
    if (!mayOperate(actorOf(currentUser(req)))) throw forbidden();
  };

  // A run moves money (the net settlements): like every money step it needs an Idempotency-Key,
  // and a retried request answers the run it started instead of starting another.
  app.post(
    '/settlement/clearing-runs',
    {
      schema: {
        tags: ['settlement'],
        summary: 'Start a mutual-netting clearing run now (ops; Idempotency-Key required)',
        description: "Runs mutual netting now over every open confirmed bill (platform operations): clears what offsets, settles what the participants' wallets can pay, and answers the run's figures.",
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: answers(
          record({
            runId: uuid,
            billsIn: { type: 'integer', minimum: 0 },
            participants: { type: 'integer', minimum: 0 },
            amountIn: money,
            amountCleared: money,
            amountChained: { ...money, description: 'Written down along chains (bills passed on by the run)' },
            amountPassed: { ...money, description: 'Moved to parts passed on to the chains’ ends (still owed, to new holders)' },
            amountSettled: money,
            amountUnsettled: money,
            transfers: { type: 'integer', minimum: 0, description: 'Settlement transfers made' },
            solverMs: { type: 'integer', minimum: 0 },
            totalMs: { type: 'integer', minimum: 0 },
          }),
          'The run',
        ),
      },
      config: { idempotencyKey: 'required' }, preValidation: app.requireAuth },
    async (req, reply) => {
      opsOnly(req);
      return idempotent(req, reply, db, {}, async (tx) => {
        const run = await runClearing({ ...ctx, db: tx }, { trigger: 'ops', userId: currentUser(req).id, now: clock.now(), inWorker: true });
        if (!run) throw new Error('clearing: an ops run is never refused by the day rule');
        return {
          runId: run.runId,
          billsIn: run.billsIn,
          participants: run.participants,
          amountIn: fenToYuan(run.amountInFen),
          amountCleared: fenToYuan(run.amountClearedFen),
          amountChained: fenToYuan(run.amountChainedFen),
          amountPassed: fenToYuan(run.amountPassedFen),
          amountSettled: fenToYuan(run.amountSettledFen),
          amountUnsettled: fenToYuan(run.amountUnsettledFen),
          transfers: run.transfers,
          solverMs: run.solverMs,
          totalMs: run.totalMs,
        };
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/settlement/clearing-runs/:id/audit',
    {
      schema: {
        tags: ['settlement'],
        summary: 'Recompute a stored clearing run from its input (ops)',
        description: 'Solves a stored clearing run again from its recorded input and compares with what it cleared (platform operations). Answers whether they agree, each difference, and both totals.',
        params: { type: 'object', properties: { id: uuid }, required: ['id'] },
        response: answers(record({ ok: { type: 'boolean' }, problems: t.list({ type: 'string' }), storedCleared: money, recomputedCleared: money }), 'The audit'),
      },
      preValidation: app.requireAuth },
    async (req) => {
      opsOnly(req);
      const [run] = await db.select().from(clearingRuns).where(eq(clearingRuns.id, req.params.id));
      if (!run) throw notFound();
      const audit = await auditRun(run.input, run.solution);
      return ok(req, { ok: audit.ok, problems: audit.problems, storedCleared: fenToYuan(audit.storedTotalFen), recomputedCleared: fenToYuan(audit.recomputedTotalFen) });
    },
  );
}
