// Chain-aware netting (DESIGN §9, issue 31 item 4): the most a clearing run can discharge by
// cancelling cycles AND passing bills on along chains, for the participants that consented.
//
// A chain A -> v1 -> ... -> Z of part p: p of A's bill to v1 (the bill passed, held by v1) becomes
// a child bill A -> Z held by Z, and each bill v1 -> v2, ..., -> Z is written down by p. A still
// owes the same total, every net position stays, and the gross amount falls by p for every bill
// written down. A chain of several hops is made as one split straight to its end (the same as
// passing the part on hop by hop, each middle passing all it received), so no part of amount zero
// is ever left behind. Who must consent: every participant a chain passes through or ends at
// (v1 ... Z); the debtor A still owes the same total, as with a part passed on by hand.
//
// The LP is chainModel.ts's (one optimisation with the cycles); its answer is made exact in fen
// (LP vertex as it rounds, else the same model as a MIP), then decomposed into chains: the
// written-down flow loses its cycles (written down as cycles instead: the same amount), splits into
// paths from where parts come in to where they stop, and each path is paired with bills passed
// into its start from a debtor other than its end. With no consenting participant (or nothing a
// chain could use) the answer is exactly solveNetting's.
import { cancelCycles } from './cancelCycles';
import { highsSolver } from './highs';
import { asMip, chainModel, roundedChainAnswer, type ChainArc } from './chainModel';
import { byCodeUnit, components, MAX_TOTAL_FEN, NettingInputError, type ClearedBill, type NetPosition, type NettingBill } from './network';
import { circulationModel, inThisThread, integralCirculation, solveNetting, type LpRunner, type NettingMethod, type NettingStats, type SolveOptions } from './solve';
import type { FlowArc } from './integral';
import { runHighsInWorker } from './worker';

/** A bill as a chain-aware run sees it. */
export interface ChainBill extends NettingBill {
  /**
   * The most the run may split off it and pass on (0: it may not be passed on): its open amount
   * while it is passable (confirmed or partly paid, not yet due, no objection open, passing on
   * allowed; clearingChains.ts). All of it passed on, the bill ends passedOn (split.ts).
   */
  passFen: bigint;
  /** Whether the run may write it down along a chain (no objection open on it). */
  writable: boolean;
}

export interface ChainOptions extends SolveOptions {
  /** The participants whose mutual-service agreement allows chains. */
  consenting: Iterable<string>;
  /** The smallest part passed on, and the smallest open amount a passed bill may keep (passOn rules). Default one fen. */
  minPartFen?: bigint;
}

export interface ChainClearedBill extends ClearedBill {
  /** Written down along chains (this bill lay inside a chain). */
  chainedFen: bigint;
  /** Split off and passed on (this bill began a chain). */
  passedFen: bigint;
}

/** One split the run makes: `fen` of bill `billId` (payer -> holder) becomes a child bill payer -> receiver. */
export interface ChainPart {
  billId: string;
  payer: string;
  holder: string;
  receiver: string;
  fen: bigint;
  /** The participants the part went through, from its holder to its receiver (each bill between written down by fen). */
  via: string[];
}

export interface ChainNettingSolution {
  /** Every bill given, sorted by id: cleared in cycles, written down along chains, passed on; remainingFen = open less all three. */
  bills: ChainClearedBill[];
  /** The splits, in a deterministic order (by bill id, then the chain's participants). */
  parts: ChainPart[];
  totalOpenFen: bigint;
  /** Cleared in cycles. */
  totalClearedFen: bigint;
  /** Written down along chains: the gross amount the chains discharged. */
  totalChainedFen: bigint;
  /** Moved to child bills (the gross amount stays owed, to new holders). */
  totalPassedFen: bigint;
  /** Before (over open amounts) and after (over what remains and the parts), equal for everyone. */
  positions: NetPosition[];
  /** Sizes and times, and boundFen: the LP optimum rounded down, which no answer exceeds (cleared + chained = boundFen: the optimum). */
  stats: NettingStats & { chainColumns: number; chains: number; boundFen: bigint };
}

