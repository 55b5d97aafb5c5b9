// The money of a contract (DESIGN §5, §8; schemas/resources/contracts.json), each step a handler
// in its action's transaction:
//   payCollateral  the buyer holds the collateral in the contract's escrow account (pending
//                  transfer wallet -> platform:escrow:<id>; one account per contract, so payments
//                  of different contracts lock no common row)
//   deliver        the seller records the delivery; automatic release falls due AUTO_RELEASE_DAYS later
//   confirmReceipt the buyer releases the collateral to the seller (hold posted, escrow -> seller)
//   object         the buyer objects and holds the objection deposit
//   resolveRefund / resolveRelease  ops refund the collateral to the buyer (hold voided) or
//                  release it to the seller; the deposit is returned or forfeited to the platform
// Keys make each step move money once: collateral:<id>, release:<id>, objection:<id>, ...
import { and, eq } from 'drizzle-orm';
import { AUTO_RELEASE_DAYS } from '../../../shared/constants';
import { fenToYuan, yuanToFen } from '../../../shared/money';
import { objectionDepositFen } from '../../../shared/tradeAmounts';
import type { Db } from '../../db/client';
import { ledgerTransfers, recordParties } from '../../db/schema';
import { PLATFORM, ensureCollateralAccounts, ensureWallet, escrowId, walletId } from '../../ledger/accounts';
import { hold, lockLedgerAccounts, postHold, transfer, voidHold } from '../../ledger/transfers';
import { chinaDay } from '../../../shared/chinaTime';
import type { ActionHandler } from '../../resources/handlers';

/** The contract's buyer and seller accounts. */
export async function contractParties(tx: Db, id: string): Promise<{ buyer: string; seller: string }> {
  const rows = await tx.select().from(recordParties).where(eq(recordParties.recordId, id));
  const of = (role: string) => rows.find((r) => r.role === role)?.accountId ?? '';
  return { buyer: of('buyer'), seller: of('seller') };
}

const collateralFen = (data: Record<string, unknown>) => (typeof data.collateralAmount === 'string' ? yuanToFen(data.collateralAmount) : 0n);

const holdExists = async (tx: Db, key: string) => (await tx.select({ id: ledgerTransfers.id }).from(ledgerTransfers).where(and(eq(ledgerTransfers.key, key), eq(ledgerTransfers.status, 'pending')))).length > 0;

/** Releases the contract's collateral to the seller: the buyer's hold is posted, the contract's escrow pays the seller. */
export async function releaseCollateral(tx: Db, record: { id: string; data: Record<string, unknown> }, userId: string | null, now: Date): Promise<void> {
  const key = `collateral:${record.id}`;
  if (!(await holdExists(tx, key))) return; // a contract without collateral (ratio 0)
  const { buyer, seller } = await contractParties(tx, record.id);
  const sellerWallet = await ensureWallet(tx, seller, now);
  // Two transfers: both wallets and escrow locked first, in id order (lockLedgerAccounts).
  await lockLedgerAccounts(tx, [walletId(buyer), sellerWallet, escrowId(record.id)]);
  await postHold(tx, key, { kind: 'collateralPosted', key: `${key}:posted`, userId, now });
  const ref = { resource: 'contracts', id: record.id };
  await transfer(tx, { debit: escrowId(record.id), credit: sellerWallet, amount: collateralFen(record.data), kind: 'release', ref, key: `release:${record.id}`, userId, now });
}

/** Returns or forfeits the objection deposit, as the resolution says. */
async function settleDeposit(tx: Db, id: string, outcome: unknown, userId: string, now: Date): Promise<void> {
  const key = `objection:${id}`;
  if (outcome === 'forfeit') {
    const posted = await postHold(tx, key, { kind: 'objectionForfeited', key: `${key}:forfeited`, userId, now });
    await transfer(tx, { debit: PLATFORM.objectionDeposits, credit: PLATFORM.fees, amount: posted.amount, kind: 'objectionFee', ref: { resource: 'contracts', id }, key: `${key}:fee`, userId, now });
  } else {
    await voidHold(tx, key, { kind: 'objectionReturned', key: `${key}:returned`, userId, now });
  }
}

