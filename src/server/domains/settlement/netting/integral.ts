// From the solver's floating-point answer to an exact circulation in integer fen.
//
// The constraint matrix of a circulation is a network matrix (totally unimodular) and every
// bound is an integer, so every vertex of the LP is integral and simplex answers one; in doubles
// its values are integers up to rounding noise. `roundedCirculation` rounds and checks exactly;
// `repairCirculation` is the last resort when a solver answer is not integral after all.

/** An arc of the solved model: tail and head row, capacity in fen (a safe integer). */
export interface FlowArc {
  from: number;
  to: number;
  cap: number;
}

/** in - out at every node (0 everywhere for a circulation). */
export function imbalance(nodeCount: number, arcs: readonly FlowArc[], flow: readonly number[]): number[] {
  const excess = new Array<number>(nodeCount).fill(0);
  arcs.forEach((arc, j) => {
    excess[arc.to] += flow[j];
    excess[arc.from] -= flow[j];
  });
  return excess;
}

/**
 * Rounds the solver's values to integers within the bounds. Returns the flow when it is an exact
 * circulation and the values were integral (their distance to the rounded ones adds up to less
 * than 1/2; then the rounded total is at least the LP optimum minus 1/2, and as an integer it is
 * the integer optimum). Otherwise null.
 */
export function roundedCirculation(nodeCount: number, arcs: readonly FlowArc[], values: ArrayLike<number>): number[] | null {
  let drift = 0;
  const flow = arcs.map((arc, j) => {
    const rounded = Math.min(arc.cap, Math.max(0, Math.round(values[j])));
    drift += Math.abs(values[j] - rounded);
    return rounded;
  });
  if (!(drift < 0.5)) return null;
  return imbalance(nodeCount, arcs, flow).every((e) => e === 0) ? flow : null;
}

/**
 * Makes an integer flow within the bounds an exact circulation by only lowering arc flows: the
 * flow splits into cycles and paths from nodes with more out than in to nodes with more in than
 * out, and each such path is found and lowered until no node is out of balance. Loses at most
 * half the total imbalance; the caller reports that the answer was repaired.
 */
export function repairCirculation(nodeCount: number, arcs: readonly FlowArc[], integerFlow: readonly number[]): number[] {
  const flow = [...integerFlow];
  const excess = imbalance(nodeCount, arcs, flow);
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  arcs.forEach((arc, j) => out[arc.from].push(j));
  for (let source = 0; source < nodeCount; source++) {
    while (excess[source] < 0) {
      // Breadth-first along positive-flow arcs to a node that receives more than it sends (the
      // flow's decomposition guarantees one is reachable); the path found is simple.
      const via = new Map<number, number>([[source, -1]]);
      const queue = [source];
      let node = -1;
      for (let q = 0; q < queue.length && node === -1; q++) {
        for (const j of out[queue[q]]) {
          const head = arcs[j].to;
          if (flow[j] <= 0 || via.has(head)) continue;
          via.set(head, j);
          if (excess[head] > 0) {
            node = head;
            break;
          }
          queue.push(head);
        }
      }
      if (node === -1) throw new Error('netting: repair found no path (flow outside its bounds?)');
      const path: number[] = [];
      for (let v = node; v !== source; v = arcs[path[path.length - 1]].from) path.push(via.get(v)!);
      let delta = Math.min(-excess[source], excess[node]);
      for (const j of path) delta = Math.min(delta, flow[j]);
      for (const j of path) flow[j] -= delta;
      excess[source] += delta;
      excess[node] -= delta;
    }
  }
  return flow;
}
