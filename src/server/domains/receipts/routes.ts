// Receipts (DESIGN §5, §8; docs/decisions.md "Receipts"):
//   GET /api/receipts/:transferId?template=        the receipt of one transfer (its parties and ops; others 404),
//                                                  or with an event template (CollectionDelay) of one recorded step (events.ts),
//                                                  or Interconnectedsingle of a participant's clearing run record (settlement/runReceipt.ts)
//   GET /api/receipts?resource=&id=                the receipts of a record the caller may read (its page links them)
//   GET /api/public/receipts/:transferId?template= no sign-in: is the receipt genuine, with only what it prints
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEventReceipt, receiptPath, receiptTemplateOf, receiptVerifyPath, RUN_RECEIPT_TEMPLATE, type EventRecordReceipt, type PublicReceiptView, type ReceiptTemplate, type ReceiptView, type RecordReceipt } from '../../../shared/receipts';
import { fenToYuan } from '../../../shared/money';
import { HOME_PATH } from '../../../shared/menu';
import type { DomainContext } from '../../domain';
import { fieldError, notFound } from '../../errors';
import { currentUser, userCan, userRecordAbility } from '../../plugins/auth';
import { getRecord } from '../../resources/records';
import { ok } from '../../plugins/envelope';
import { eventReceiptFacts, eventReceiptView, mayReadEvent, recordEventReceipts } from './events';
import { isMutualRecord, mayRead, recordOf, receiptFacts, receiptView, recordPartiesOf, recordTransfers, templateFor } from './view';
import { receiptSchemas as S } from './schemas';
import { consolePath } from '../../resources/consolePaths';
import { runReceiptView } from '../settlement/runReceipt';

/** Kinds listed on a record's page: the steps themselves (a hold's outcome shows as its receipt's status). */
const LISTED_KINDS = new Set(['collateral', 'release', 'refund', 'objectionDeposit', 'objectionReturned', 'withdrawal', 'billPayment', 'billBatchPayment', 'billPaymentReversed']);

