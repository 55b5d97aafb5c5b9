// Recomputing a stored clearing run (DESIGN §9: a run keeps its input bills and its solution):
// the stored cleared parts must be a valid clearing of the stored bills, and the solver, run
// again on the same bills, must give the same parts (it is deterministic).
import { solveNetting } from './solve';
import { byCodeUnit, type NettingBill } from './network';

export interface NettingAudit {
  ok: boolean;
  /** What is wrong, one line each, in a stable order. */
  problems: string[];
  storedTotalFen: bigint;
  recomputedTotalFen: bigint;
}

/** Checks `cleared` (bill id -> cleared fen, as stored) against the stored input `bills`. */
export async function auditNetting(bills: readonly NettingBill[], cleared: ReadonlyMap<string, bigint>): Promise<NettingAudit> {
  const problems: string[] = [];
  const recomputed = await solveNetting(bills);
  const known = new Set(recomputed.bills.map((b) => b.id));
  for (const id of [...cleared.keys()].sort(byCodeUnit)) if (!known.has(id)) problems.push(`${id}: cleared but not in the run's bills`);
  const net = new Map<string, bigint>();
  let storedTotalFen = 0n;
  for (const bill of recomputed.bills) {
    const part = cleared.get(bill.id) ?? 0n;
    storedTotalFen += part;
    if (part < 0n || part > bill.openFen) problems.push(`${bill.id}: cleared ${part} outside 0..${bill.openFen}`);
    if (part !== bill.clearedFen) problems.push(`${bill.id}: stored ${part}, recomputed ${bill.clearedFen}`);
    net.set(bill.payer, (net.get(bill.payer) ?? 0n) - part);
    net.set(bill.payee, (net.get(bill.payee) ?? 0n) + part);
  }
  for (const [participant, moved] of [...net].sort(([a], [b]) => byCodeUnit(a, b))) {
    if (moved !== 0n) problems.push(`${participant}: the cleared parts move its net position by ${moved}`);
  }
  return { ok: problems.length === 0, problems, storedTotalFen, recomputedTotalFen: recomputed.totalClearedFen };
}
