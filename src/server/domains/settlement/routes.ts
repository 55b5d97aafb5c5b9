// Paying several bills at once (DESIGN §9, /contractUpdate/contractPayment):
//   POST /api/settlement/payments   {items: [{billId, amount}], smsCode} with an Idempotency-Key
// One transaction: the bills' records are locked in id order and every wallet the payment touches
// before any money moves; each bill then takes its action `pay` through the one action pipeline
// (resources/actions.ts: the same per-record ability, 404/403/409, handler and event as the
// action) with its own ledger transfer. One SMS code for the payment.
// A bad line (over its open amount, zero, three decimals, a bill of another account, a bill not
// yet confirmed) refuses the whole payment and writes nothing.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decide } from '../../../shared/access';
import { isMoney } from '../../../shared/formats';
import { fenToYuan } from '../../../shared/money';
import { receiptPath } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { ledgerTransfers } from '../../db/schema';
import type { DomainContext } from '../../domain';
import { AppError, fieldError, forbidden, notFound } from '../../errors';
import { idempotent } from '../../idempotency';
import { ensureWallet } from '../../ledger/accounts';
import { lockLedgerAccounts } from '../../ledger/transfers';
import { answers, obj, str, uuid } from '../../openapi/kit';
import { actorOf, currentUser, moverOf, userRecordAbility } from '../../plugins/auth';
import { performAction } from '../../resources/actions';
import { expireDue } from '../../resources/expiry';
import { asRead, toView } from '../../resources/records';
import { countingWrongTries } from '../../sms/codes';
import { confirmBodyProperties, confirmationOf } from '../../confirm';
import { isUuid } from '../../validate';
import { paymentFen } from './pay';
import { billMoney, lockBillRecords } from './store';

/** At most this many bills in one payment. */
export const MAX_BILLS_PER_PAYMENT = 50;

const itemSchema = obj({ billId: uuid, amount: str(24, { description: 'Yuan, at most two decimals, not over the open amount' }) }, ['billId', 'amount']);
const paymentSchema = {
  tags: ['settlement'],
  summary: 'Pay one or several of my confirmed bills, whole or in part, in one transaction (Idempotency-Key; confirmed with an SMS code, my payment password or an authenticator code)',
  description:
    'Pays confirmed bills of which the caller is the payer, each whole or in part, from its wallet in one transaction: every bill is paid or none. ' +
    'Confirmed by the SMS code, the payment password or the authenticator code the caller chose. Answers the payment, the bills as now read, one transfer per bill and the receipt.',
  body: {
    ...obj({ items: { type: 'array', minItems: 1, maxItems: MAX_BILLS_PER_PAYMENT, items: itemSchema }, ...confirmBodyProperties }, ['items']),
  },
  response: answers(
    obj(
      {
        paymentId: uuid,
        amount: { type: 'string', format: 'money', description: 'The total paid, yuan' },
        bills: { type: 'array', items: { $ref: '#/components/schemas/Bills' }, description: 'The bills paid, as GET /api/r/bills/{id} reads them (without history)' },
        transfers: { type: 'array', items: obj({ transferId: uuid, billId: uuid, amount: { type: 'string', format: 'money' } }, ['transferId', 'billId', 'amount']) },
        receipt: { type: 'string', description: 'The console path of the receipt (Solution for one bill, Solutions for several)' },
      },
      ['paymentId', 'amount', 'bills', 'transfers'],
    ),
    'Paid',
    { 404: 'A bill is not one the caller may read' },
  ),
};

interface PaymentBody {
  items: { billId: string; amount: string }[];
  smsCode?: string;
}

