// Passing part of a bill on (issue 31, DESIGN §10 "Circulating bills"): the holder of a
// confirmed, not yet due bill (its payee: whoever it was issued or passed to) offers a part of its
// open amount, up to all of it, to one of its own creditors (an account it owes an open bill to),
// with its SMS code: the bill's action `passOn`, whose handler makes the offer
// (schemas/resources/billTransfers.json, state offered). Optionally the holder names the bill it
// owes the receiver that the part is to pay.
// The receiver's answer, the split and the expiry are transfers.ts's.
//
// What is checked here is checked again when the receiver accepts (checkPassable): the bill may
// have been paid, passed on or fallen due in between, and a contract may have gone into objection.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { chinaDay } from '../../../shared/chinaTime';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import { PASS_ON_OFFER_MS, passOnRules, type PassOnRules } from '../../../shared/passOn';
import type { Db } from '../../db/client';
import { bills, resourceRecords } from '../../db/schema';
import { conflict, fieldError, forbidden } from '../../errors';
import type { ActionHandler } from '../../resources/handlers';
import { isUuid } from '../../validate';
import { namesOf } from './issue';
import { refuseUnderObjection } from './objection';
import { billMoney, OPEN_STATES, openFenOf, type BillRow } from './store';

/** The states a bill may be passed on from: confirmed and owed, not yet due (overdue is past its due day). */
export const PASSABLE_STATES = ['confirmed', 'partiallyPaid'] as const;

/**
 * The part passed on, in fen: positive, at least the minimum part, within the open amount, leaving
 * none or at least the minimum open. All of the open amount is a part like any other: the bill then
 * ends passedOn on acceptance (split.ts).
 */
export function partFen(amount: unknown, open: bigint, rules: PassOnRules): bigint {
  const fen = typeof amount === 'string' ? yuanToFen(amount) : 0n;
  if (fen <= 0n) throw fieldError({ passAmount: 'api:amountPositive' });
  if (fen > open) throw fieldError({ passAmount: { key: 'api:billOverOpen', params: { open: fenToYuan(open) } } });
  if (fen < rules.minPartFen) throw fieldError({ passAmount: { key: 'api:passOnBelowMin', params: { min: fenToYuan(rules.minPartFen) } } });
  const left = open - fen;
  if (left > 0n && left < rules.minPartFen) throw fieldError({ passAmount: { key: 'api:passOnLeavesTooLittle', params: { min: fenToYuan(rules.minPartFen) } } });
  return fen;
}

/** The bill the part is to pay: owed by the holder to the receiver, open, and at least the part. */
async function billToSettle(tx: Db, id: unknown, holder: string, receiver: string | undefined, fen: bigint): Promise<BillRow> {
  if (typeof id !== 'string' || !isUuid(id)) throw fieldError({ settleBillId: 'invalidValue' });
  const [row] = await tx
    .select({ money: bills, state: resourceRecords.state })
    .from(bills)
    .innerJoin(resourceRecords, and(eq(resourceRecords.resource, 'bills'), eq(resourceRecords.id, bills.recordId)))
    .where(eq(bills.recordId, id));
  // Not a bill the holder owes the receiver (or anyone): the same answer, naming no one else's bill.
  if (!row || row.money.payerAccountId !== holder || (receiver && row.money.payeeAccountId !== receiver)) throw fieldError({ settleBillId: 'api:passOnBillNotOwed' });
  if (!(OPEN_STATES as readonly string[]).includes(row.state ?? '') || openFenOf(row.money) <= 0n) throw fieldError({ settleBillId: 'api:passOnBillNotOpen' });
  if (fen > openFenOf(row.money)) throw fieldError({ passAmount: { key: 'api:passOnOverSettled', params: { open: fenToYuan(openFenOf(row.money)) } } });
  await refuseUnderObjection(tx, row.money);
  return row.money;
}

/** Whether `holder` owes `receiver` an open bill: passing on is paying one's own creditor. */
async function isCreditor(tx: Db, holder: string, receiver: string): Promise<boolean> {
  const [owed] = await tx
    .select({ id: bills.recordId })
    .from(bills)
    .where(and(eq(bills.payerAccountId, holder), eq(bills.payeeAccountId, receiver), inArray(bills.state, [...OPEN_STATES]), gt(sql`${bills.amountFen} - ${bills.paidFen} - ${bills.clearedFen}`, 0)))
    .limit(1);
  return !!owed;
}

