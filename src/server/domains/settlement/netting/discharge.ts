// What a clearing run settles after clearing, bill by bill (DESIGN §9): net positions are paid
// wallet to wallet, and the bills they pay are discharged, so no debt is paid twice.
//
// A net position only pays the bills it nets when everyone on those bills settles. So the run
// settles a group: start with every participant of a remaining bill; a debtor of the group whose
// available balance does not cover its net position over the group's bills leaves the group
// (insufficientBalance), and the positions are taken again over the bills left inside it, until
// every debtor of the group covers its position. settleNetPositions (settle.ts) then gives the
// transfers, which sum, for each member, to its net position over the group's bills: exactly
// those bills are discharged. A bill with a party outside the group stays open; its payee in the
// group is listed as counterpartyUnsettled for what it did not receive.
import { byCodeUnit, type ClearedBill } from './network';
import { settleNetPositions, type SettlementTransfer, type Unsettled } from './settle';

export interface DischargePlan {
  transfers: SettlementTransfer[];
  /** Bill id -> the remaining amount the transfers discharge (every bill inside the group). */
  discharged: Map<string, bigint>;
  /** What each participant paid (negative) or received (positive) by the transfers. */
  settled: Map<string, bigint>;
  /** The `invalid` list, sorted by participant. */
  unsettled: Unsettled[];
  totalSettledFen: bigint;
}

const netOver = (bills: readonly ClearedBill[], keep: (b: ClearedBill) => boolean): Map<string, bigint> => {
  const net = new Map<string, bigint>();
  for (const b of bills) {
    if (b.remainingFen === 0n || !keep(b)) continue;
    net.set(b.payee, (net.get(b.payee) ?? 0n) + b.remainingFen);
    net.set(b.payer, (net.get(b.payer) ?? 0n) - b.remainingFen);
  }
  return net;
};

/** Decides the settlement of the remaining parts of `bills`; `available` is each participant's balance in fen. */
export function dischargePlan(bills: readonly ClearedBill[], available: ReadonlyMap<string, bigint>): DischargePlan {
  const members = new Set<string>();
  for (const b of bills) if (b.remainingFen > 0n) members.add(b.payer).add(b.payee);
  const excluded: Unsettled[] = [];
  const inside = (b: ClearedBill) => members.has(b.payer) && members.has(b.payee);
  for (;;) {
    const positions = [...netOver(bills, inside)].map(([participant, netFen]) => ({ participant, netFen }));
    const plan = settleNetPositions(positions, available);
    const short = plan.unsettled.filter((u) => u.reason === 'insufficientBalance');
    if (!short.length) {
      const discharged = new Map<string, bigint>();
      for (const b of bills) if (b.remainingFen > 0n && inside(b)) discharged.set(b.id, b.remainingFen);
      // A member still owed on a bill from someone outside the group did not receive it.
      const notReceived = new Map<string, bigint>();
      for (const b of bills) if (b.remainingFen > 0n && members.has(b.payee) && !members.has(b.payer)) notReceived.set(b.payee, (notReceived.get(b.payee) ?? 0n) + b.remainingFen);
      const fullNet = netOver(bills, () => true);
      const unsettled = [
        ...excluded,
        ...[...notReceived].map(([participant, amountFen]): Unsettled => ({ participant, netFen: fullNet.get(participant) ?? 0n, amountFen, reason: 'counterpartyUnsettled' })),
      ].sort((a, b) => byCodeUnit(a.participant, b.participant));
      return { transfers: plan.transfers, discharged, settled: new Map(plan.settled.map((s) => [s.participant, s.amountFen])), unsettled, totalSettledFen: plan.totalSettledFen };
    }
    for (const s of short) {
      members.delete(s.participant);
      excluded.push(s);
    }
  }
}
