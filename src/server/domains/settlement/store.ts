// The money of bills (schemas/resources/bills.json): the `bills` table holds each bill's amount,
// what was paid and what mutual netting cleared, in integer fen; it alone holds the paid, cleared
// and open amounts every read of a bill shows (billTotals.ts BILL_FIGURES), the record's data none.
// A bill's figures change only while its record row is locked (an action's transition, or
// lockBillRecords), so two payments of one bill are serialised by that lock.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bills, resourceRecords } from '../../db/schema';

export type BillRow = typeof bills.$inferSelect;

/** The states in which a bill is owed: paid, netted and reminded. */
export const OPEN_STATES = ['confirmed', 'partiallyPaid', 'overdue'] as const;

export const openFenOf = (row: Pick<BillRow, 'amountFen' | 'paidFen' | 'clearedFen'>): bigint => row.amountFen - row.paidFen - row.clearedFen;

/** A new bill's money row: a root, or a part passed on from `parent` in the family of `root`. */
export interface NewBillMoney {
  recordId: string;
  contractId: string;
  payer: string;
  payee: string;
  amountFen: bigint;
  parent?: string;
  root?: string;
}

/** Inserts the money row of a new bill record (its create event, bills listener). */
export async function insertBillMoney(tx: Db, row: NewBillMoney): Promise<void> {
  await insertBillMoneyRows(tx, [row]);
}

/** Inserts the money rows of many new bill records in one statement (a set-based create's listener). */
export async function insertBillMoneyRows(tx: Db, rows: readonly NewBillMoney[]): Promise<void> {
  if (!rows.length) return;
  if (rows.length === 1) {
    const [row] = rows;
    await tx.insert(bills).values({ recordId: row.recordId, contractId: row.contractId, payerAccountId: row.payer, payeeAccountId: row.payee, amountFen: row.amountFen, issuedFen: row.amountFen, parentBillId: row.parent ?? null, rootBillId: row.root ?? null });
    return;
  }
  // One JSON parameter, not eight a row (PostgreSQL takes at most 65,535 parameters a statement).
  const values = JSON.stringify(rows.map((r) => ({ record_id: r.recordId, contract_id: r.contractId, payer: r.payer, payee: r.payee, fen: r.amountFen.toString(), parent: r.parent ?? null, root: r.root ?? null })));
  await tx.execute(sql`
    insert into bills (record_id, contract_id, payer_account_id, payee_account_id, amount_fen, issued_fen, parent_bill_id, root_bill_id)
    select record_id, contract_id, payer, payee, fen, fen, parent, root
    from jsonb_to_recordset(${values}::jsonb) as v(record_id uuid, contract_id uuid, payer uuid, payee uuid, fen bigint, parent uuid, root uuid)`);
}

export async function billMoney(tx: Db, recordId: string): Promise<BillRow> {
  const [row] = await tx.select().from(bills).where(eq(bills.recordId, recordId));
  if (!row) throw new Error(`bill ${recordId} has no money row`);
  return row;
}

/** Adds `deltaFen` (negative for a reversal) to the paid amount; the table's check refuses an overpayment. */
export async function addPaid(tx: Db, recordId: string, deltaFen: bigint): Promise<BillRow> {
  const [row] = await tx
    .update(bills)
    .set({ paidFen: sql`${bills.paidFen} + ${deltaFen.toString()}::bigint` })
    .where(eq(bills.recordId, recordId))
    .returning();
  return row;
}

/** Where a bill goes once its figures changed: paid when nothing is open, else the open state it keeps. */
export function stateAfterMoney(row: Pick<BillRow, 'amountFen' | 'paidFen' | 'clearedFen'>, current: string | null): string {
  if (openFenOf(row) === 0n) return 'paid';
  if (current === 'overdue') return 'overdue';
  return row.paidFen > 0n || row.clearedFen > 0n ? 'partiallyPaid' : 'confirmed';
}

/** The end state of a bill passed on whole: nothing of it open, the rest of the family holds it (its children). */
export const PASSED_ON = 'passedOn';

/** Where a bill goes once a part was split off: passedOn when nothing stays open, else the open state its figures say. */
export function stateAfterSplit(row: Pick<BillRow, 'amountFen' | 'paidFen' | 'clearedFen'>, current: string | null): string {
  return openFenOf(row) === 0n ? PASSED_ON : stateAfterMoney(row, current);
}

/**
 * A bill as mutual netting sees it (DESIGN §9): who owes whom how much, in fen. Only bills
 * in an open state with something open are netted.
 */
export interface NettableBill {
  id: string;
  payerAccountId: string;
  payeeAccountId: string;
  openFen: bigint;
  state: string;
}

/** Every open bill between the given accounts (all accounts when omitted), oldest due first. */
export async function nettableBills(db: Db, accountIds?: readonly string[]): Promise<NettableBill[]> {
  const rows = await db
    .select({ id: bills.recordId, payer: bills.payerAccountId, payee: bills.payeeAccountId, amountFen: bills.amountFen, paidFen: bills.paidFen, clearedFen: bills.clearedFen, state: resourceRecords.state })
    .from(bills)
    .innerJoin(resourceRecords, eq(resourceRecords.id, bills.recordId))
    .where(
      and(
        eq(resourceRecords.resource, 'bills'),
        inArray(resourceRecords.state, [...OPEN_STATES]),
        gt(sql`${bills.amountFen} - ${bills.paidFen} - ${bills.clearedFen}`, 0),
        ...(accountIds ? [inArray(bills.payerAccountId, [...accountIds]), inArray(bills.payeeAccountId, [...accountIds])] : []),
      ),
    )
    .orderBy(asc(sql`${resourceRecords.data} ->> 'dueDay'`), asc(bills.recordId));
  return rows.map((r) => ({ id: r.id, payerAccountId: r.payer, payeeAccountId: r.payee, openFen: openFenOf(r), state: r.state ?? '' }));
}

/** Locks bill records in id order (callers touching several bills take them all first, so two never cross). */
export async function lockBillRecords(tx: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(resourceRecords)
    .where(and(eq(resourceRecords.resource, 'bills'), inArray(resourceRecords.id, [...ids])))
    .orderBy(asc(resourceRecords.id))
    .for('update');
}

