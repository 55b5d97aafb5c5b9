// An ops reversal of a bill payment (settlement's bills.reversePayment) that was made for a
// payment request gives the request its money back to wait for: its paid figure is recomputed
// from the ledger (the bill payments in the request's batch less those reversed), its state
// follows (paid -> partiallyPaid or confirmed), and its history says so. Recomputing, not
// subtracting, keeps it right however many reversals one step sees.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import { ledgerTransfers, resourceRecords } from '../../db/schema';
import type { RecordListener } from '../../resources/events';
import { move } from '../../resources/moves';
import { REVERSAL_KIND } from '../settlement/pay';
import { fenOf, RESOURCE } from './headroom';

/** Requests that may have been paid. */
const PAID_STATES = ['partiallyPaid', 'paid'];

export const reverseRequestPayments: RecordListener = async ({ tx, action, after, userId, accountId, now, resources }) => {
  const requestsResource = resources.get(RESOURCE);
  if (action !== 'reversePayment' || !requestsResource) return;
  const requests = await tx
    .select()
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, RESOURCE), sql`${resourceRecords.data} ->> 'billId' = ${after.id}`, inArray(resourceRecords.state, PAID_STATES)))
    .orderBy(resourceRecords.id)
    .for('update');
  for (const request of requests) {
    // The request's batch: its bill payments and their reversals (each keyed with the payment it reverses).
    const moved = await tx
      .select({ id: ledgerTransfers.id, kind: ledgerTransfers.kind, key: ledgerTransfers.key, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.batchId, request.id), inArray(ledgerTransfers.kind, ['billPayment', REVERSAL_KIND])));
    const payments = moved.filter((t) => t.kind === 'billPayment');
    if (!payments.length) continue;
    const reversed = new Set(moved.filter((t) => t.kind === REVERSAL_KIND).map((r) => r.key.slice(REVERSAL_KIND.length + 1)));
    const paid = payments.filter((p) => !reversed.has(p.id)).reduce((sum, p) => sum + p.amount, 0n);
    const was = fenOf(request.data.paidAmount);
    if (paid === was) continue;
    const amount = fenOf(request.data.amount);
    const to = paid === 0n ? 'confirmed' : paid < amount ? 'partiallyPaid' : 'paid';
    const data: Record<string, unknown> = { ...request.data, paidAmount: fenToYuan(paid), openAmount: fenToYuan(amount - paid) };
    if (to !== 'paid') delete data.paidAt;
    // The request's system move paymentReversed, by the ops user who reversed the bill's payment.
    await move(tx, requestsResource, resources, { mover: { userId, accountId }, id: request.id, action: 'paymentReversed', to, payload: { billId: after.id, reversedAmount: fenToYuan(was - paid) }, now }, async () => ({ to, data }));
  }
};
