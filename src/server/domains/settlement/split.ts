// The split of a bill (issue 31, DESIGN §10 "Circulating bills"): part of a bill becomes a child bill
// held by a new holder. One module, two callers: a receiver accepting a part passed on by hand
// (transfers.ts acceptTransfer, one part) and a clearing run passing bills on along chains
// (clearingChains.ts, every part of the run at once). The caller has the bills' records locked and
// has checked that each part may be passed on. Set-based, whatever the number of parts:
//   1. the bills' records moved by the system move `split` (the data's amount), one set-based move
//      per round (a bill split k times in a run has k `split` events, the j-th round taking every
//      bill's j-th part), then their money rows: each amount reduced by its parts, one statement.
//      A bill whose last open fen is passed on ends passedOn (passedOnAt set): its amount is then
//      what was paid and cleared on it, 0 when nothing was (the table's check allows 0 in that
//      state alone), and the family's open amounts are all in its children;
//   2. the parts: child bills (same contract, payer and due day; parent and root linked; the
//      receiver their payee and holder), made through the door at once (createMany), each made
//      confirmed by the system move `receive` as its parent was (its events: create, receive).
import { sql } from 'drizzle-orm';
import { fenToYuan } from '../../../shared/money';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { computed } from '../../resources/compute';
import { isJob, type Mover } from '../../resources/events';
import { createMany, moveMany, type ManyMove } from '../../resources/moves';
import type { ResourceRegistry } from '../../resources/registry';
import { PASSED_ON, stateAfterSplit } from './store';

/** One part to split off a bill. */
export interface SplitPart {
  /** The bill's record as locked: id, state, data and the user that made it (a job's child is made for that user). */
  bill: { id: string; state: string | null; data: Record<string, unknown>; createdBy: string };
  fen: bigint;
  receiver: string;
  receiverName: string;
  /** What caused the split (an offer's transferId, or a run's runId and chain): the split's and the child's events carry it. */
  cause: Record<string, unknown>;
}

interface MoneyRow {
  id: string;
  payer: string;
  root: string | null;
  amountFen: bigint;
  paidFen: bigint;
  clearedFen: bigint;
}

async function moneyRows(tx: Db, ids: readonly string[]): Promise<Map<string, MoneyRow>> {
  const rows = await queryRows<{ id: string; payer: string; root: string | null; amount_fen: string; paid_fen: string; cleared_fen: string }>(
    tx,
    sql`select record_id as id, payer_account_id as payer, root_bill_id as root, amount_fen::text, paid_fen::text, cleared_fen::text
      from bills where record_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
  );
  return new Map(rows.map((r) => [r.id, { id: r.id, payer: r.payer, root: r.root, amountFen: BigInt(r.amount_fen), paidFen: BigInt(r.paid_fen), clearedFen: BigInt(r.cleared_fen) }]));
}

/**
 * Splits every part off its bill into a child held by its receiver. Answers each part's child id
 * (in the parts' order) and each split bill's state after all its parts.
 */
export async function splitBills(
  tx: Db,
  resources: ResourceRegistry,
  parts: readonly SplitPart[],
  run: { mover: Mover; now: Date },
): Promise<{ childIds: string[]; stateAfter: Map<string, string> }> {
  const billsResource = resources.get('bills');
  if (!billsResource) throw new Error('split: no bills resource');
  if (!parts.length) return { childIds: [], stateAfter: new Map() };
  const { mover, now } = run;
  const at = now.toISOString();
  const ids = [...new Set(parts.map((p) => p.bill.id))];
  const money = await moneyRows(tx, ids);

  // Each bill's rounds: its amount and state after each of its parts, in the parts' order.
  const rounds: ManyMove[][] = [];
  const splits = new Map<string, number>();
  const amountNow = new Map<string, bigint>();
  const stateAfter = new Map<string, string>();
  for (const part of parts) {
    const row = money.get(part.bill.id);
    if (!row) throw new Error(`split: bill ${part.bill.id} has no money row`);
    if (part.fen <= 0n) throw new Error(`split: a part of bill ${part.bill.id} is not positive`);
    const from = stateAfter.get(row.id) ?? part.bill.state;
    const amountFen = (amountNow.get(row.id) ?? row.amountFen) - part.fen;
    const to = stateAfterSplit({ amountFen, paidFen: row.paidFen, clearedFen: row.clearedFen }, from);
    const round = splits.get(row.id) ?? 0;
    (rounds[round] ??= []).push({ id: row.id, from, to, patch: { amount: fenToYuan(amountFen), ...(to === PASSED_ON ? { passedOnAt: at } : {}) }, input: { ...part.cause, passAmount: fenToYuan(part.fen) } });
    splits.set(row.id, round + 1);
    amountNow.set(row.id, amountFen);
    stateAfter.set(row.id, to);
  }

  // 1. The records round by round, then the money rows at once. In this order: a bill split in two
  // rounds whose second takes its last fen is confirmed after the first (the record's trigger copies
  // that state to its money row) and may not hold an amount of 0 until it is passedOn.
  for (const moves of rounds) await moveMany(tx, billsResource, resources, { action: 'split', mover, moves, now });
  const updates = JSON.stringify(ids.map((id) => ({ id, amount: amountNow.get(id)!.toString(), was: money.get(id)!.amountFen.toString(), state: stateAfter.get(id) })));
  const updated = await queryRows<{ id: string }>(
    tx,
    sql`update bills set amount_fen = v.amount, state = v.state
      from jsonb_to_recordset(${updates}::jsonb) as v(id uuid, amount bigint, was bigint, state text)
      where bills.record_id = v.id and bills.amount_fen = v.was
      returning bills.record_id as id`,
  );
  if (updated.length !== ids.length) throw new Error('split: a bill changed while its parts were split off');

  // 2. The children, made and confirmed at once.
  const children = await createMany(tx, billsResource, resources, {
    mover,
    now,
    then: { action: 'receive', to: 'confirmed' },
    items: parts.map((part) => {
      const d = part.bill.data;
      const row = money.get(part.bill.id)!;
      return {
        accountId: part.receiver,
        thenInput: part.cause,
        parties: { payer: row.payer, payee: part.receiver },
        ...(isJob(mover) ? { createdBy: part.bill.createdBy } : {}),
        data: computed(billsResource, {
          contractId: String(d.contractId),
          contractTitle: String(d.contractTitle ?? ''),
          payerName: String(d.payerName ?? ''),
          payeeName: part.receiverName,
          origin: 'passedOn',
          amount: fenToYuan(part.fen),
          dueDay: String(d.dueDay),
          parentBillId: part.bill.id,
          rootBillId: row.root ?? part.bill.id,
          ...(typeof d.confirmedAt === 'string' ? { confirmedAt: d.confirmedAt } : {}),
        }),
      };
    }),
  });
  return { childIds: children.map((c) => c.id), stateAfter };
}
