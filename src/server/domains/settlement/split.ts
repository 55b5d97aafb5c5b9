// The split of a bill (issue 31, DESIGN §10 "Circulating bills"): part of a bill becomes a child bill
// held by a new holder. One module, two callers: a receiver accepting a part passed on by hand
// (transfers.ts acceptTransfer) and a clearing run passing bills on along chains (clearing.ts).
// The caller has the bill's record locked and has checked that the part may be passed on.
//   1. the bill's money row: its amount reduced by the part; its record moved by the system move
//      `split` (its data's amount, its state: paid when nothing of it stays open);
//   2. the part: a child bill (same contract, payer and due day; parent and root linked; the
//      receiver its payee and holder), made through the door and confirmed (system move `receive`)
//      as its parent was.
import { eq, sql } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import type { Db } from '../../db/client';
import { bills } from '../../db/schema';
import type { Mover } from '../../resources/events';
import { move } from '../../resources/moves';
import type { ResourceRegistry } from '../../resources/registry';
import { stateAfterMoney, type BillRow } from './store';

/** Makes a bill record (validated, with its create event and parties) in the caller's transaction; answers its id. */
export type CreateBill = (data: Record<string, unknown>, owner: { accountId: string; parties: Record<string, string> }) => Promise<{ id: string }>;

export interface SplitInput {
  /** The bill's record as locked: id, state and data. */
  bill: { id: string; state: string | null; data: Record<string, unknown> };
  fen: bigint;
  receiver: string;
  receiverName: string;
  mover: Mover;
  /** What caused the split (an offer's transferId, or a run's runId and chain): both events carry it. */
  cause: Record<string, unknown>;
  now: Date;
}

/** Splits `fen` off the bill into a child held by the receiver; answers the child's id and the bill's row and state after. */
export async function splitBill(tx: Db, resources: ResourceRegistry, create: CreateBill, input: SplitInput): Promise<{ childId: string; after: BillRow; state: string }> {
  const billsResource = resources.get('bills');
  if (!billsResource) throw new Error('split: no bills resource');
  const { bill, fen, mover, now } = input;
  const [after] = await tx
    .update(bills)
    .set({ amountFen: sql`${bills.amountFen} - ${fen.toString()}::bigint` })
    .where(eq(bills.recordId, bill.id))
    .returning();
  const state = stateAfterMoney(after, bill.state);
  // The split's event says the part passed on (the history shows it as 转让金额).
  await move(tx, billsResource, resources, { mover, id: bill.id, action: 'split', to: state, payload: { ...input.cause, passAmount: fenToYuan(fen) }, now }, async (current) => ({
    to: state,
    data: { ...current.data, amount: fenToYuan(after.amountFen), ...(state === 'paid' ? { paidAt: now.toISOString() } : {}) },
  }));

  const d = bill.data;
  const child = await create(
    {
      contractId: String(d.contractId),
      contractTitle: String(d.contractTitle ?? ''),
      payerName: String(d.payerName ?? ''),
      payeeName: input.receiverName,
      origin: 'passedOn',
      amount: fenToYuan(fen),
      dueDay: String(d.dueDay),
      parentBillId: bill.id,
      rootBillId: after.rootBillId ?? bill.id,
      ...(typeof d.confirmedAt === 'string' ? { confirmedAt: d.confirmedAt } : {}),
    },
    { accountId: input.receiver, parties: { payer: after.payerAccountId, payee: input.receiver } },
  );
  await move(tx, billsResource, resources, { mover, id: child.id, action: 'receive', to: 'confirmed', payload: input.cause, now });
  return { childId: child.id, after, state };
}