/** The bills of one payer to one payee of one kind: kinds differ in what the run may do with them. */
interface Group {
  from: number;
  to: number;
  /** 0 may be passed on (and written down), 1 may be written down, 2 neither (under objection). */
  kind: 0 | 1 | 2;
  bills: number[];
  capFen: bigint;
  passCapFen: bigint;
}

const now = () => performance.now();

function checkBills(input: readonly ChainBill[]): ChainBill[] {
  const bills = [...input].sort((a, b) => byCodeUnit(a.id, b.id));
  let total = 0n;
  bills.forEach((b, i) => {
    if (i > 0 && bills[i - 1].id === b.id) throw new NettingInputError(`bill ${b.id} is given twice`);
    if (typeof b.openFen !== 'bigint' || b.openFen < 0n) throw new NettingInputError(`bill ${b.id} has an open amount that is not a non-negative bigint of fen`);
    if (typeof b.passFen !== 'bigint' || b.passFen < 0n || b.passFen > b.openFen) throw new NettingInputError(`bill ${b.id} may pass on ${b.passFen}, not within 0..${b.openFen}`);
    if (b.passFen > 0n && !b.writable) throw new NettingInputError(`bill ${b.id} may be passed on but not written down`);
    if (b.payer === b.payee) throw new NettingInputError(`bill ${b.id} has the same payer and payee`);
    total += b.openFen;
  });
  if (total > MAX_TOTAL_FEN) throw new NettingInputError(`the open amounts add up to more than ${MAX_TOTAL_FEN} fen`);
  return bills;
}


/** A chain at the arc level: `fen` passed on along group `passed`, then written down along `path`. */
interface Route {
  passed: number;
  path: number[];
  fen: bigint;
}

/**
 * The written-down flow `m` (acyclic) as paths from where it starts to where it stops, each paired
 * with passed-on flow `s` into its start from a debtor other than its end. Flow that cannot be so
 * paired would be a chain back to its own debtor: it is cleared as a cycle instead (`c`).
 */
function routesOf(nodeCount: number, groups: readonly Group[], c: bigint[], s: readonly bigint[], m: bigint[]): Route[] {
  const out: number[][] = Array.from({ length: nodeCount }, () => []);
  const into: number[][] = Array.from({ length: nodeCount }, () => []);
  const net = new Array<bigint>(nodeCount).fill(0n);
  groups.forEach((g, i) => {
    if (m[i] > 0n) {
      out[g.from].push(i);
      net[g.from] += m[i];
      net[g.to] -= m[i];
    }
    if (s[i] > 0n) into[g.to].push(i);
  });
  const left = [...m];
  const paths: { start: number; path: number[]; fen: bigint }[] = [];
  for (let v = 0; v < nodeCount; v++) {
    while (net[v] > 0n) {
      const path: number[] = [];
      let u = v;
      let fen = net[v];
      do {
        const arc = out[u].find((i) => left[i] > 0n);
        if (arc === undefined) throw new Error('netting: a chain stops where nothing arrives (flow out of balance)');
        path.push(arc);
        if (left[arc] < fen) fen = left[arc];
        u = groups[arc].to;
      } while (net[u] >= 0n);
      if (-net[u] < fen) fen = -net[u];
      for (const arc of path) left[arc] -= fen;
      net[v] -= fen;
      net[u] += fen;
      paths.push({ start: v, path, fen });
    }
  }

  const supply = [...s];
  const routes: Route[] = [];
  for (const p of paths) {
    const end = groups[p.path[p.path.length - 1]].to;
    let fen = p.fen;
    // Parts passed into the path's start from debtors other than its end, the largest supply first.
    const candidates = into[p.start].filter((i) => groups[i].from !== end).sort((a, b) => (supply[a] === supply[b] ? a - b : supply[a] > supply[b] ? -1 : 1));
    for (const i of candidates) {
      if (fen === 0n) break;
      const take = supply[i] < fen ? supply[i] : fen;
      if (take === 0n) continue;
      supply[i] -= take;
      fen -= take;
      routes.push({ passed: i, path: p.path, fen: take });
    }
    // What only the end's own bills passed in could start: A -> v1 -> ... -> A is a cycle.
    for (const i of into[p.start]) {
      if (fen === 0n) break;
      const take = supply[i] < fen ? supply[i] : fen;
      if (take === 0n) continue;
      supply[i] -= take;
      fen -= take;
      c[i] += take;
      for (const arc of p.path) {
        m[arc] -= take;
        c[arc] += take;
      }
    }
    if (fen > 0n) for (const arc of p.path) m[arc] -= fen; // nothing passed in: not a chain at all
  }
  return routes;
}

