// Paying bills (DESIGN §9): the payer pays an owed bill whole or in part, wallet to wallet, one
// ledger transfer per bill (ref bills/<id>): kind billPayment when a payment pays one bill
// (receipt Solution), billBatchPayment when it pays several at once (receipt Solutions, which
// prints the whole payment: its transfers share the payment's id as their batch id).
// Ops may reverse a bill's latest payment with a reason: the payee's wallet pays it back
// (billPaymentReversed, receipt Solutionsback, in the reversed payment's batch), once per payment.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import type { Db } from '../../db/client';
import { ledgerTransfers } from '../../db/schema';
import { fieldError } from '../../errors';
import { ensureWallet } from '../../ledger/accounts';
import { transfer, type TransferRow } from '../../ledger/transfers';
import type { ActionHandler } from '../../resources/handlers';
import { refuseUnderObjection } from './objection';
import { addPaid, billMoney, openFenOf, stateAfterMoney } from './store';

export const PAYMENT_KINDS = ['billPayment', 'billBatchPayment'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const REVERSAL_KIND = 'billPaymentReversed';

/** The ledger key of one bill's part of a payment (unique: the payment moves each bill's money once). */
const paymentKey = (paymentId: string, billId: string) => `billPayment:${paymentId}:${billId}`;

/** `amount` (yuan string) in fen, positive, or a 400 on `field`. */
export function paymentFen(amount: unknown, field: string): bigint {
  const fen = typeof amount === 'string' ? yuanToFen(amount) : 0n;
  if (fen <= 0n) throw fieldError({ [field]: 'api:amountPositive' });
  return fen;
}

export interface PaidBill {
  patch: Record<string, unknown>;
  to: string;
  transfer: TransferRow;
}

/**
 * Pays `amountFen` of a bill whose record the caller holds locked in an owed state: a 400 on
 * `field` past its open amount, a 409 when the payer's wallet cannot cover it or the payer has an
 * objection open on the bill's contract (objection.ts).
 */
export async function payBill(
  tx: Db,
  record: { id: string; state: string | null; data: Record<string, unknown> },
  amountFen: bigint,
  step: { kind: PaymentKind; paymentId: string; batchId: string; userId: string; now: Date; field: string },
): Promise<PaidBill> {
  const money = await billMoney(tx, record.id);
  await refuseUnderObjection(tx, money);
  const open = openFenOf(money);
  if (amountFen > open) throw fieldError({ [step.field]: { key: 'api:billOverOpen', params: { open: fenToYuan(open) } } });
  const payee = await ensureWallet(tx, money.payeeAccountId, step.now);
  const payer = await ensureWallet(tx, money.payerAccountId, step.now);
  const moved = await transfer(tx, {
    debit: payer,
    credit: payee,
    amount: amountFen,
    kind: step.kind,
    ref: { resource: 'bills', id: record.id },
    key: paymentKey(step.paymentId, record.id),
    batchId: step.batchId,
    userId: step.userId,
    now: step.now,
  });
  const after = await addPaid(tx, record.id, amountFen);
  const to = stateAfterMoney(after, record.state);
  return { to, transfer: moved, patch: to === 'paid' ? { paidAt: step.now.toISOString() } : {} };
}

/**
 * The action `pay` (input payAmount): one bill, whole or in part. Paid with others at once (a
 * selection), its transfer is in the payment's batch (billBatchPayment); paid for a payment
 * request, in the request's (requests/pay.ts reads the request's payments by it); paid alone, in
 * a batch of its own.
 */
export const payOne: ActionHandler = async ({ tx, record, input, userId, now, via, batch }) => {
  const kind = batch && batch.size > 1 ? 'billBatchPayment' : 'billPayment';
  const paymentId = batch?.id ?? (via ? `${via.id}.${randomUUID()}` : randomUUID());
  const batchId = batch?.id ?? via?.id ?? paymentId;
  const paid = await payBill(tx, record, paymentFen(input.payAmount, 'payAmount'), { kind, paymentId, batchId, userId, now, field: 'payAmount' });
  return { patch: paid.patch, to: paid.to };
};

/** The action `reversePayment` (ops): the bill's latest payment not yet reversed goes back to the payer. */
export const reversePayment: ActionHandler = async ({ tx, record, userId, now }) => {
  const payments = await tx
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.refResource, 'bills'), eq(ledgerTransfers.refId, record.id), inArray(ledgerTransfers.kind, [...PAYMENT_KINDS, REVERSAL_KIND])))
    .orderBy(desc(ledgerTransfers.createdAt));
  const reversed = new Set(payments.filter((t) => t.kind === REVERSAL_KIND).map((t) => t.key.slice(`${REVERSAL_KIND}:`.length)));
  const payment = payments.find((t) => t.kind !== REVERSAL_KIND && !reversed.has(t.id));
  if (!payment) throw fieldError({ reason: 'api:billNothingToReverse' });
  await transfer(tx, {
    debit: payment.creditAccountId,
    credit: payment.debitAccountId,
    amount: payment.amount,
    kind: REVERSAL_KIND,
    ref: { resource: 'bills', id: record.id },
    key: `${REVERSAL_KIND}:${payment.id}`,
    batchId: payment.batchId,
    userId,
    now,
  });
  const after = await addPaid(tx, record.id, -payment.amount);
  // Owed again: overdue when its due day has passed (expiry would move it there at once).
  const due = String(record.data.dueDay ?? '') < chinaDay(now);
  const to = due ? 'overdue' : stateAfterMoney(after, 'confirmed');
  // A bill no longer paid in full has no paid-in-full time, nor one passed on in full (its rest was
  // passed on after this payment, which is owed again): an undefined field is not stored (JSON).
  return { patch: { paidAt: undefined, passedOnAt: undefined }, to };
};