export default async function receiptRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, resources } = ctx;

  /** Where the verification page is: the main console's public origin, else the origin this request came to. */
  const verifyUrl = (req: FastifyRequest, template: ReceiptTemplate, transferId: string) => {
    const origin = ctx.origins.main ?? Object.values(ctx.origins)[0] ?? `${req.protocol}://${req.host}`;
    return `${origin}${receiptVerifyPath(template, transferId)}`;
  };

  /** Interconnectedsingle prints a participant's clearing run, not a transfer (settlement/runReceipt.ts). */
  const runReceipt = (req: FastifyRequest, id: string, viewer: { accountId: string; ops: boolean } | null) =>
    runReceiptView(db, id, viewer, req.t, viewer ? verifyUrl(req, RUN_RECEIPT_TEMPLATE, id) : '', consolePath({ resource: 'clearingRuns', id, viewer: viewer ?? {} }) ?? HOME_PATH);

  app.get<{ Params: { transferId: string }; Querystring: { template?: string } }>(
    '/receipts/:transferId',
    { schema: S.one, preValidation: app.requireAuth },
    async (req) => {
      const user = currentUser(req);
      // A recorded step's receipt (CollectionDelay): the id is the event's.
      if (isEventReceipt(req.query.template)) {
        const event = await eventReceiptFacts(db, req.query.template, req.params.transferId);
        if (!event || !mayReadEvent(user, event)) throw notFound('receipts:notFound');
        return ok(req, eventReceiptView(event, user, req.t, verifyUrl(req, req.query.template, event.event.id)));
      }
      if (req.query.template === RUN_RECEIPT_TEMPLATE) {
        const view = await runReceipt(req, req.params.transferId, { accountId: user.accountId, ops: userCan(user, 'ops', 'query') });
        if (!view) throw notFound('receipts:notFound');
        return ok(req, view);
      }
      const facts = await receiptFacts(db, req.params.transferId);
      if (!facts || !mayRead(user, facts)) throw notFound('receipts:notFound');
      const template = templateFor(facts, req.query.template);
      if (!template) throw notFound('receipts:notFound');
      return ok(req, receiptView(facts, template, user, req.t, verifyUrl(req, template, facts.transfer.id)));
    },
  );

  app.get<{ Querystring: { resource: string; id: string } }>('/receipts', { schema: S.ofRecord, preValidation: app.requireAuth }, async (req) => {
    const user = currentUser(req);
    const ops = userCan(user, 'ops', 'query');
    // Like every read of a record: an unknown resource is a bad request, a record the caller
    // may not read (someone else's contract) a 404, as for one that does not exist.
    const compiled = resources.get(req.query.resource);
    if (!compiled) throw fieldError({ resource: 'invalidValue' });
    if (ops) {
      if (!(await recordOf(db, req.query.resource, req.query.id))) throw notFound();
    } else await getRecord(db, compiled, userRecordAbility(user, compiled.def), req.query.id);
    const out: (RecordReceipt | EventRecordReceipt)[] = [];
    const transfers = (await recordTransfers(db, req.query.resource, req.query.id)).filter((t) => LISTED_KINDS.has(t.kind));
    // Every transfer of the record concerns the same parties and contract: read them once.
    const parties = transfers.length ? await recordPartiesOf(db, req.query.resource, req.query.id) : {};
    const mutual = transfers.length ? await isMutualRecord(db, await recordOf(db, req.query.resource, req.query.id)) : false;
    for (const transfer of transfers) {
      if (!mayRead(user, { transfer, parties })) continue;
      // A release has a copy per side: each party gets its own, ops both.
      const templates: ReceiptTemplate[] =
        transfer.kind === 'release'
          ? (['buyer', 'seller'] as const).filter((side) => ops || parties[side] === user.accountId).map((side) => receiptTemplateOf('release', side, mutual)!)
          : [templateFor({ transfer, mutual }, undefined)!];
      for (const template of templates) {
        out.push({ transferId: transfer.id, kind: transfer.kind, template, amount: fenToYuan(transfer.amount), time: transfer.createdAt.toISOString(), path: receiptPath(template, transfer.id) });
      }
    }
    // The receipts of its steps that moved no money (a bill's delays), in time order with the rest.
    out.push(...(await recordEventReceipts(db, user, req.query.resource, req.query.id)));
    out.sort((a, b) => a.time.localeCompare(b.time));
    return ok(req, out);
  });

  app.get<{ Params: { transferId: string }; Querystring: { template?: string } }>('/public/receipts/:transferId', { schema: S.verify, config: { rateLimit: { rule: 'verify' } } }, async (req) => {
    if (isEventReceipt(req.query.template)) {
      const event = await eventReceiptFacts(db, req.query.template, req.params.transferId);
      if (!event) throw notFound('receipts:notGenuine');
      const view = eventReceiptView(event, undefined, req.t, '');
      const data: PublicReceiptView = { genuine: true, template: view.template, number: view.number, amount: view.amount, capitals: view.capitals, payer: view.payer.name, payee: view.payee.name, time: view.time, delay: view.delay };
      return ok(req, data);
    }
    let view: ReceiptView | undefined;
    if (req.query.template === RUN_RECEIPT_TEMPLATE) view = await runReceipt(req, req.params.transferId, null);
    else {
      const facts = await receiptFacts(db, req.params.transferId);
      const template = facts && templateFor(facts, req.query.template);
      if (facts && template) view = receiptView(facts, template, undefined, req.t, '');
    }
    if (!view) throw notFound('receipts:notGenuine');
    const template = view.template;
    const data: PublicReceiptView = {
      genuine: true,
      template,
      kind: view.kind,
      number: view.number,
      amount: view.amount,
      capitals: view.capitals,
      payer: view.payer.name,
      payee: view.payee.name,
      time: view.time,
    };
    return ok(req, data);
  });
}
