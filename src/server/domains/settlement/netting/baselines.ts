// Baselines the netting bench compares the optimal LP with (`npm run bench netting`); a clearing
// run never uses them. Both clear valid circulations over the same canonical network, but not the
// largest one.
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

/**
 * Greedy cycle cancelling, the usual "greedy pass": depth-first along arcs with open amount left,
 * cancel each cycle met by its smallest arc, until no cycle is left. Maximal (no cycle remains),
 * not maximum: an early cycle can use up an arc that larger cycles needed.
 */
export function greedyCycleCancellingBaseline(input: readonly NettingBill[]): BaselineResult {
  return finish(input, ({ participants, arcs }) => {
    const left = arcs.map((a) => a.capFen);
    const out: number[][] = Array.from({ length: participants.length }, () => []);
    arcs.forEach((arc, i) => out[arc.from].push(i));
    // 0 unvisited, 1 on the path, 2 done: no cycle can be reached from it (amounts only fall).
    const state = new Uint8Array(participants.length);
    const next = new Int32Array(participants.length);
    for (let root = 0; root < participants.length; root++) {
      if (state[root] !== 0) continue;
      const nodes = [root];
      const path: number[] = [];
      state[root] = 1;
      while (nodes.length) {
        const v = nodes[nodes.length - 1];
        while (next[v] < out[v].length && (left[out[v][next[v]]] === 0n || state[arcs[out[v][next[v]]].to] === 2)) next[v] += 1;
        if (next[v] === out[v].length) {
          state[v] = 2;
          nodes.pop();
          path.pop();
          continue;
        }
        const arc = out[v][next[v]];
        const w = arcs[arc].to;
        if (state[w] === 0) {
          state[w] = 1;
          nodes.push(w);
          path.push(arc);
          continue;
        }
        // w is on the path: the arcs from w to v, then v -> w, form a cycle.
        const start = nodes.indexOf(w);
        const cycle = [...path.slice(start), arc];
        let delta = left[arc];
        for (const i of cycle) if (left[i] < delta) delta = left[i];
        for (const i of cycle) left[i] -= delta;
        // Back up to the tail of the first arc the cycle used up; the nodes after it leave the path.
        const cut = cycle.findIndex((i) => left[i] === 0n);
        for (const u of nodes.splice(start + cut + 1)) state[u] = 0;
        path.splice(start + cut);
      }
    }
    return arcs.map((a, i) => a.capFen - left[i]);
  });
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
