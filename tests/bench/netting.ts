// npm run bench netting: the clearing solver on 1,000 participants and 10,000 open bills from a
// seeded generator (LSF_BENCH_SEED; two network shapes, see benchBills), side by side with a greedy cycle-cancelling pass and with
// pairwise netting in one run. Prints the LP's build and solve times apart from the total, and
// the amount each method clears; then a whole clearing run on PostgreSQL (tests/bench/clearing.ts:
// read and lock the bills, solve, write down, settle, store the run). Never fails on a number.
import { formatMoney } from '../../src/shared/money';
import { greedyCycleCancellingBaseline, pairwiseNettingBaseline } from '../../src/server/domains/settlement/netting/baselines';
import { highsSolver } from '../../src/server/domains/settlement/netting/highs';
import { syntheticBills, type NetworkShape } from '../../src/server/domains/settlement/netting/synthetic';
import { solveNetting, type NettingSolution } from '../../src/server/domains/settlement/netting';
import { warmNettingWorker } from '../../src/server/domains/settlement/netting/solve';

const PARTICIPANTS = 1_000;
const BILLS = 10_000;
/** Solves of the same network in one process; the first includes WebAssembly tier-up (see below). */
const RUNS = 5;
const SEED = Number(process.env.LSF_BENCH_SEED ?? 18);

/** The bench's networks: 1,000 participants, 10,000 bills, seed LSF_BENCH_SEED (default 18). */
export const benchBills = (shape: NetworkShape = 'uniform') => syntheticBills(shape, PARTICIPANTS, BILLS, SEED);

const ms = (x: number) => `${x.toFixed(1)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const share = (part: bigint, whole: bigint) => `${((Number(part) / Number(whole)) * 100).toFixed(1)}%`;

async function timed<T>(fn: () => T | Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

export async function benchNetting(): Promise<void> {
  const [, loadMs] = await timed(highsSolver);
  console.log(`netting: HiGHS WebAssembly load (once per process) ${ms(loadMs)}`);
  const clearedInThread = await benchShape('uniform');
  await benchShape('local');
  // Tiers, dominant buyers, heavy-tailed amounts, calibrated cycles (synthetic.ts SUPPLY_CHAIN).
  await benchShape('supplyChain');

  // The server's way: the worker thread, warmed up once at start (warmNettingWorker).
  const warmMs = await warmNettingWorker();
  const bills = benchBills('uniform');
  const inWorker: NettingSolution[] = [];
  for (let i = 0; i < RUNS; i++) inWorker.push(await solveNetting(bills, { inWorker: true }));
  const [first, ...rest] = inWorker.map((s) => s.stats);
  console.log(
    `netting[uniform, worker]: warm-up at start ${ms(warmMs)}; then first run: build ${ms(first.buildMs)}, solver ${ms(first.solveMs)}, total ${ms(first.totalMs)}; ` +
      `median of the next ${rest.length}: solver ${ms(median(rest.map((s) => s.solveMs)))}, total ${ms(median(rest.map((s) => s.totalMs)))}; ` +
      `same total as in this thread: ${inWorker.every((s) => s.totalClearedFen === clearedInThread)}`,
  );
  // Cycle-only beside chain-aware netting on the supply-chain and uniform networks, both sizes (nettingChains.ts).
  await (await import('./nettingChains')).benchChainNetting();
  // The whole clearing run on PostgreSQL (tests/bench/clearing.ts).
  await (await import('./clearing')).benchClearingRun();
}

/** Prints one network's figures; answers the LP's cleared total. */
async function benchShape(shape: NetworkShape): Promise<bigint> {
  const bills = benchBills(shape);
  console.log(`netting[${shape}]: ${PARTICIPANTS} participants, ${BILLS} bills (seed ${SEED})`);

  const runs: { solution: NettingSolution; callMs: number }[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [solution, callMs] = await timed(() => solveNetting(bills));
    runs.push({ solution, callMs });
  }
  const { solution } = runs[0];
  const { stats } = solution;
  // V8 first runs WebAssembly in its baseline tier and optimises hot functions while they run, so
  // the first solve of a process is slower (only the first shape shows it) than the ones after it: shown apart.
  const later = runs.slice(1).map((r) => r.solution.stats);
  console.log(`netting[${shape}]: LP ${stats.lpArcs} columns (of ${stats.arcs} payer->payee pairs) x ${stats.participants} participants, integral answer by ${stats.method}`);
  console.log(`netting[${shape}]: first solve of this network (the process's first also compiles HiGHS's hot code): build ${ms(stats.buildMs)}, solver ${ms(stats.solveMs)}, total ${ms(stats.totalMs)}`);
  console.log(
    `netting[${shape}]: median of the next ${later.length}: build ${ms(median(later.map((s) => s.buildMs)))}, solver ${ms(median(later.map((s) => s.solveMs)))}, ` +
      `total ${ms(median(later.map((s) => s.totalMs)))} (worst total ${ms(Math.max(...later.map((s) => s.totalMs)))})`,
  );
  const same = runs.every((r) => r.solution.totalClearedFen === solution.totalClearedFen && r.solution.bills.every((b, i) => b.clearedFen === solution.bills[i].clearedFen));
  console.log(`netting[${shape}]: the ${RUNS} runs give the same answer: ${same}`);

  const [greedy, greedyMs] = await timed(() => greedyCycleCancellingBaseline(bills));
  const [pairwise, pairwiseMs] = await timed(() => pairwiseNettingBaseline(bills));
  const amountIn = solution.totalOpenFen;
  console.log(`netting[${shape}]: amount in ${formatMoney(amountIn)} yuan`);
  for (const [label, cleared, time] of [
    ['LP (HiGHS)', solution.totalClearedFen, median(runs.slice(1).map((r) => r.callMs))],
    ['greedy cycle cancelling', greedy.totalClearedFen, greedyMs],
    ['pairwise netting', pairwise.totalClearedFen, pairwiseMs],
  ] as const) {
    console.log(`netting[${shape}]:   ${label.padEnd(24)} cleared ${formatMoney(cleared).padStart(20)} yuan = ${share(cleared, amountIn).padStart(6)} of the amount in, in ${ms(time)}`);
  }
  console.log(`netting[${shape}]: LP clears ${share(solution.totalClearedFen - greedy.totalClearedFen, greedy.totalClearedFen)} more than greedy, ${pairwise.totalClearedFen ? share(solution.totalClearedFen - pairwise.totalClearedFen, pairwise.totalClearedFen) : 'n/a'} more than pairwise`);
  return solution.totalClearedFen;
}
