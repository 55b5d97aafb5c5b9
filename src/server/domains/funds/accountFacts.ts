// What money steps need to know of an account: its name, whether it is approved, and the bank
// account of its approved authentication (where withdrawals go).
import { and, desc, eq } from 'drizzle-orm';
import type { BankAccountView } from '../../../shared/api';
import type { Db } from '../../db/client';
import { accounts, authentications } from '../../db/schema';
import { conflict, forbidden } from '../../errors';

/** The account's name; refuses an account that is not approved (403 fundsNeedApproval). */
export async function approvedAccountName(tx: Db, accountId: string): Promise<string> {
  const [account] = await tx.select({ name: accounts.name, authStatus: accounts.authStatus }).from(accounts).where(eq(accounts.id, accountId));
  if (!account || account.authStatus !== 'approved') throw forbidden('fundsNeedApproval');
  return account.name;
}

export const accountName = async (tx: Db, accountId: string): Promise<string> =>
  (await tx.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId)))[0]?.name ?? '';

/** The bank account of the approved authentication; 409 noBankAccount when it has none (a person authenticated before the card number was asked). */
export async function authenticatedBankAccount(tx: Db, accountId: string): Promise<{ bankAccountName: string; bankAccount: string; bankName: string }> {
  const bank = await approvedBankAccount(tx, accountId);
  if (!bank) throw conflict('noBankAccount');
  return bank;
}

/** Where the account's withdrawals go (the withdrawal form shows it), or null when it has no such account. */
export async function ownBankAccount(tx: Db, accountId: string): Promise<BankAccountView | null> {
  const bank = await approvedBankAccount(tx, accountId);
  return bank && { accountName: bank.bankAccountName, bankName: bank.bankName, account: bank.bankAccount };
}

async function approvedBankAccount(tx: Db, accountId: string): Promise<{ bankAccountName: string; bankAccount: string; bankName: string } | null> {
  const [auth] = await tx
    .select({ data: authentications.data })
    .from(authentications)
    .where(and(eq(authentications.accountId, accountId), eq(authentications.status, 'approved')))
    .orderBy(desc(authentications.reviewedAt))
    .limit(1);
  const d = auth?.data ?? {};
  // A person withdraws to the bank card of its authentication (its number and bank beside the
  // card's photos, which ops compare on review), in the person's own name.
  if (typeof d.bankCardNumber === 'string' && d.bankCardNumber) {
    return { bankAccountName: String(d.name ?? ''), bankAccount: d.bankCardNumber, bankName: String(d.bankName ?? '') };
  }
  if (typeof d.bankAccount !== 'string' || !d.bankAccount) return null;
  const branch = (d.bankBranch ?? {}) as { bank?: unknown; branch?: unknown };
  const bankName = [branch.bank, branch.branch].filter((part) => typeof part === 'string' && part).join(' ');
  return { bankAccountName: String(d.bankAccountName ?? ''), bankAccount: d.bankAccount, bankName };
}
