// Baselines the netting bench compares the optimal LP with (`npm run bench netting`); a clearing
// run never uses them. Both clear valid circulations over the same canonical network, but not the
// largest one.
import { cancelCycles } from './cancelCycles';
import { buildNetwork, distribute, type ClearedBill, type NettingBill } from './network';

export interface BaselineResult {
  bills: ClearedBill[];
  totalClearedFen: bigint;
}

function finish(input: readonly NettingBill[], clearedOf: (network: ReturnType<typeof buildNetwork>) => bigint[]): BaselineResult {
  const network = buildNetwork(input);
  const bills = distribute(network, clearedOf(network));
  return { bills, totalClearedFen: bills.reduce((sum, b) => sum + b.clearedFen, 0n) };
}

/** Greedy cycle cancelling, the usual "greedy pass" (cancelCycles.ts): maximal, not maximum. */
export function greedyCycleCancellingBaseline(input: readonly NettingBill[]): BaselineResult {
  return finish(input, ({ participants, arcs }) => cancelCycles(participants.length, arcs, arcs.map((a) => a.capFen)));
}

/** Pairwise netting: two parties' mutual bills cancel each other (cycles of two only). */
export function pairwiseNettingBaseline(input: readonly NettingBill[]): BaselineResult {
  return finish(input, ({ arcs }) => {
    const index = new Map(arcs.map((a, i) => [`${a.from}>${a.to}`, i]));
    return arcs.map((a) => {
      const back = index.get(`${a.to}>${a.from}`);
      if (back === undefined) return 0n;
      return a.capFen < arcs[back].capFen ? a.capFen : arcs[back].capFen;
    });
  });
}