/** Fills bills of a group in id order with `fen`, each up to `room(b)`; answers the fen each bill took. */
function fill(bills: readonly number[], fen: bigint, room: (b: number) => bigint): Map<number, bigint> {
  const took = new Map<number, bigint>();
  let left = fen;
  for (const b of bills) {
    if (left === 0n) break;
    const r = room(b);
    const take = r < left ? r : left;
    if (take > 0n) {
      took.set(b, take);
      left -= take;
    }
  }
  if (left !== 0n) throw new Error('netting: a group took more than its bills hold');
  return took;
}

/** Largest model the solver takes as a MIP when rounding loses something: small runs get the exact integer optimum. */
export const CHAIN_MIP_COLUMNS = 20_000;

/**
 * The answer in integers: the LP vertex when it rounds exactly; otherwise its chains rounded down
 * (chainsRoundedDown) and the cycles solved again on what the chains leave, which is the integer
 * optimum when it reaches the LP optimum rounded down; otherwise, on a model of at most
 * CHAIN_MIP_COLUMNS columns, the MIP; on a larger one the rounded answer (a few fen short at most).
 */
async function integralAnswer(run: LpRunner, built: ReturnType<typeof chainModel>, arcs: readonly ChainArc[]): Promise<{ x: number[]; method: NettingMethod; boundFen: number }> {
  const values = await run(built.model);
  const cost = built.model.colCost as Float64Array;
  // No integral answer discharges more than the LP optimum rounded down.
  const boundFen = Math.floor(Array.from(values).reduce((sum, v, j) => sum + v * cost[j], 0) + 1e-6);
  const exact = roundedChainAnswer(built, values);
  if (exact) return { x: exact, method: 'lp', boundFen };
  const rounded = await roundAndResolve(run, built, arcs, values);
  const got = rounded.reduce((sum, v, j) => sum + v * cost[j], 0);
  if (got >= boundFen || built.model.numCols > CHAIN_MIP_COLUMNS) return { x: rounded, method: 'rounded', boundFen };
  const mip = roundedChainAnswer(built, await run(asMip(built.model)));
  return mip ? { x: mip, method: 'mip', boundFen } : { x: rounded, method: 'rounded', boundFen };
}

/**
 * Chains rounded down to whole fen and kept where they still hold (what a participant passes on
 * came into it: an excess is taken off its written-down flow out, and so on downstream); then the
 * largest circulation on what each arc has left, solved again as solve.ts solves cycles (exact).
 */
