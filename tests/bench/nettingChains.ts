// npm run bench netting, chain-aware part (issue 31 item 4): on the realistic supply-chain network
// (synthetic.ts SUPPLY_CHAIN) and the uniform one, side by side, the share of the gross amount
// cycle-only netting clears and the share chain-aware netting discharges (cycles + bills written
// down along chains), every participant consenting and every bill passable (nothing paid yet, so
// each keeps one fen), at 1,000 participants / 10,000 bills and at 10,000 / 130,000 (the size of
// the Italian e-invoice data; LSF_BENCH_LARGE=0 skips it). Solver times beside. No balances here:
// what settlement from balances adds is the clearing run's (tests/bench/clearing.ts). Never fails on a number.
import { solveNetting } from '../../src/server/domains/settlement/netting';
import { solveChainNetting, type ChainBill } from '../../src/server/domains/settlement/netting/chains';
import { syntheticBills, type NetworkShape } from '../../src/server/domains/settlement/netting/synthetic';

const SEED = Number(process.env.LSF_BENCH_SEED ?? 18);
const SIZES: [number, number][] = process.env.LSF_BENCH_LARGE === '0' ? [[1_000, 10_000]] : [[1_000, 10_000], [10_000, 130_000]];
const SHAPES: NetworkShape[] = ['supplyChain', 'uniform'];

const pct = (part: bigint, whole: bigint) => `${((Number(part) / Number(whole)) * 100).toFixed(1)}%`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Every bill as a fresh confirmed one: passable in whole (as clearingChains.ts chainBillsOf says), writable. */
export const chainBench = (shape: NetworkShape, participants: number, bills: number): ChainBill[] =>
  syntheticBills(shape, participants, bills, SEED).map((b) => ({ ...b, passFen: b.openFen, writable: true }));

export async function benchChainNetting(): Promise<void> {
  console.log(`netting[chains]: shares of the gross amount, cycle-only vs chain-aware (every participant consenting; seed ${SEED})`);
  for (const [participants, count] of SIZES) {
    for (const shape of SHAPES) {
      const bills = chainBench(shape, participants, count);
      const consenting = [...new Set(bills.flatMap((b) => [b.payer, b.payee]))];
      const cycles = await solveNetting(bills);
      const chains = await solveChainNetting(bills, { consenting });
      const whole = chains.totalOpenFen;
      console.log(
        `netting[chains, ${shape}, ${participants}/${count}]: cycle-only ${pct(cycles.totalClearedFen, whole)} (solver ${s(cycles.stats.solveMs)}); ` +
          `chain-aware ${pct(chains.totalClearedFen + chains.totalChainedFen, whole)} = cycles ${pct(chains.totalClearedFen, whole)} + chains ${pct(chains.totalChainedFen, whole)} ` +
          `(LP optimum ${pct(chains.stats.boundFen, whole)}, ${chains.stats.boundFen - chains.totalClearedFen - chains.totalChainedFen} fen short of it; ${chains.parts.length} parts passed on, ${pct(chains.totalPassedFen, whole)} of the amount moved to new holders; ${chains.stats.lpArcs} columns, integral by ${chains.stats.method}; ` +
          `build ${s(chains.stats.buildMs)}, solver ${s(chains.stats.solveMs)}, total ${s(chains.stats.totalMs)})`,
      );
    }
  }
}
