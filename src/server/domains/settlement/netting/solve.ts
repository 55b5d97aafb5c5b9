// Optimal mutual netting (DESIGN §9): the largest total of open bills that can be cancelled in
// cycles. That is a maximum circulation with each bill's open amount as its capacity:
//
//   maximise   sum of x(a) over arcs a
//   subject to sum of x(a) into v = sum of x(a) out of v   for every participant v
//              0 <= x(a) <= open amount of a
//
// solved as a linear program by HiGHS (docs/decisions.md "Mutual netting: the solver").
// Pure: no database; the caller passes the run's bills and writes the answer down.
import type { Highs, ModelData, ObjectiveSense, VariableType } from 'highs';
import { highsSolver } from './highs';
import { repairCirculation, roundedCirculation, type FlowArc } from './integral';
import { buildNetwork, cyclicArcs, distribute, netPositions, type ClearedBill, type NetPosition, type NettingBill } from './network';
import { syntheticBills } from './synthetic';
import { runHighsInWorker } from './worker';

/**
 * HiGHS's codes (highs.constants), written out so a model can be built without loading the
 * WebAssembly in this thread when a worker solves it (a unit test checks they agree).
 */
export const HIGHS_CODES = { maximize: -1 as ObjectiveSense, integer: 1 as VariableType } as const;

/**
 * How the integral answer was reached: the LP vertex as it came (always so far for cycles), the MIP,
 * repaired, or (chain-aware netting, chains.ts) the LP's chains rounded down and the cycles solved again.
 */
export type NettingMethod = 'lp' | 'mip' | 'repaired' | 'rounded';

export interface NettingStats {
  participants: number;
  bills: number;
  /** Ordered payer->payee pairs (parallel bills merged). */
  arcs: number;
  /** Arcs on some cycle: the LP's columns. */
  lpArcs: number;
  method: NettingMethod;
  /** Canonical order, merging, cycle filter and the model's sparse arrays (the LP build). */
  buildMs: number;
  /** HiGHS: taking the model in and solving it (the WebAssembly load is not counted). */
  solveMs: number;
  totalMs: number;
}

export interface NettingSolution {
  /** Every bill given, sorted by id, with its cleared part. */
  bills: ClearedBill[];
  /** Sum of the open amounts given. */
  totalOpenFen: bigint;
  totalClearedFen: bigint;
  /** Every participant's net position before and after clearing (equal), sorted by participant. */
  positions: NetPosition[];
  /** Sizes and times; not part of the answer (times vary between runs). */
  stats: NettingStats;
}

const now = () => performance.now();

/** The circulation LP as HiGHS's sparse model: one column per arc, one row per participant. */
export function circulationModel(nodeCount: number, arcs: readonly FlowArc[]): ModelData {
  const columns = arcs.length;
  // Column j: -1 in its payer's row, +1 in its payee's (rows in ascending order within a column).
  const starts = new Int32Array(columns + 1);
  const indices = new Int32Array(2 * columns);
  const values = new Float64Array(2 * columns);
  const upper = new Float64Array(columns);
  arcs.forEach((arc, j) => {
    starts[j] = 2 * j;
    const payerFirst = arc.from < arc.to;
    indices[2 * j] = payerFirst ? arc.from : arc.to;
    values[2 * j] = payerFirst ? -1 : 1;
    indices[2 * j + 1] = payerFirst ? arc.to : arc.from;
    values[2 * j + 1] = payerFirst ? 1 : -1;
    upper[j] = arc.cap;
  });
  starts[columns] = 2 * columns;
  return {
    numCols: columns,
    numRows: nodeCount,
    sense: HIGHS_CODES.maximize,
    colCost: new Float64Array(columns).fill(1),
    colLower: new Float64Array(columns),
    colUpper: upper,
    rowLower: new Float64Array(nodeCount),
    rowUpper: new Float64Array(nodeCount),
    matrix: { format: 'csc', numRows: nodeCount, numCols: columns, starts, indices, values },
  };
}

/** Solves the model (as a MIP when it has integrality); answers the column values. */
export function runHighs(highs: Highs, model: ModelData): Float64Array {
  return highs.withModel(model, (m) => {
    m.options.set({ output_flag: false });
    const { modelStatus } = m.run();
    if (modelStatus !== highs.constants.modelStatus.optimal) throw new Error(`netting: HiGHS ended with model status ${modelStatus}, not optimal`);
    return m.getSolution().colValue;
  });
}

