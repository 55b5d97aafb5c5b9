// Clearing runs over the API (DESIGN §9, xhn):
//   POST /api/settlement/clearing-runs            ops start a run now (runs are serialised)
//   GET  /api/settlement/clearing-runs/:id/audit  ops recompute a stored run (netting/audit.ts)
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
import { auditNetting } from './netting';
import { runClearing } from './clearing';

const money = { type: 'string', format: 'money' };

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
      const input = (run.input as { id: string; payer: string; payee: string; openFen: string }[]).map((b) => ({ ...b, openFen: BigInt(b.openFen) }));
      const solution = run.solution as { bills?: { id: string; clearedFen: string }[] };
      const cleared = new Map((solution.bills ?? []).filter((b) => b.clearedFen !== '0').map((b) => [b.id, BigInt(b.clearedFen)]));
      const audit = await auditNetting(input, cleared);
      return ok(req, { ok: audit.ok, problems: audit.problems, storedCleared: fenToYuan(audit.storedTotalFen), recomputedCleared: fenToYuan(audit.recomputedTotalFen) });
    },
  );
}