async function roundAndResolve(run: LpRunner, built: ReturnType<typeof chainModel>, arcs: readonly ChainArc[], values: ArrayLike<number>): Promise<number[]> {
  const x = new Array<number>(built.model.numCols).fill(0);
  const down = (j: number, cap: number) => (j >= 0 ? Math.min(cap, Math.max(0, Math.floor(values[j] + 1e-7))) : 0);
  arcs.forEach((a) => {
    if (a.s >= 0) x[a.s] = down(a.s, Math.min(a.cap, a.sCap));
    if (a.m >= 0) x[a.m] = down(a.m, a.cap - (a.s >= 0 ? x[a.s] : 0));
  });
  // What comes in (written down or passed on) minus what goes on, at every participant; fixed forward.
  const room = new Map<number, number>();
  const out = new Map<number, number[]>();
  arcs.forEach((a, i) => {
    if (a.s >= 0) room.set(a.to, (room.get(a.to) ?? 0) + x[a.s]);
    if (a.m >= 0) {
      room.set(a.to, (room.get(a.to) ?? 0) + x[a.m]);
      room.set(a.from, (room.get(a.from) ?? 0) - x[a.m]);
      if (!out.has(a.from)) out.set(a.from, []);
      out.get(a.from)!.push(i);
    }
  });
  const queue = [...room.keys()].filter((v) => room.get(v)! < 0).sort((a, b) => a - b);
  while (queue.length) {
    const v = queue.shift()!;
    for (const i of out.get(v) ?? []) {
      if (room.get(v)! >= 0) break;
      const a = arcs[i];
      const cut = Math.min(x[a.m], -room.get(v)!);
      if (!cut) continue;
      x[a.m] -= cut;
      room.set(v, room.get(v)! + cut);
      room.set(a.to, room.get(a.to)! - cut);
      if (room.get(a.to)! < 0) queue.push(a.to);
    }
  }
  // The cycles on what is left of each arc.
  const cycleArcs = arcs.filter((a) => a.c >= 0);
  const rowOf = new Map([...new Set(cycleArcs.flatMap((a) => [a.from, a.to]))].sort((a, b) => a - b).map((v, r) => [v, r]));
  const flowArcs: FlowArc[] = cycleArcs.map((a) => ({ from: rowOf.get(a.from)!, to: rowOf.get(a.to)!, cap: a.cap - (a.s >= 0 ? x[a.s] : 0) - (a.m >= 0 ? x[a.m] : 0) }));
  if (flowArcs.length) {
    const { flow } = await integralCirculation(run, circulationModel(rowOf.size, flowArcs), flowArcs);
    cycleArcs.forEach((a, k) => (x[a.c] = flow[k]));
  }
  return x;
}

/**
 * Solves the chain-aware netting of `input` for the `consenting` participants. Deterministic (the
 * same bills in any order give the same answer); every part an integer number of fen; no bill
 * takes more than its open amount, none passed on beyond its passFen; no net position moves.
 */
