// Paying a payment request (DESIGN §9, /requestFunds/payFunds): the payer pays it whole or in
// part, wallet to wallet, in the action's transaction (SMS code and Idempotency-Key by the engine;
// the request's record is locked, so two payments at once are one after the other and never pay
// more than it asks). A request under a bill has the bill take its own action `pay`, through the
// action pipeline (ledger kind billPayment, ref bills/<id>: the bill's open amount stays what its
// transfers say; its history, its payee's message, its todo closed). A request
// under a contract alone moves a requestPayment transfer, ref paymentRequests/<id>. Both are
// printed by the Solution receipt; the transfers of one request are in its batch (batch id = the
// request's id: requestPayments reads them back).
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import { receiptPathOf } from '../../../shared/receipts';
import type { Db } from '../../db/client';
import { ledgerTransfers, resourceRecords } from '../../db/schema';
import { fieldError } from '../../errors';
import { ensureWallet } from '../../ledger/accounts';
import { transfer } from '../../ledger/transfers';
import { translatorFor } from '../../i18n';
import { performAction } from '../../resources/actions';
import type { ActionContext, ActionHandler } from '../../resources/handlers';
import { paymentFen } from '../settlement/pay';
import { lockBillRecords, OPEN_STATES } from '../settlement/store';
import { fenOf, RESOURCE, requestOpenFen } from './headroom';

export const REQUEST_PAYMENT_KIND = 'requestPayment';

/**
 * Pays `fen` of the request's bill: the bill's own action `pay` through the action pipeline (its
 * handler pays the bill down, keyed with the request; its history, its payee's message and its
 * todo follow), caused by the request, confirmed by the request's own step.
 */
async function payRequestBill(ctx: ActionContext, billId: string, fen: bigint) {
  const bills = ctx.resources.get('bills');
  if (!bills) throw new Error('payment requests: no bills resource');
  const [bill] = await lockBillRecords(ctx.tx, [billId]);
  if (!bill || !OPEN_STATES.includes(bill.state as (typeof OPEN_STATES)[number])) throw fieldError({ payAmount: 'api:requestBillNotOpen' });
  const moved = await performAction(ctx.tx, { resources: ctx.resources }, {
    r: bills,
    action: 'pay',
    id: billId,
    input: { payAmount: fenToYuan(fen) },
    mover: { userId: ctx.userId, accountId: ctx.accountId },
    now: ctx.now,
    t: translatorFor('zh-CN'),
    confirmation: 'done',
    via: { resource: RESOURCE, id: ctx.record.id },
  });
  await moved.hear();
}

/** The action `pay` (input payAmount): whole or in part, at most what the request still waits for. */
export const payRequest: ActionHandler = async (ctx) => {
  const { tx, resource, record, input, userId, now } = ctx;
  const fen = paymentFen(input.payAmount, 'payAmount');
  const open = requestOpenFen(record.data);
  if (fen > open) throw fieldError({ payAmount: { key: 'api:requestPayOverOpen', params: { open: fenToYuan(open) } } });
  const [row] = await tx.select({ parties: resourceRecords.parties }).from(resourceRecords).where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, record.id)));
  const { payer, payee } = row?.parties ?? {};
  if (!payer || !payee) throw new Error(`payment request ${record.id} has no parties`);
  const billId = typeof record.data.billId === 'string' ? record.data.billId : undefined;
  if (billId) await payRequestBill(ctx, billId, fen);
  else {
    await transfer(tx, {
      debit: await ensureWallet(tx, payer, now),
      credit: await ensureWallet(tx, payee, now),
      amount: fen,
      kind: REQUEST_PAYMENT_KIND,
      ref: { resource: 'paymentRequests', id: record.id },
      key: `${REQUEST_PAYMENT_KIND}:${record.id}.${randomUUID()}`,
      batchId: record.id,
      userId,
      now,
    });
  }
  const paidFen = fenOf(record.data.paidAmount) + fen;
  const left = open - fen;
  return {
    to: left === 0n ? 'paid' : 'partiallyPaid',
    patch: { paidAmount: fenToYuan(paidFen), openAmount: fenToYuan(left), ...(left === 0n ? { paidAt: now.toISOString() } : {}) },
  };
};

/** One payment of a request, as its page lists it. */
export interface RequestPayment {
  transferId: string;
  amount: string;
  time: string;
  receipt?: string;
}

/** The payments of a request, oldest first: the transfers of its batch that pay (under a bill, the bill's payments made for it; reversals are not payments). */
export async function requestPayments(db: Db, requestId: string): Promise<RequestPayment[]> {
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.batchId, requestId), inArray(ledgerTransfers.kind, ['billPayment', REQUEST_PAYMENT_KIND])));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((t) => ({ transferId: t.id, amount: fenToYuan(t.amount), time: t.createdAt.toISOString(), receipt: receiptPathOf(t.kind, t.id) }));
}