export interface PassOnTerms {
  fen: bigint;
  receiver: string;
  settle?: BillRow;
}

/**
 * What passing `input.passAmount` of the bill on asks, checked against the bill as it is now (its
 * record locked by the caller): a 403 where the variants switch passing on off, a 409 when the bill
 * is not passable now (due, under objection), a 400 on the field that is wrong.
 */
export async function checkPassable(
  tx: Db,
  bill: { id: string; state: string | null; data: Record<string, unknown> },
  input: { passAmount?: unknown; receiverId?: unknown; settleBillId?: unknown },
  ctx: { holder: string; now: Date; rules: PassOnRules },
): Promise<PassOnTerms> {
  if (!ctx.rules.allowed) throw forbidden('api:passOnOff');
  if (!(PASSABLE_STATES as readonly string[]).includes(bill.state ?? '')) throw conflict('actionNotAllowed');
  // Not yet due: on its due day the payer pays the holder; a part passed on then could not be.
  if (String(bill.data.dueDay ?? '') <= chinaDay(ctx.now)) throw conflict('api:passOnPastDue');
  const money = await billMoney(tx, bill.id);
  if (money.payeeAccountId !== ctx.holder) throw forbidden();
  await refuseUnderObjection(tx, money);
  const fen = partFen(input.passAmount, openFenOf(money), ctx.rules);
  const named = input.receiverId === undefined || input.receiverId === '' ? undefined : input.receiverId;
  if (named !== undefined && (typeof named !== 'string' || !isUuid(named))) throw fieldError({ receiverId: 'invalidValue' });
  const settling = input.settleBillId === undefined || input.settleBillId === '' ? undefined : input.settleBillId;
  if (!named && !settling) throw fieldError({ receiverId: 'api:passOnReceiverMissing' });
  const settle = settling ? await billToSettle(tx, settling, ctx.holder, named as string | undefined, fen) : undefined;
  const receiver = (named as string | undefined) ?? settle!.payeeAccountId;
  if (receiver === ctx.holder) throw fieldError({ receiverId: 'api:passOnSelf' });
  // Its own debt back to the payer would be a claim on itself: that is a payment, not a pass-on.
  if (receiver === money.payerAccountId) throw fieldError({ receiverId: 'api:passOnToPayer' });
  if (!settle && !(await isCreditor(tx, ctx.holder, receiver))) throw fieldError({ receiverId: 'api:passOnNotCreditor' });
  return { fen, receiver, settle };
}

/** The rules of the variants the deployment serves (ActionContext.variants). */
export const rulesOf = (variants: readonly string[] | undefined): PassOnRules => passOnRules(variants ?? []);

/**
 * The bill's action `passOn` (input passAmount, receiverId and/or settleBillId): the offer to the
 * receiver, in state offered, owned by the holder, with what the receiver needs to decide. The
 * bill keeps its state and figures until the offer is accepted.
 */
export const passOnBill: ActionHandler = async ({ tx, record, input, accountId, now, create, variants }) => {
  const terms = await checkPassable(tx, record, input, { holder: accountId, now, rules: rulesOf(variants) });
  const names = await namesOf(tx, [accountId, terms.receiver]);
  if (!names.has(terms.receiver)) throw fieldError({ receiverId: 'api:passOnNotCreditor' });
  await create(
    'billTransfers',
    {
      billId: record.id,
      amount: fenToYuan(terms.fen),
      ...(terms.settle ? { settleBillId: terms.settle.recordId } : {}),
      contractTitle: String(record.data.contractTitle ?? ''),
      payerName: String(record.data.payerName ?? ''),
      holderName: names.get(accountId) ?? '',
      receiverName: names.get(terms.receiver) ?? '',
      dueDay: String(record.data.dueDay ?? ''),
      expiresAt: new Date(now.getTime() + PASS_ON_OFFER_MS).toISOString(),
    },
    { accountId, parties: { holder: accountId, receiver: terms.receiver } },
  );
  // The bill stays where it is (its passOn event keeps the input); the offer names the bill.
  return { to: record.state ?? 'confirmed' };
};