export async function solveChainNetting(input: readonly ChainBill[], options: ChainOptions): Promise<ChainNettingSolution> {
  const bills = checkBills(input);
  const minPartFen = options.minPartFen ?? 1n;
  const run: LpRunner = options.inWorker ? runHighsInWorker : inThisThread;
  if (!options.inWorker) await highsSolver();
  const started = now();
  const participants = [...new Set(bills.flatMap((b) => [b.payer, b.payee]))].sort(byCodeUnit);
  const index = new Map(participants.map((p, i) => [p, i]));
  const consenting = new Set<number>();
  for (const p of options.consenting) if (index.has(p)) consenting.add(index.get(p)!);

  // Groups by (payer, payee, kind).
  const byKey = new Map<string, Group>();
  bills.forEach((b, i) => {
    if (b.openFen === 0n) return;
    const from = index.get(b.payer)!;
    const to = index.get(b.payee)!;
    const kind = b.passFen > 0n ? 0 : b.writable ? 1 : 2;
    const key = `${from}>${to}>${kind}`;
    let g = byKey.get(key);
    if (!g) byKey.set(key, (g = { from, to, kind, bills: [], capFen: 0n, passCapFen: 0n }));
    g.bills.push(i);
    g.capFen += b.openFen;
    g.passCapFen += b.passFen;
  });
  const groups = [...byKey.values()].sort((a, b) => a.from - b.from || a.to - b.to || a.kind - b.kind);

  // Columns: c on groups inside a strongly connected component; m between consenting participants;
  // s on groups that may be passed on into a consenting participant that has an m group out.
  const comp = components(participants.length, groups);
  const chainsOut = new Set<number>();
  const mayWriteDown = (g: Group) => g.kind < 2 && consenting.has(g.from) && consenting.has(g.to);
  for (const g of groups) if (mayWriteDown(g)) chainsOut.add(g.from);
  let columns = 0;
  let chainColumns = 0;
  const arcs: ChainArc[] = groups.map((g) => {
    const c = comp[g.from] === comp[g.to] ? columns++ : -1;
    const m = mayWriteDown(g) ? (chainColumns++, columns++) : -1;
    const s = g.kind === 0 && consenting.has(g.to) && chainsOut.has(g.to) ? (chainColumns++, columns++) : -1;
    return { from: g.from, to: g.to, cap: Number(g.capFen), c, s, m, sCap: Number(g.passCapFen) };
  });
  const anyChain = arcs.some((a) => a.s >= 0) && arcs.some((a) => a.m >= 0);
  if (!anyChain) return cyclesOnly(await solveNetting(bills, options), participants.length);

  const built = chainModel(arcs, columns);
  const buildDone = now();
  const { x, method, boundFen } = await integralAnswer(run, built, arcs);
  const solved = now();

  const big = (j: number) => (j >= 0 ? BigInt(x[j]) : 0n);
  const c = arcs.map((a) => big(a.c));
  const s = arcs.map((a) => big(a.s));
  const m = arcs.map((a) => big(a.m));
  // Cycles of the written-down flow are cycles: cleared as such (the same amount).
  const looped = cancelCycles(participants.length, groups, m);
  looped.forEach((fen, i) => {
    m[i] -= fen;
    c[i] += fen;
  });
  let routes = routesOf(participants.length, groups, c, s, m);

  // Bills' parts; routes whose part breaks the minimum part rule are dropped, until none does.
  for (;;) {
    const result = distribute(bills, groups, c, routes, participants, minPartFen);
    if (!result.offending.size) return finish(bills, participants, result, { method, buildMs: buildDone - started, solveMs: solved - buildDone, started, lpArcs: columns, chainColumns, groups: groups.length, boundFen: BigInt(boundFen) });
    routes = routes.filter((_, i) => !result.offending.has(i));
  }
}

/**
 * Each group's parts handed to its bills in id order: the parts passed on first (each bill up to its
 * passFen), then what chains write down, then what cycles clear. Answers the routes whose part breaks
 * the minimum part rule: a part below the minimum, or a passed bill left with less than it open.
 */
function distribute(all: readonly ChainBill[], gs: readonly Group[], cycle: readonly bigint[], rs: readonly Route[], names: readonly string[], minPartFen: bigint) {
  const passed = new Array<bigint>(all.length).fill(0n);
  const chained = new Array<bigint>(all.length).fill(0n);
  const cleared = new Array<bigint>(all.length).fill(0n);
  const parts: (ChainPart & { route: number; bill: number })[] = [];
  rs.forEach((r, route) => {
    const g = gs[r.passed];
    const end = names[gs[r.path[r.path.length - 1]].to];
    const via = [names[g.to], ...r.path.map((arc) => names[gs[arc].to])];
    for (const [bill, fen] of fill(g.bills, r.fen, (b) => all[b].passFen - passed[b])) {
      passed[bill] += fen;
      parts.push({ billId: all[bill].id, payer: all[bill].payer, holder: all[bill].payee, receiver: end, fen, via, route, bill });
    }
  });
  const written = new Array<bigint>(gs.length).fill(0n);
  for (const r of rs) for (const arc of r.path) written[arc] += r.fen;
  gs.forEach((g, i) => {
    for (const [b, fen] of fill(g.bills, written[i], (b) => all[b].openFen - passed[b])) chained[b] += fen;
    for (const [b, fen] of fill(g.bills, cycle[i], (b) => all[b].openFen - passed[b] - chained[b])) cleared[b] += fen;
  });
  const offending = new Set<number>();
  for (const p of parts) {
    const rest = all[p.bill].openFen - passed[p.bill] - chained[p.bill] - cleared[p.bill];
    if (p.fen < minPartFen || (rest > 0n && rest < minPartFen)) offending.add(p.route);
  }
  return { passed, chained, cleared, parts, offending };
}

