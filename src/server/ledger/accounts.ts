// Ledger accounts (DESIGN §8): each business account has one wallet, made on its first money
// movement; the platform's accounts exist from the migration (drizzle/0010_ledger.sql), except
// escrow, which is one account per contract (`platform:escrow:<contract id>`), made when its
// collateral is paid: one shared escrow row locked by every payment made all payments queue
// (docs/decisions.md "Collateral without a hot row").
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { slot, statement } from '../db/statements';
import { ledgerAccounts } from '../db/schema';
import { queryRows } from '../db/rows';

/** The platform's accounts, by code. */
export const PLATFORM = {
  /** The bank account money enters and leaves by (debit-normal: it may go below zero). */
  bankClearing: 'platform:bankClearing',
  /**
   * Collateral held before migration 0017 moved it to each contract's own escrow account
   * (escrowId); kept for its posted history, it receives nothing new.
   */
  escrow: 'platform:escrow',
  /** Objection deposits, held until the objection is resolved. */
  objectionDeposits: 'platform:objectionDeposits',
  /** Forfeited objection deposits. */
  fees: 'platform:fees',
} as const;

export const walletId = (accountId: string) => `${accountId}:wallet`;

/** A contract's escrow account: its collateral, held until released to the seller or refunded to the buyer. */
export const escrowId = (contractId: string) => `${PLATFORM.escrow}:${contractId}`;

/** A platform account's code (`escrow` for every contract's escrow account); undefined for a wallet or an unknown id. */
export function platformCode(ledgerAccountId: string): string | undefined {
  if (ledgerAccountId.startsWith(`${PLATFORM.escrow}:`)) return 'escrow';
  return Object.entries(PLATFORM).find(([, id]) => id === ledgerAccountId)?.[0];
}

/** The business account owning a wallet (`<account uuid>:wallet`), else null (the platform's accounts). */
export const walletOwner = (ledgerAccountId: string): string | null => (ledgerAccountId.endsWith(':wallet') ? ledgerAccountId.slice(0, -':wallet'.length) : null);

/** The account's wallet, created on first use (never negative). */
export async function ensureWallet(tx: Db, accountId: string, now: Date): Promise<string> {
  const id = walletId(accountId);
  await tx
    .insert(ledgerAccounts)
    .values({ id, ownerAccountId: accountId, code: 'wallet', noNegative: true, createdAt: now })
    .onConflictDoNothing({ target: ledgerAccounts.id });
  return id;
}

/**
 * The buyer's wallet and the contract's escrow account, each created on first use, in one
 * statement (a round trip less on every collateral payment). Escrow is never negative: it pays
 * out only what was held into it.
 */
/** Every collateral payment's first ledger statement (built once: db/statements.ts). */
const openCollateralAccounts = statement('ledger_open_collateral', (db) =>
  db
    .insert(ledgerAccounts)
    .values([
      { id: slot('wallet', ledgerAccounts.id), ownerAccountId: slot('owner', ledgerAccounts.ownerAccountId), code: 'wallet', noNegative: true, createdAt: slot('now', ledgerAccounts.createdAt) },
      { id: slot('escrow', ledgerAccounts.id), ownerAccountId: null, code: 'escrow', noNegative: true, createdAt: slot('now', ledgerAccounts.createdAt) },
    ])
    .onConflictDoNothing({ target: ledgerAccounts.id }),
);

export async function ensureCollateralAccounts(tx: Db, buyerAccountId: string, contractId: string, now: Date): Promise<{ wallet: string; escrow: string }> {
  const wallet = walletId(buyerAccountId);
  const escrow = escrowId(contractId);
  await openCollateralAccounts(tx, { wallet, owner: buyerAccountId, escrow, now });
  return { wallet, escrow };
}

/** A wallet's figures in fen: what may be spent, what withdrawals hold, what sits in escrow or as objection deposits. */
export interface WalletFigures {
  available: bigint;
  held: bigint;
  escrow: bigint;
  objectionDeposits: bigint;
}

/** The account's balances: available = posted credits - posted debits - holds; holds split by what they are for. */
export async function walletFigures(db: Db, accountId: string): Promise<WalletFigures> {
  const id = walletId(accountId);
  const [row] = await queryRows<Record<string, string>>(db, sql`
    select
      coalesce((select credits_posted - debits_posted - debits_pending from ledger_accounts where id = ${id}), 0)::text as available,
      coalesce(sum(t.amount) filter (where t.credit_account_id = ${PLATFORM.bankClearing}), 0)::text as held,
      coalesce(sum(t.amount) filter (where t.credit_account_id like ${`${PLATFORM.escrow}%`}), 0)::text as escrow,
      coalesce(sum(t.amount) filter (where t.credit_account_id = ${PLATFORM.objectionDeposits}), 0)::text as objection
    from ledger_transfers t
    where t.debit_account_id = ${id} and t.status = 'pending'
      and not exists (select 1 from ledger_transfers r where r.pending_id = t.id)`);
  return { available: BigInt(row.available), held: BigInt(row.held), escrow: BigInt(row.escrow), objectionDeposits: BigInt(row.objection) };
}