/** Solves a model somewhere (this thread or the worker) and answers the column values. */
export type LpRunner = (model: ModelData) => Promise<Float64Array>;

export const inThisThread: LpRunner = async (model) => runHighs(await highsSolver(), model);

/**
 * The optimal circulation in exact integers: the LP's vertex as it rounds (integral.ts says why
 * that is exact); should it not be integral, the same model as a MIP; should that not round to
 * a circulation either, the MIP's answer repaired.
 */
export async function integralCirculation(run: LpRunner, model: ModelData, arcs: readonly FlowArc[]): Promise<{ flow: number[]; method: NettingMethod }> {
  const rows = model.numRows;
  const lp = roundedCirculation(rows, arcs, await run(model));
  if (lp) return { flow: lp, method: 'lp' };
  const values = await run({ ...model, integrality: new Int32Array(arcs.length).fill(HIGHS_CODES.integer) });
  const mip = roundedCirculation(rows, arcs, values);
  if (mip) return { flow: mip, method: 'mip' };
  const rounded = arcs.map((arc, j) => Math.min(arc.cap, Math.max(0, Math.round(values[j]))));
  return { flow: repairCirculation(rows, arcs, rounded), method: 'repaired' };
}

export interface SolveOptions {
  /**
   * Solve in the worker thread (worker.ts) instead of this one: the server's choice, so a run
   * does not block the API. Same answer either way.
   */
  inWorker?: boolean;
}

/**
 * Clears the largest total of the given open bills that cancels in cycles. Deterministic: the
 * same bills in any order give the same answer. Every cleared part is an integer number of fen
 * between 0 and the bill's open amount, and no participant's net position changes.
 */
export async function solveNetting(input: readonly NettingBill[], options: SolveOptions = {}): Promise<NettingSolution> {
  const run = options.inWorker ? runHighsInWorker : inThisThread;
  // The WebAssembly loads (once) before the clock starts, as in the worker.
  if (!options.inWorker) await highsSolver();
  const started = now();
  const network = buildNetwork(input);
  const kept = cyclicArcs(network);
  // Rows only for participants on a kept arc, numbered in participant order.
  const row = new Map<number, number>();
  for (const i of kept) for (const v of [network.arcs[i].from, network.arcs[i].to]) row.set(v, 0);
  [...row.keys()].sort((a, b) => a - b).forEach((v, r) => row.set(v, r));
  const arcs: FlowArc[] = kept.map((i) => ({ from: row.get(network.arcs[i].from)!, to: row.get(network.arcs[i].to)!, cap: Number(network.arcs[i].capFen) }));
  const model = arcs.length ? circulationModel(row.size, arcs) : null;
  const built = now();

  const { flow, method } = model ? await integralCirculation(run, model, arcs) : { flow: [], method: 'lp' as const };
  const solved = now();

  const arcCleared = new Array<bigint>(network.arcs.length).fill(0n);
  kept.forEach((i, j) => (arcCleared[i] = BigInt(flow[j])));
  const bills = distribute(network, arcCleared);
  const positions = netPositions(network.participants, bills);
  for (const p of positions) if (p.beforeFen !== p.afterFen) throw new Error(`netting: clearing moved ${p.participant}'s net position`);
  const totalOpenFen = bills.reduce((sum, b) => sum + b.openFen, 0n);
  const totalClearedFen = bills.reduce((sum, b) => sum + b.clearedFen, 0n);
  const done = now();
  return {
    bills,
    totalOpenFen,
    totalClearedFen,
    positions,
    stats: {
      participants: network.participants.length,
      bills: network.bills.length,
      arcs: network.arcs.length,
      lpArcs: arcs.length,
      method,
      buildMs: built - started,
      solveMs: solved - built,
      totalMs: done - started,
    },
  };
}

/**
 * Starts the worker and has it solve a network of the bench's size (1,000 participants, 10,000
 * bills) once, so V8 has optimised HiGHS's hot code before the first real run: call it when the
 * server starts. Answers how long it took.
 */
export async function warmNettingWorker(): Promise<number> {
  const started = now();
  await solveNetting(syntheticBills('uniform', 1_000, 10_000, 1), { inWorker: true });
  return now() - started;
}
