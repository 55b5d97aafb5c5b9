// Paying a payment request (DESIGN §9, /requestFunds/payFunds): the payer pays it whole or in
// part, wallet to wallet, in the action's transaction (SMS code and Idempotency-Key by the engine;
// the request's record is locked, so two payments at once are one after the other and never pay
// more than it asks). A request under a bill pays that bill down with settlement's payBill (ledger
// kind billPayment, ref bills/<id>: the bill's open amount stays what its transfers say) and the
// bill takes a `pay` step of its own (history, its payee's message, its todo closed). A request
// under a contract alone moves a requestPayment transfer, ref paymentRequests/<id>. Both are
// printed by the Solution receipt; the transfers of one request share the key segment
// `<kind>:<request id>.` (requestPayments reads them back).
import { randomUUID } from 'node:crypto';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import { receiptPathOf } from '../../../shared/receipts';
import type { ResourceDefinition } from '../../../shared/resources/types';
import type { Db } from '../../db/client';
import { ledgerTransfers, resourceEvents, resourceRecords } from '../../db/schema';
import { fieldError } from '../../errors';
import { ensureWallet } from '../../ledger/accounts';
import { transfer } from '../../ledger/transfers';
import { emitRecordEvent } from '../../resources/events';
import type { ActionHandler } from '../../resources/handlers';
import { paymentFen, payBill } from '../settlement/pay';
import { lockBillRecords, OPEN_STATES } from '../settlement/store';
import { fenOf, requestOpenFen } from './headroom';

export const REQUEST_PAYMENT_KIND = 'requestPayment';

/** The bills resource as loaded at start (the domain's job sets it): a bill's pay step is emitted with it. */
let billsDef: ResourceDefinition | undefined;
export const setBillsDefinition = (def: ResourceDefinition | undefined) => {
  billsDef = def;
};

/** Pays `fen` of the request's bill and writes the bill's step (state, figures, history, listeners). */
async function payRequestBill(tx: Db, billId: string, fen: bigint, step: { requestId: string; userId: string; accountId: string; now: Date }) {
  const [bill] = await lockBillRecords(tx, [billId]);
  if (!bill || !OPEN_STATES.includes(bill.state as (typeof OPEN_STATES)[number])) throw fieldError({ payAmount: 'api:requestBillNotOpen' });
  const paid = await payBill(tx, bill, fen, { kind: 'billPayment', paymentId: `${step.requestId}.${randomUUID()}`, userId: step.userId, now: step.now, field: 'payAmount' });
  const [after] = await tx
    .update(resourceRecords)
    .set({ state: paid.to, data: { ...bill.data, ...paid.patch }, version: sql`${resourceRecords.version} + 1`, updatedAt: step.now, updatedBy: step.userId })
    .where(and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, billId)))
    .returning();
  const input = { payAmount: fenToYuan(fen), requestId: step.requestId };
  await tx.insert(resourceEvents).values({ recordId: billId, action: 'pay', fromState: bill.state, toState: paid.to, input, by: step.userId, at: step.now });
  if (billsDef) await emitRecordEvent({ tx, def: billsDef, action: 'pay', before: bill, after, input, userId: step.userId, accountId: step.accountId, now: step.now });
}

/** The action `pay` (input payAmount): whole or in part, at most what the request still waits for. */
export const payRequest: ActionHandler = async ({ tx, resource, record, input, userId, accountId, now }) => {
  const fen = paymentFen(input.payAmount, 'payAmount');
  const open = requestOpenFen(record.data);
  if (fen > open) throw fieldError({ payAmount: { key: 'api:requestPayOverOpen', params: { open: fenToYuan(open) } } });
  const [row] = await tx.select({ parties: resourceRecords.parties }).from(resourceRecords).where(and(eq(resourceRecords.resource, resource), eq(resourceRecords.id, record.id)));
  const { payer, payee } = row?.parties ?? {};
  if (!payer || !payee) throw new Error(`payment request ${record.id} has no parties`);
  const billId = typeof record.data.billId === 'string' ? record.data.billId : undefined;
  if (billId) await payRequestBill(tx, billId, fen, { requestId: record.id, userId, accountId, now });
  else {
    await transfer(tx, {
      debit: await ensureWallet(tx, payer, now),
      credit: await ensureWallet(tx, payee, now),
      amount: fen,
      kind: REQUEST_PAYMENT_KIND,
      ref: { resource: 'paymentRequests', id: record.id },
      key: `${REQUEST_PAYMENT_KIND}:${record.id}.${randomUUID()}`,
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

/** The payments of a request, oldest first (under a bill they are the bill's transfers keyed with the request). */
export async function requestPayments(db: Db, requestId: string): Promise<RequestPayment[]> {
  const rows = await db
    .select()
    .from(ledgerTransfers)
    .where(or(like(ledgerTransfers.key, `billPayment:${requestId}.%`), like(ledgerTransfers.key, `${REQUEST_PAYMENT_KIND}:${requestId}.%`)));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((t) => ({ transferId: t.id, amount: fenToYuan(t.amount), time: t.createdAt.toISOString(), receipt: receiptPathOf(t.kind, t.id) }));
}
