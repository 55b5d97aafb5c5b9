// Recomputing a stored clearing run (DESIGN §9: a run keeps its input bills and its solution):
// the stored cleared parts must be a valid clearing of the stored bills, and the solver, run
// again on the same bills, must give the same parts (it is deterministic). A chain-aware run
// (chains.ts) also keeps the consents and the splits it made: auditChainNetting.
import { solveChainNetting, type ChainBill } from './chains';
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

/** A stored chain-aware run: each bill's parts as stored, and the splits it made. */
export interface StoredChainRun {
  consenting: readonly string[];
  minPartFen: bigint;
  /** Bill id -> what the run cleared in cycles, wrote down along chains and passed on. */
  bills: ReadonlyMap<string, { clearedFen: bigint; chainedFen: bigint; passedFen: bigint }>;
  parts: readonly { billId: string; receiver: string; fen: bigint }[];
}

/**
 * Checks a stored chain-aware run (clearing.ts) against its stored input: every part within its
 * bill, the net positions kept (the parts passed on counted with their receivers), and the solver,
 * run again on the same bills and consents, giving the same parts and splits.
 */
export async function auditChainNetting(bills: readonly ChainBill[], stored: StoredChainRun): Promise<NettingAudit> {
  const problems: string[] = [];
  const recomputed = await solveChainNetting(bills, { consenting: stored.consenting, minPartFen: stored.minPartFen });
  const known = new Map(bills.map((b) => [b.id, b]));
  for (const id of [...stored.bills.keys()].sort(byCodeUnit)) if (!known.has(id)) problems.push(`${id}: cleared but not in the run's bills`);
  const net = new Map<string, bigint>();
  const move = (who: string, fen: bigint) => net.set(who, (net.get(who) ?? 0n) + fen);
  let storedTotalFen = 0n;
  for (const bill of recomputed.bills) {
    const input = known.get(bill.id)!;
    const part = stored.bills.get(bill.id) ?? { clearedFen: 0n, chainedFen: 0n, passedFen: 0n };
    storedTotalFen += part.clearedFen + part.chainedFen;
    const taken = part.clearedFen + part.chainedFen + part.passedFen;
    if (part.clearedFen < 0n || part.chainedFen < 0n || part.passedFen < 0n || taken > bill.openFen) problems.push(`${bill.id}: parts ${part.clearedFen}+${part.chainedFen}+${part.passedFen} outside 0..${bill.openFen}`);
    if (part.passedFen > input.passFen) problems.push(`${bill.id}: passed on ${part.passedFen}, more than the ${input.passFen} it could`);
    if (part.clearedFen !== bill.clearedFen || part.chainedFen !== bill.chainedFen || part.passedFen !== bill.passedFen)
      problems.push(`${bill.id}: stored ${part.clearedFen}/${part.chainedFen}/${part.passedFen}, recomputed ${bill.clearedFen}/${bill.chainedFen}/${bill.passedFen}`);
    // What the run took off the bill leaves its payer and its payee; a part passed on comes back below.
    move(bill.payer, taken);
    move(bill.payee, -taken);
  }
  for (const p of stored.parts) {
    const bill = known.get(p.billId);
    if (!bill) continue;
    move(bill.payer, -p.fen);
    move(p.receiver, p.fen);
  }
  for (const [participant, moved] of [...net].sort(([a], [b]) => byCodeUnit(a, b))) if (moved !== 0n) problems.push(`${participant}: the run moves its net position by ${moved}`);
  const key = (p: { billId: string; receiver: string; fen: bigint }) => `${p.billId}>${p.receiver}:${p.fen}`;
  const storedParts = stored.parts.map(key).sort(byCodeUnit);
  const recomputedParts = recomputed.parts.map(key).sort(byCodeUnit);
  if (storedParts.join() !== recomputedParts.join()) problems.push(`parts passed on: stored ${storedParts.join(' ') || 'none'}, recomputed ${recomputedParts.join(' ') || 'none'}`);
  return { ok: problems.length === 0, problems, storedTotalFen, recomputedTotalFen: recomputed.totalClearedFen + recomputed.totalChainedFen };
}