export const payCollateral: ActionHandler = async ({ tx, record, userId, now }) => {
  const amount = collateralFen(record.data);
  const patch = { collateralPaidAt: now.toISOString() };
  if (amount <= 0n) return { patch };
  // The locked row's copy of the parties: no read of record_parties on the payment's path.
  const buyer = record.parties?.buyer ?? (await contractParties(tx, record.id)).buyer;
  // The buyer's wallet and the contract's escrow account are made if new, then locked and moved
  // by hold(), in this order; not waited for here: the contract's move goes out right behind
  // them (one round trip for all) and the action waits for both, so a refused hold (409
  // insufficientBalance) still refuses the payment and rolls the move back.
  const pending = Promise.all([
    ensureCollateralAccounts(tx, buyer, record.id, now),
    hold(tx, { debit: walletId(buyer), credit: escrowId(record.id), amount, kind: 'collateral', ref: { resource: 'contracts', id: record.id }, key: `collateral:${record.id}`, userId, now }),
  ]);
  return { patch, pending };
};

export const deliver: ActionHandler = async ({ input, now }) => ({
  patch: {
    deliveryNote: input.deliveryNote,
    ...(Array.isArray(input.deliveryFiles) && input.deliveryFiles.length ? { deliveryFiles: input.deliveryFiles } : {}),
    deliveredAt: now.toISOString(),
    releaseDueDay: chinaDay(new Date(now.getTime() + AUTO_RELEASE_DAYS * 86_400_000)),
  },
});

export const confirmReceipt: ActionHandler = async ({ tx, record, userId, now }) => {
  await releaseCollateral(tx, record, userId, now);
  return { patch: { releasedAt: now.toISOString() } };
};

export const object: ActionHandler = async ({ tx, record, input, userId, now }) => {
  const deposit = objectionDepositFen(collateralFen(record.data));
  const { buyer } = await contractParties(tx, record.id);
  const wallet = await ensureWallet(tx, buyer, now);
  await hold(tx, { debit: wallet, credit: PLATFORM.objectionDeposits, amount: deposit, kind: 'objectionDeposit', ref: { resource: 'contracts', id: record.id }, key: `objection:${record.id}`, userId, now });
  return { patch: { objectionReason: input.objectionReason, objectionDeposit: fenToYuan(deposit), objectedAt: now.toISOString() } };
};

/** A resolution moves up to four transfers: every account it may touch is locked first, in id order. */
async function lockResolution(tx: Db, id: string, now: Date): Promise<void> {
  const { buyer, seller } = await contractParties(tx, id);
  const wallets = [await ensureWallet(tx, buyer, now), await ensureWallet(tx, seller, now)];
  await lockLedgerAccounts(tx, [...wallets, escrowId(id), PLATFORM.objectionDeposits, PLATFORM.fees]);
}

export const resolveRefund: ActionHandler = async ({ tx, record, input, userId, now }) => {
  await lockResolution(tx, record.id, now);
  const key = `collateral:${record.id}`;
  if (await holdExists(tx, key)) await voidHold(tx, key, { kind: 'refund', key: `refund:${record.id}`, userId, now });
  await settleDeposit(tx, record.id, input.deposit, userId, now);
  return { patch: { resolution: input.resolution, depositOutcome: input.deposit, resolvedAt: now.toISOString() } };
};

export const resolveRelease: ActionHandler = async ({ tx, record, input, userId, now }) => {
  await lockResolution(tx, record.id, now);
  await releaseCollateral(tx, record, userId, now);
  await settleDeposit(tx, record.id, input.deposit, userId, now);
  return { patch: { resolution: input.resolution, depositOutcome: input.deposit, resolvedAt: now.toISOString(), releasedAt: now.toISOString() } };
};
