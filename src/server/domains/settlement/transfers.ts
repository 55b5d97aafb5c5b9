// The receiver's answer to an offer to pass part of a bill on (schemas/resources/billTransfers.json;
// the offer is made by the bill's action passOn, passOn.ts), and the offers that lapse.
//
// Accepting, in the action's one transaction, with the offer's record locked (the engine's
// transition) and then the bill's and the named bill's records, in id order as a payment locks them:
//   1. the offer is checked again as the holder made it (passOn.ts checkPassable): the bill may
//      have been paid, passed on, fallen due or gone under objection since; a part no longer there
//      is a 409, and of two accepts of parts of one bill at once the second sees the first's split;
//   2-3. the bill is split and the part becomes a child bill held by the receiver (split.ts, the
//      same split a clearing run makes when it passes bills on along chains);
//   4. the named bill the holder owes the receiver is written down by the part, as a clearing run
//      writes down what cancels (clearing.ts writeDownBills, move `offset`): no money moves.
// Refusing, withdrawing or lapsing (48 hours, the job settlement.expireTransfers) creates nothing.
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resourceRecords } from '../../db/schema';
import { AppError, conflict } from '../../errors';
import type { EngineContext } from '../../resources/actions';
import type { ActionHandler } from '../../resources/handlers';
import { moveMany } from '../../resources/moves';
import { writeDownBills } from './clearing';
import { checkPassable, rulesOf } from './passOn';
import { splitBills } from './split';
import { lockBillRecords } from './store';

/** The job named in a lapsed offer's event. */
export const EXPIRE_TRANSFERS_JOB = 'settlement.expireTransfers';

/** A refusal of the offer as it was made (a 400 on the holder's field) is, to the receiver, an offer no longer good: 409 with the same message. */
function asNoLonger(err: unknown): never {
  if (err instanceof AppError && err.code === 400 && err.fields) throw conflict(Object.values(err.fields)[0]!);
  throw err;
}

export const acceptTransfer: ActionHandler = async ({ tx, record, userId, accountId, now, resources, variants }) => {
  const offer = record.data;
  if (String(offer.expiresAt ?? '') <= now.toISOString()) throw conflict('api:passOnExpired');
  const holder = record.parties?.holder ?? '';
  const billId = String(offer.billId);
  const settleId = typeof offer.settleBillId === 'string' ? offer.settleBillId : undefined;
  const locked = await lockBillRecords(tx, settleId ? [billId, settleId] : [billId]);
  const bill = locked.find((row) => row.id === billId);
  if (!bill) throw conflict('api:passOnNoLonger');
  const terms = await checkPassable(tx, bill, { passAmount: offer.amount, receiverId: accountId, settleBillId: settleId }, { holder, now, rules: rulesOf(variants) }).catch(asNoLonger);
  const mover = { userId, accountId };

  // 2-3. The split, the part held by the receiver (split.ts).
  const {
    childIds: [childId],
  } = await splitBills(tx, resources, [{ bill, fen: terms.fen, receiver: accountId, receiverName: String(offer.receiverName ?? ''), cause: { transferId: record.id } }], { mover, now });

  // 4. The named bill, paid by the part.
  if (terms.settle) {
    const settleState = locked.find((row) => row.id === settleId)?.state ?? 'confirmed';
    await writeDownBills(tx, { resources }, [{ id: terms.settle.recordId, fen: terms.fen, state: settleState }], { transferId: record.id, mover, now });
  }
  return { patch: { childBillId: childId, acceptedAt: now.toISOString() } };
};

export const refuseTransfer: ActionHandler = async ({ input }) => (typeof input.reason === 'string' && input.reason.trim() ? { patch: { refuseReason: input.reason.trim() } } : undefined);

/** Offers not answered by their expiresAt lapse (system move expire), in one statement; answers how many. */
export async function expireTransfers(ctx: EngineContext, now: Date): Promise<number> {
  const transfers = ctx.resources.get('billTransfers');
  if (!transfers) return 0;
  const due = and(eq(resourceRecords.resource, 'billTransfers'), eq(resourceRecords.state, 'offered'), lte(sql`${resourceRecords.data} ->> 'expiresAt'`, now.toISOString()));
  const [any] = await ctx.db.select({ id: resourceRecords.id }).from(resourceRecords).where(due).limit(1);
  if (!any) return 0;
  return ctx.db.transaction(async (raw) => {
    const tx = raw as unknown as Db;
    // In id order, waiting for an accept under way: it commits first, and the offer is no longer offered.
    const rows = await tx.select({ id: resourceRecords.id }).from(resourceRecords).where(due).orderBy(asc(resourceRecords.id)).for('update');
    if (!rows.length) return 0;
    await moveMany(tx, transfers, ctx.resources, { action: 'expire', mover: { job: EXPIRE_TRANSFERS_JOB }, moves: rows.map((r) => ({ id: r.id, from: 'offered', to: 'expired' })), now });
    return rows.length;
  });
}
