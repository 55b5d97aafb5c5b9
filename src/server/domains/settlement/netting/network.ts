// The bills of a clearing run as a canonical network (DESIGN §9, mutual netting): participants
// sorted, parallel bills between the same ordered pair merged into one arc, everything in an
// order that does not depend on the order the bills were given in. The solver, the baselines
// and the write-back of cleared amounts to bills all work on this one shape.

/** A confirmed bill with an open amount: `payer` owes `payee` `openFen` (integer fen). */
export interface NettingBill {
  id: string;
  payer: string;
  payee: string;
  openFen: bigint;
}

/** All parallel bills from one payer to one payee. `bills` are indexes into Network.bills. */
export interface Arc {
  from: number;
  to: number;
  capFen: bigint;
  bills: number[];
}

export interface Network {
  /** Participant ids, sorted by code unit (not locale) so every machine agrees. */
  participants: string[];
  /** The bills sorted by id. */
  bills: NettingBill[];
  /** Arcs sorted by (from, to), i.e. by (payer, payee). */
  arcs: Arc[];
}

/** Code-unit order: the same on every machine and locale (localeCompare is not). */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Largest total the solver takes: the LP works in doubles, exact for integers up to 2^53. */
export const MAX_TOTAL_FEN = BigInt(Number.MAX_SAFE_INTEGER);

/** Thrown for input a clearing run cannot take (a programming error upstream, not a user's). */
export class NettingInputError extends Error {
  constructor(message: string) {
    super(`netting: ${message}`);
    this.name = 'NettingInputError';
  }
}

/** Checks the bills and builds the canonical network. Throws NettingInputError. */
export function buildNetwork(input: readonly NettingBill[]): Network {
  const bills = [...input].sort((a, b) => byCodeUnit(a.id, b.id));
  const names = new Set<string>();
  let total = 0n;
  bills.forEach((bill, i) => {
    if (i > 0 && bills[i - 1].id === bill.id) throw new NettingInputError(`bill ${bill.id} is given twice`);
    if (typeof bill.openFen !== 'bigint' || bill.openFen < 0n) throw new NettingInputError(`bill ${bill.id} has an open amount that is not a non-negative bigint of fen`);
    if (bill.payer === bill.payee) throw new NettingInputError(`bill ${bill.id} has the same payer and payee`);
    total += bill.openFen;
    names.add(bill.payer).add(bill.payee);
  });
  if (total > MAX_TOTAL_FEN) throw new NettingInputError(`the open amounts add up to more than ${MAX_TOTAL_FEN} fen`);
  const participants = [...names].sort(byCodeUnit);
  const index = new Map(participants.map((p, i) => [p, i]));
  const byPair = new Map<number, Arc>();
  bills.forEach((bill, i) => {
    if (bill.openFen === 0n) return;
    const from = index.get(bill.payer)!;
    const to = index.get(bill.payee)!;
    const key = from * participants.length + to;
    let arc = byPair.get(key);
    if (!arc) byPair.set(key, (arc = { from, to, capFen: 0n, bills: [] }));
    arc.capFen += bill.openFen;
    arc.bills.push(i);
  });
  const arcs = [...byPair.values()].sort((a, b) => a.from - b.from || a.to - b.to);
  return { participants, bills, arcs };
}

/**
 * Strongly connected components (iterative Tarjan). Only an arc inside one component lies on a
 * cycle, so only those reach the solver. Returns each node's component number.
 */
export function components(nodeCount: number, arcs: readonly Arc[]): Int32Array {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  arcs.forEach((arc) => out[arc.from].push(arc.to));
  const order = new Int32Array(nodeCount).fill(-1);
  const low = new Int32Array(nodeCount);
  const comp = new Int32Array(nodeCount).fill(-1);
  const onStack = new Uint8Array(nodeCount);
  const stack: number[] = [];
  const next = new Int32Array(nodeCount);
  let counter = 0;
  let compCount = 0;
  for (let root = 0; root < nodeCount; root++) {
    if (order[root] !== -1) continue;
    const call: number[] = [root];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (call.length) {
      const v = call[call.length - 1];
      if (next[v] < out[v].length) {
        const w = out[v][next[v]++];
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          call.push(w);
        } else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
        continue;
      }
      call.pop();
      if (call.length) low[call[call.length - 1]] = Math.min(low[call[call.length - 1]], low[v]);
      if (low[v] === order[v]) {
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = 0;
          comp[w] = compCount;
        } while (w !== v);
        compCount += 1;
      }
    }
  }
  return comp;
}

/** The arcs that lie on some cycle (both ends in one strongly connected component). */
export function cyclicArcs(network: Network): number[] {
  const comp = components(network.participants.length, network.arcs);
  const kept: number[] = [];
  network.arcs.forEach((arc, i) => {
    if (comp[arc.from] === comp[arc.to]) kept.push(i);
  });
  return kept;
}

/** A bill with the part a run clears from it. */
export interface ClearedBill extends NettingBill {
  clearedFen: bigint;
  /** openFen - clearedFen. */
  remainingFen: bigint;
}

/**
 * Hands each arc's cleared amount back to its bills, filling them in id order (a deterministic
 * rule the audit can repeat). `arcCleared[i]` belongs to network.arcs[i].
 */
export function distribute(network: Network, arcCleared: readonly bigint[]): ClearedBill[] {
  const cleared = new Array<bigint>(network.bills.length).fill(0n);
  network.arcs.forEach((arc, i) => {
    let left = arcCleared[i];
    for (const b of arc.bills) {
      if (left === 0n) break;
      const take = left < network.bills[b].openFen ? left : network.bills[b].openFen;
      cleared[b] = take;
      left -= take;
    }
    if (left !== 0n) throw new Error(`netting: arc ${i} cleared beyond its bills`);
  });
  return network.bills.map(({ id, payer, payee, openFen }, i) => ({ id, payer, payee, openFen, clearedFen: cleared[i], remainingFen: openFen - cleared[i] }));
}

/** A participant's net position: what it is owed minus what it owes (positive = creditor). */
export interface NetPosition {
  participant: string;
  /** Over the open amounts, before clearing. */
  beforeFen: bigint;
  /** Over the remaining amounts, after clearing: equal to beforeFen when clearing is a circulation. */
  afterFen: bigint;
}

/** Net positions of every participant, sorted by participant. */
export function netPositions(participants: readonly string[], bills: readonly ClearedBill[]): NetPosition[] {
  const index = new Map(participants.map((p, i) => [p, i]));
  const before = new Array<bigint>(participants.length).fill(0n);
  const after = new Array<bigint>(participants.length).fill(0n);
  for (const bill of bills) {
    const payee = index.get(bill.payee)!;
    const payer = index.get(bill.payer)!;
    before[payee] += bill.openFen;
    before[payer] -= bill.openFen;
    after[payee] += bill.remainingFen;
    after[payer] -= bill.remainingFen;
  }
  return participants.map((participant, i) => ({ participant, beforeFen: before[i], afterFen: after[i] }));
}
