// Independent answers for the netting tests (tests/unit/netting*.test.ts): the largest total
// of bills that cancels in cycles, found without HiGHS and without the product's network code.
//
// - minCostCirculation: exact min-cost circulation by cycle cancelling (Klein): cost -1 per fen
//   on every bill, Bellman-Ford finds a negative cycle in the residual graph, push its
//   bottleneck, repeat. No negative cycle left = optimal. Works on the bills one by one (no
//   merging of parallel bills), in bigint.
// - bruteForceCirculation: every integer flow of a tiny network, for checking the reference.

export interface ReferenceBill {
  id: string;
  payer: string;
  payee: string;
  openFen: bigint;
}

export interface ReferenceAnswer {
  totalFen: bigint;
  /** Cleared fen per bill id (one optimal answer of possibly many). */
  cleared: Map<string, bigint>;
}

export function minCostCirculation(bills: readonly ReferenceBill[]): ReferenceAnswer {
  const names = [...new Set(bills.flatMap((b) => [b.payer, b.payee]))];
  const node = new Map(names.map((n, i) => [n, i]));
  const flow = bills.map(() => 0n);
  for (;;) {
    // Residual edges: forward (cost -1) where open amount is left, backward (cost +1) where flow is.
    const edges: { from: number; to: number; cost: number; bill: number; forward: boolean }[] = [];
    bills.forEach((b, i) => {
      const u = node.get(b.payer)!;
      const v = node.get(b.payee)!;
      if (flow[i] < b.openFen) edges.push({ from: u, to: v, cost: -1, bill: i, forward: true });
      if (flow[i] > 0n) edges.push({ from: v, to: u, cost: 1, bill: i, forward: false });
    });
    const dist = names.map(() => 0);
    const pred = names.map(() => -1);
    let relaxed = -1;
    for (let round = 0; round < names.length; round++) {
      relaxed = -1;
      edges.forEach((e, k) => {
        if (dist[e.from] + e.cost < dist[e.to]) {
          dist[e.to] = dist[e.from] + e.cost;
          pred[e.to] = k;
          relaxed = e.to;
        }
      });
      if (relaxed === -1) break;
    }
    if (relaxed === -1) break;
    // Walk back n times to land on the cycle, then collect it.
    let v = relaxed;
    for (let i = 0; i < names.length; i++) v = edges[pred[v]].from;
    const cycle: number[] = [];
    for (let u = v; ; ) {
      const k = pred[u];
      cycle.push(k);
      u = edges[k].from;
      if (u === v) break;
    }
    const room = (k: number) => (edges[k].forward ? bills[edges[k].bill].openFen - flow[edges[k].bill] : flow[edges[k].bill]);
    let delta = room(cycle[0]);
    for (const k of cycle) if (room(k) < delta) delta = room(k);
    for (const k of cycle) flow[edges[k].bill] += edges[k].forward ? delta : -delta;
  }
  return { totalFen: flow.reduce((s, f) => s + f, 0n), cleared: new Map(bills.map((b, i) => [b.id, flow[i]])) };
}

/** The largest circulation by trying every integer flow; only for a handful of small bills. */
export function bruteForceCirculation(bills: readonly ReferenceBill[]): bigint {
  let best = 0n;
  const flow = bills.map(() => 0n);
  const visit = (i: number) => {
    if (i === bills.length) {
      const balance = new Map<string, bigint>();
      bills.forEach((b, j) => {
        balance.set(b.payer, (balance.get(b.payer) ?? 0n) - flow[j]);
        balance.set(b.payee, (balance.get(b.payee) ?? 0n) + flow[j]);
      });
      if ([...balance.values()].every((x) => x === 0n)) {
        const total = flow.reduce((s, f) => s + f, 0n);
        if (total > best) best = total;
      }
      return;
    }
    for (let f = 0n; f <= bills[i].openFen; f++) {
      flow[i] = f;
      visit(i + 1);
    }
  };
  visit(0);
  return best;
}
