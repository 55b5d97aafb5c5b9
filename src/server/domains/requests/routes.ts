// Payment requests' own endpoints (the record and its steps are the engine's /api/r/paymentRequests):
//   GET /api/paymentRequests/headroom?contractId=|billId=   what a new request may still ask for (the form shows it)
//   GET /api/paymentRequests/:id/payments                    a request's payments and their receipts (its page lists them)
import type { FastifyInstance } from 'fastify';
import { fenToYuan } from '../../../shared/money';
import type { DomainContext } from '../../domain';
import { forbidden, notFound } from '../../errors';
import { answers, idParams, obj, record, t, uuid } from '../../openapi/kit';
import { currentUser, userCan, userRecordAbility } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { getRecord } from '../../resources/records';
import { RESOURCE, requestTarget } from './headroom';
import { requestPayments } from './pay';

const tags = ['paymentRequests'];

export default async function requestRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db } = ctx;
  const compiled = () => {
    const r = ctx.resources.get(RESOURCE);
    if (!r) throw notFound();
    return r;
  };

  app.get<{ Querystring: { contractId?: string; billId?: string } }>(
    '/paymentRequests/headroom',
    {
      schema: {
        tags,
        summary: 'What a new payment request of mine may still ask for under a contract or a bill',
        description: 'Answers how much a new payment request may still ask for under a contract (or a bill) of which the caller is the payee, and the contract title.',
        querystring: obj({ contractId: uuid, billId: uuid }),
        response: answers(record({ available: { type: 'string', format: 'money' }, contractTitle: { type: 'string' } }), 'The headroom', { 404: 'No such contract or bill of the caller' }),
      }, preValidation: app.requireAuth },
    async (req) => {
      const me = currentUser(req);
      if (!userCan(me, compiled().def.permissionId, 'add')) throw forbidden();
      const target = await requestTarget(db, req.query, me.accountId, { lock: false });
      return ok(req, { available: fenToYuan(target.headroomFen), contractTitle: String(target.contract.data.title ?? '') });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/paymentRequests/:id/payments',
    {
      schema: {
        tags,
        summary: "A payment request's payments, oldest first, each with its receipt",
        description: 'Answers the payments made to a payment request the caller may read, oldest first, each with its amount, time and receipt path.',
        params: idParams,
        response: answers(t.list(record({ transferId: t.id, amount: { type: 'string', format: 'money' }, time: t.dateTime, receipt: { type: 'string', description: 'The console path of its receipt' } })), 'The payments'),
      }, preValidation: app.requireAuth },
    async (req) => {
      const me = currentUser(req);
      const r = compiled();
      // The request must be one the caller reads (404 otherwise, like the record).
      await getRecord(db, r, userRecordAbility(me, r.def), req.params.id);
      return ok(req, await requestPayments(db, req.params.id));
    },
  );
}