export default async function settlementRoutes(app: FastifyInstance, ctx: DomainContext) {
  const { db, clock } = ctx;

  app.post<{ Body: PaymentBody }>('/settlement/payments', { schema: paymentSchema, config: { idempotencyKey: 'required' }, preValidation: app.requireAuth }, async (req, reply) => {
    const bills = ctx.resources.get('bills');
    if (!bills) throw notFound();
    const me = currentUser(req);
    const decision = decide(actorOf(me), bills.def, 'pay');
    if (!decision.can) throw forbidden();
    const { items } = req.body;
    // Each line said wrong on its own field, before anything is read.
    const errors: Record<string, string> = {};
    items.forEach((item, i) => {
      if (!isUuid(item.billId)) errors[`items.${i}.billId`] = 'invalidValue';
      else if (items.findIndex((other) => other.billId === item.billId) !== i) errors[`items.${i}.billId`] = 'api:billTwice';
      if (!isMoney(item.amount)) errors[`items.${i}.amount`] = 'formats:format.money';
    });
    if (Object.keys(errors).length) throw fieldError(errors);
    const lines = items.map((item, i) => ({ id: item.billId, fen: paymentFen(item.amount, `items.${i}.amount`), field: `items.${i}.amount` })).sort((a, b) => (a.id < b.id ? -1 : 1));
    const now = clock.now();
    await expireDue(db, bills, ctx.resources, now);
    const ability = userRecordAbility(me, bills.def);
    const paymentId = randomUUID();
    return countingWrongTries(db, () =>
      idempotent(req, reply, db, {}, async (tx) => {
        // Records first, then wallets, both in id order: as a single bill's pay action takes them.
        await lockBillRecords(tx, lines.map((l) => l.id));
        const wallets = new Set<string>();
        for (const line of lines) {
          const money = await billMoney(tx, line.id).catch(() => undefined);
          if (!money) continue; // not a bill: the pipeline answers 404 below
          wallets.add(await ensureWallet(tx, money.payerAccountId, now));
          wallets.add(await ensureWallet(tx, money.payeeAccountId, now));
        }
        await lockLedgerAccounts(tx, [...wallets]);
        // The action `pay` on a selection: each bill through the one pipeline, the SMS code spent
        // once, after the first bill was found to be the caller's to pay.
        const paid = [];
        for (const [i, line] of lines.entries()) {
          const moved = await performAction(tx, ctx, {
            r: bills,
            action: 'pay',
            id: line.id,
            input: { payAmount: fenToYuan(line.fen), ...(i === 0 ? confirmationOf(req.body as unknown as Record<string, unknown>) : {}) },
            mover: moverOf(me),
            now,
            t: req.t,
            ability,
            user: me,
            ip: req.ip,
            confirmation: i === 0 ? 'code' : 'done',
            confirmAmount: fenToYuan(lines.reduce((sum, l) => sum + l.fen, 0n)),
            batch: { id: paymentId, size: lines.length },
          }).catch((err: unknown) => {
            // A line's amount is said on the line's field.
            if (err instanceof AppError && err.fields?.payAmount) throw fieldError({ [line.field]: err.fields.payAmount });
            throw err;
          });
          await moved.hear();
          // As a read answers it: with its figures from its money row.
          paid.push(await asRead(tx, bills, moved.row));
        }
        const transfers = await paymentTransfers(tx, paymentId);
        const total = lines.reduce((sum, l) => sum + l.fen, 0n);
        const template = lines.length > 1 ? 'Solutions' : 'Solution';
        return {
          paymentId,
          amount: fenToYuan(total),
          bills: paid.map(toView),
          transfers,
          receipt: transfers[0] ? receiptPath(template, transfers[0].transferId) : undefined,
        };
      }),
    );
  });
}

/** The transfers of a payment, one per bill, in bill id order (the batch's index). */
async function paymentTransfers(tx: Db, paymentId: string) {
  const rows = await tx
    .select({ transferId: ledgerTransfers.id, billId: ledgerTransfers.refId, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.batchId, paymentId))
    .orderBy(asc(ledgerTransfers.refId));
  return rows.map((r) => ({ transferId: r.transferId, billId: r.billId, amount: fenToYuan(r.amount) }));
}
