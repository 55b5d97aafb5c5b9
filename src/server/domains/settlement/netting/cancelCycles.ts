// Greedy cycle cancelling over arcs with amounts: the bench's greedy baseline (baselines.ts), and
// the chain solver's step that takes whole cycles out of a flow before reading its chains (chains.ts).

/**
 * Whole cycles of `amounts` (per arc) cancelled greedily, depth first along arcs with amount left,
 * each cycle met by its smallest arc, until none is left: answers what was cancelled per arc.
 * Maximal (no cycle remains), not maximum: an early cycle can use up an arc larger ones needed.
 */
export function cancelCycles(nodeCount: number, arcs: readonly { from: number; to: number }[], amounts: readonly bigint[]): bigint[] {
  const left = [...amounts];
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  arcs.forEach((arc, i) => out[arc.from].push(i));
  // 0 unvisited, 1 on the path, 2 done: no cycle can be reached from it (amounts only fall).
  const state = new Uint8Array(nodeCount);
  const next = new Int32Array(nodeCount);
  for (let root = 0; root < nodeCount; root++) {
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
  return amounts.map((a, i) => a - left[i]);
}
