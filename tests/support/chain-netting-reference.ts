// An independent answer for the chain-aware netting tests (tests/unit/netting-chains.test.ts): the
// most a run can discharge by cycles and chains, formulated by paths instead of arc flows, and
// written without the product's network code.
//
// Every way of discharging is listed bill by bill (parallel bills apart): each simple cycle of bills
// (discharges its length), and each chain: a first bill that may be passed on, into a consenting
// participant v1, followed by a simple path of writable bills between consenting participants from
// v1 to an end Z other than the first bill's payer (discharges the path's length). One integer
// variable per way; each bill's ways together at most its open amount, its chains' first uses at
// most its passFen. Solved as a MIP by HiGHS: tiny networks only.
import type { ModelData, ObjectiveSense, VariableType } from 'highs';
import { highsSolver } from '../../src/server/domains/settlement/netting/highs';

export interface ReferenceChainBill {
  id: string;
  payer: string;
  payee: string;
  openFen: bigint;
  passFen: bigint;
  writable: boolean;
}

interface Way {
  bills: number[];
  /** The first bill is passed on (a chain), not written down. */
  chain: boolean;
}

function ways(bills: readonly ReferenceChainBill[], consenting: ReadonlySet<string>): Way[] {
  const found: Way[] = [];
  const from = (who: string) => bills.map((b, i) => [b, i] as const).filter(([b]) => b.payer === who && b.openFen > 0n);
  // Cycles: from each bill, simple paths back to its payer.
  bills.forEach((first, i) => {
    if (first.openFen === 0n) return;
    const walk = (at: string, seen: Set<string>, path: number[]) => {
      for (const [b, j] of from(at)) {
        if (b.payee === first.payer) found.push({ bills: [...path, j], chain: false });
        else if (!seen.has(b.payee)) walk(b.payee, new Set(seen).add(b.payee), [...path, j]);
      }
    };
    walk(first.payee, new Set([first.payer, first.payee]), [i]);
  });
  // Chains: a passable first bill into a consenting holder, then writable bills inside the consenting set.
  bills.forEach((first, i) => {
    if (first.passFen === 0n || !consenting.has(first.payee)) return;
    const walk = (at: string, seen: Set<string>, path: number[]) => {
      for (const [b, j] of from(at)) {
        if (!b.writable || !consenting.has(b.payee) || seen.has(b.payee)) continue;
        const next = [...path, j];
        if (b.payee !== first.payer) found.push({ bills: next, chain: true });
        walk(b.payee, new Set(seen).add(b.payee), next);
      }
    };
    walk(first.payee, new Set([first.payee]), [i]);
  });
  return found;
}

/** The largest gross amount discharged (cycles' bills cleared + chains' bills written down), in fen. */
export async function referenceChainOptimum(bills: readonly ReferenceChainBill[], consenting: Iterable<string>): Promise<bigint> {
  const list = ways(bills, new Set(consenting));
  if (!list.length) return 0n;
  const highs = await highsSolver();
  // Rows: per bill, all uses <= open; per bill, chain-first uses <= passFen.
  const rows = 2 * bills.length;
  const entries = list.map((w) => {
    const count = new Map<number, number>();
    w.bills.forEach((b) => count.set(b, (count.get(b) ?? 0) + 1));
    const column: [number, number][] = [...count].map(([b, n]) => [b, n]);
    if (w.chain) column.push([bills.length + w.bills[0], 1]);
    return column.sort((a, b) => a[0] - b[0]);
  });
  const starts: number[] = [];
  const indices: number[] = [];
  const values: number[] = [];
  for (const column of entries) {
    starts.push(indices.length);
    for (const [row, value] of column) {
      indices.push(row);
      values.push(value);
    }
  }
  starts.push(indices.length);
  const model: ModelData = {
    numCols: list.length,
    numRows: rows,
    sense: highs.constants.objectiveSense.maximize as ObjectiveSense,
    colCost: list.map((w) => (w.chain ? w.bills.length - 1 : w.bills.length)),
    colLower: list.map(() => 0),
    colUpper: list.map(() => 1e9),
    rowLower: Array.from({ length: rows }, () => 0),
    rowUpper: [...bills.map((b) => Number(b.openFen)), ...bills.map((b) => Number(b.passFen))],
    matrix: { format: 'csc', numRows: rows, numCols: list.length, starts, indices, values },
    integrality: list.map(() => 1 as VariableType),
  };
  return highs.withModel(model, (m) => {
    m.options.set({ output_flag: false });
    const { modelStatus } = m.run();
    if (modelStatus !== highs.constants.modelStatus.optimal) throw new Error(`reference: model status ${modelStatus}`);
    const x = m.getSolution().colValue;
    return BigInt(Math.round(list.reduce((sum, w, j) => sum + x[j] * (w.chain ? w.bills.length - 1 : w.bills.length), 0)));
  });
}