function finish(
  bills: readonly ChainBill[],
  participants: readonly string[],
  r: { passed: bigint[]; chained: bigint[]; cleared: bigint[]; parts: (ChainPart & { route: number; bill: number })[] },
  t: { method: NettingMethod; buildMs: number; solveMs: number; started: number; lpArcs: number; chainColumns: number; groups: number; boundFen: bigint },
): ChainNettingSolution {
  const out: ChainClearedBill[] = bills.map(({ id, payer, payee, openFen }, i) => ({
    id,
    payer,
    payee,
    openFen,
    clearedFen: r.cleared[i],
    chainedFen: r.chained[i],
    passedFen: r.passed[i],
    remainingFen: openFen - r.cleared[i] - r.chained[i] - r.passed[i],
  }));
  // One part per bill and chain: routes along the same participants merge.
  const merged = new Map<string, ChainPart>();
  for (const { billId, payer, holder, receiver, fen, via } of r.parts) {
    const p = { billId, payer, holder, receiver, fen, via };
    const key = `${p.billId}>${p.via.join('>')}`;
    const known = merged.get(key);
    if (known) known.fen += p.fen;
    else merged.set(key, { ...p, via: [...p.via] });
  }
  const parts = [...merged.values()].sort((a, b) => byCodeUnit(a.billId, b.billId) || byCodeUnit(a.via.join('>'), b.via.join('>')));
  const positions = chainPositions(participants, out, parts);
  for (const p of positions) if (p.beforeFen !== p.afterFen) throw new Error(`netting: chains moved ${p.participant}'s net position`);
  const sum = (f: (b: ChainClearedBill) => bigint) => out.reduce((total, b) => total + f(b), 0n);
  const done = now();
  return {
    bills: out,
    parts,
    totalOpenFen: sum((b) => b.openFen),
    totalClearedFen: sum((b) => b.clearedFen),
    totalChainedFen: sum((b) => b.chainedFen),
    totalPassedFen: sum((b) => b.passedFen),
    positions,
    stats: { participants: participants.length, bills: bills.length, arcs: t.groups, lpArcs: t.lpArcs, method: t.method, buildMs: t.buildMs, solveMs: t.solveMs, totalMs: done - t.started, chainColumns: t.chainColumns, chains: parts.length, boundFen: t.boundFen },
  };
}

/** Net positions before (open amounts) and after (what remains of each bill, and the parts passed on to their receivers). */
export function chainPositions(participants: readonly string[], bills: readonly ChainClearedBill[], parts: readonly Pick<ChainPart, 'payer' | 'receiver' | 'fen'>[]): NetPosition[] {
  const before = new Map(participants.map((p) => [p, 0n]));
  const after = new Map(participants.map((p) => [p, 0n]));
  const add = (m: Map<string, bigint>, who: string, fen: bigint) => m.set(who, (m.get(who) ?? 0n) + fen);
  for (const b of bills) {
    add(before, b.payee, b.openFen);
    add(before, b.payer, -b.openFen);
    add(after, b.payee, b.remainingFen);
    add(after, b.payer, -b.remainingFen);
  }
  for (const p of parts) {
    add(after, p.receiver, p.fen);
    add(after, p.payer, -p.fen);
  }
  return participants.map((participant) => ({ participant, beforeFen: before.get(participant)!, afterFen: after.get(participant)! }));
}

/** solveNetting's answer in the chain solution's shape: nothing chained or passed. */
function cyclesOnly(cycles: Awaited<ReturnType<typeof solveNetting>>, participants: number): ChainNettingSolution {
  return {
    bills: cycles.bills.map((b) => ({ ...b, chainedFen: 0n, passedFen: 0n })),
    parts: [],
    totalOpenFen: cycles.totalOpenFen,
    totalClearedFen: cycles.totalClearedFen,
    totalChainedFen: 0n,
    totalPassedFen: 0n,
    positions: cycles.positions,
    stats: { ...cycles.stats, participants, chainColumns: 0, chains: 0, boundFen: cycles.totalClearedFen },
  };
}
