// After clearing, each participant's remaining net position is settled wallet to wallet where
// its balance covers it (DESIGN §9); what stays unsettled is the xhn variant's `invalid` list.
// Pure: decides the transfers; the caller moves the money in one ledger transaction.
//
// Rules, all deterministic:
// - A debtor (net position < 0) is settled when its available balance covers the whole amount
//   it owes; otherwise it pays nothing and is listed as insufficientBalance.
// - Settled debtors pay into one pot. When every debtor settled, the pot is exactly what the
//   creditors are owed. When some did not, the pot is shared among the creditors in proportion
//   to what each is owed (largest remainder, ties to the participant first in code-unit order),
//   and what a creditor does not receive is listed as counterpartyUnsettled.
// - Transfers pair the pot's payers and payees in participant order (debtors in, creditors
//   out, both sorted), so the sum of transfers out of debtors equals the sum into creditors.
import { byCodeUnit } from './network';

export interface PositionToSettle {
  participant: string;
  /** Owed minus owing after clearing; positive = creditor. */
  netFen: bigint;
}

export interface SettlementTransfer {
  from: string;
  to: string;
  amountFen: bigint;
}

export type UnsettledReason = 'insufficientBalance' | 'counterpartyUnsettled';

export interface Unsettled {
  participant: string;
  netFen: bigint;
  /** What was not paid (a debtor) or not received (a creditor). */
  amountFen: bigint;
  reason: UnsettledReason;
  /** A debtor's available balance when it was found short. */
  availableFen?: bigint;
}

export interface SettlementPlan {
  transfers: SettlementTransfer[];
  /** What each participant paid (negative) or received (positive), sorted by participant. */
  settled: { participant: string; amountFen: bigint }[];
  /** The `invalid` list, sorted by participant. */
  unsettled: Unsettled[];
  totalSettledFen: bigint;
}

/**
 * Decides the wallet-to-wallet transfers that settle the net positions. `available` is each
 * participant's available balance in fen (missing = 0). Throws when the positions do not add up
 * to zero (they come from bills, so they always do).
 */
export function settleNetPositions(positions: readonly PositionToSettle[], available: ReadonlyMap<string, bigint>): SettlementPlan {
  const sorted = [...positions].sort((a, b) => byCodeUnit(a.participant, b.participant));
  if (sorted.reduce((sum, p) => sum + p.netFen, 0n) !== 0n) throw new Error('netting: net positions do not add up to zero');
  const unsettled: Unsettled[] = [];
  const payers: { participant: string; amountFen: bigint }[] = [];
  for (const p of sorted) {
    if (p.netFen >= 0n) continue;
    const owed = -p.netFen;
    const balance = available.get(p.participant) ?? 0n;
    if (balance >= owed) payers.push({ participant: p.participant, amountFen: owed });
    else unsettled.push({ participant: p.participant, netFen: p.netFen, amountFen: owed, reason: 'insufficientBalance', availableFen: balance });
  }
  const pot = payers.reduce((sum, p) => sum + p.amountFen, 0n);
  const creditors = sorted.filter((p) => p.netFen > 0n);
  const due = creditors.reduce((sum, p) => sum + p.netFen, 0n);
  const payees = shareOut(pot, due, creditors);
  creditors.forEach((c, i) => {
    const short = c.netFen - payees[i].amountFen;
    if (short > 0n) unsettled.push({ participant: c.participant, netFen: c.netFen, amountFen: short, reason: 'counterpartyUnsettled' });
  });

  // Northwest corner over the two sorted lists.
  const transfers: SettlementTransfer[] = [];
  const owe = payers.map((p) => p.amountFen);
  const get = payees.map((p) => p.amountFen);
  for (let i = 0, j = 0; i < owe.length && j < get.length; ) {
    const amountFen = owe[i] < get[j] ? owe[i] : get[j];
    if (amountFen > 0n) transfers.push({ from: payers[i].participant, to: payees[j].participant, amountFen });
    owe[i] -= amountFen;
    get[j] -= amountFen;
    if (owe[i] === 0n) i += 1;
    if (get[j] === 0n) j += 1;
  }

  const settled = [...payers.map((p) => ({ participant: p.participant, amountFen: -p.amountFen })), ...payees.filter((p) => p.amountFen > 0n)].sort((a, b) => byCodeUnit(a.participant, b.participant));
  unsettled.sort((a, b) => byCodeUnit(a.participant, b.participant));
  return { transfers, settled, unsettled, totalSettledFen: pot };
}

/** `pot` (<= due) shared in proportion to each creditor's claim, largest remainder, ties in order. */
function shareOut(pot: bigint, due: bigint, creditors: readonly PositionToSettle[]): { participant: string; amountFen: bigint }[] {
  if (pot === due) return creditors.map((c) => ({ participant: c.participant, amountFen: c.netFen }));
  const shares = creditors.map((c, i) => ({ participant: c.participant, amountFen: (pot * c.netFen) / due, remainder: (pot * c.netFen) % due, i }));
  let left = pot - shares.reduce((sum, s) => sum + s.amountFen, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const s of byRemainder) {
    if (left === 0n) break;
    s.amountFen += 1n;
    left -= 1n;
  }
  return shares.map(({ participant, amountFen }) => ({ participant, amountFen }));
}
