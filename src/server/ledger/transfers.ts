// Transfers (DESIGN §8): the only way a balance changes. Each function runs inside the caller's
// transaction (the business state change commits with it or not at all), locks the two ledger
// accounts in id order (so two transfers over the same accounts never deadlock), checks the
// debited account may pay, writes one immutable transfer row and moves the totals.
//   transfer()    posted at once (a confirmed deposit, a release)
//   hold()        pending: counted against the debited wallet until postHold() or voidHold()
//   postHold()    the hold's money moves (a withdrawal completed, collateral released)
//   voidHold()    the hold returns (a withdrawal failed, collateral refunded)
// A transfer's `key` is unique: one business step moves money once, whatever retries it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts, ledgerTransfers } from '../db/schema';
import { conflict } from '../errors';

export type TransferRow = typeof ledgerTransfers.$inferSelect;

export interface TransferSpec {
  debit: string;
  credit: string;
  /** Fen, > 0. */
  amount: bigint;
  kind: string;
  ref: { resource: string; id: string };
  /** Unique per business step, e.g. `deposit:<id>`. */
  key: string;
  userId: string | null;
  now: Date;
}

/** Locks the accounts in id order; refuses a debit a no-negative account cannot pay (409 insufficientBalance). */
async function lockAccounts(tx: Db, ids: string[], debit?: { id: string; amount: bigint }) {
  const sorted = [...new Set(ids)].sort();
  const rows = await tx.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, sorted)).orderBy(ledgerAccounts.id).for('update');
  if (rows.length !== sorted.length) throw new Error(`ledger: unknown account among ${sorted.join(', ')}`);
  if (debit) {
    const a = rows.find((r) => r.id === debit.id)!;
    if (a.noNegative && a.debitsPosted + a.debitsPending + debit.amount > a.creditsPosted) throw conflict('insufficientBalance');
  }
}

async function insertTransfer(tx: Db, row: typeof ledgerTransfers.$inferInsert): Promise<TransferRow> {
  const [made] = await tx.insert(ledgerTransfers).values(row).onConflictDoNothing({ target: ledgerTransfers.key }).returning();
  // The step already moved its money (a retried request whose business check let it through).
  if (!made) throw conflict('transferDone');
  return made;
}

const add = (column: keyof typeof ledgerAccounts.$inferSelect, amount: bigint) => ({ [column]: sql`${sql.identifier(snake(column))} + ${amount.toString()}::bigint` });
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function checkSpec(spec: TransferSpec) {
  if (spec.amount <= 0n) throw new Error(`ledger: amount must be positive (${spec.amount})`);
  if (spec.debit === spec.credit) throw new Error('ledger: debit and credit are the same account');
}

/** Moves `amount` from debit to credit now. */
export async function transfer(tx: Db, spec: TransferSpec): Promise<TransferRow> {
  checkSpec(spec);
  await lockAccounts(tx, [spec.debit, spec.credit], { id: spec.debit, amount: spec.amount });
  const row = await insertTransfer(tx, { ...rowOf(spec), status: 'posted' });
  await tx.update(ledgerAccounts).set(add('debitsPosted', spec.amount)).where(eq(ledgerAccounts.id, spec.debit));
  await tx.update(ledgerAccounts).set(add('creditsPosted', spec.amount)).where(eq(ledgerAccounts.id, spec.credit));
  return row;
}

/** Holds `amount` of the debit account for the credit account (two-phase, pending). */
export async function hold(tx: Db, spec: TransferSpec): Promise<TransferRow> {
  checkSpec(spec);
  await lockAccounts(tx, [spec.debit, spec.credit], { id: spec.debit, amount: spec.amount });
  const row = await insertTransfer(tx, { ...rowOf(spec), status: 'pending' });
  await tx.update(ledgerAccounts).set(add('debitsPending', spec.amount)).where(eq(ledgerAccounts.id, spec.debit));
  await tx.update(ledgerAccounts).set(add('creditsPending', spec.amount)).where(eq(ledgerAccounts.id, spec.credit));
  return row;
}

/** The open hold of a business step (by its key), locked; 409 when it was already posted or voided. */
async function openHold(tx: Db, key: string): Promise<TransferRow> {
  const [pending] = await tx.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.key, key), eq(ledgerTransfers.status, 'pending'))).for('update');
  if (!pending) throw new Error(`ledger: no hold ${key}`);
  const [resolved] = await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(eq(ledgerTransfers.pendingId, pending.id));
  if (resolved) throw conflict('transferDone');
  return pending;
}

async function resolveHold(tx: Db, holdKey: string, status: 'posted' | 'voided', step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>): Promise<TransferRow> {
  const pending = await openHold(tx, holdKey);
  await lockAccounts(tx, [pending.debitAccountId, pending.creditAccountId]);
  const row = await insertTransfer(tx, {
    debitAccountId: pending.debitAccountId,
    creditAccountId: pending.creditAccountId,
    amount: pending.amount,
    kind: step.kind,
    status,
    pendingId: pending.id,
    refResource: pending.refResource,
    refId: pending.refId,
    key: step.key,
    userId: step.userId,
    createdAt: step.now,
  });
  const { amount } = pending;
  const posted = status === 'posted' ? amount : 0n;
  await tx.update(ledgerAccounts).set({ ...add('debitsPending', -amount), ...add('debitsPosted', posted) }).where(eq(ledgerAccounts.id, pending.debitAccountId));
  await tx.update(ledgerAccounts).set({ ...add('creditsPending', -amount), ...add('creditsPosted', posted) }).where(eq(ledgerAccounts.id, pending.creditAccountId));
  return row;
}

/** The hold made under `holdKey` moves its money to its credit account. */
export const postHold = (tx: Db, holdKey: string, step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>) => resolveHold(tx, holdKey, 'posted', step);

/** The hold made under `holdKey` returns to its debit account. */
export const voidHold = (tx: Db, holdKey: string, step: Pick<TransferSpec, 'kind' | 'key' | 'userId' | 'now'>) => resolveHold(tx, holdKey, 'voided', step);

const rowOf = (spec: TransferSpec) => ({
  debitAccountId: spec.debit,
  creditAccountId: spec.credit,
  amount: spec.amount,
  kind: spec.kind,
  refResource: spec.ref.resource,
  refId: spec.ref.id,
  key: spec.key,
  userId: spec.userId,
  createdAt: spec.now,
});
