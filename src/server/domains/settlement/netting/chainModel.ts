// The chain-aware netting LP (DESIGN §9, issue 31 item 4) as HiGHS's sparse model, and the check
// that the solver's doubles are an exact answer in integer fen.
//
// Besides cancelling cycles, a run may pass a bill on along a chain: A owes B and B owes C, so part
// p of A's bill to B becomes a child bill held by C and B's bill to C is written down by p. Every
// arc (the bills of one payer to one payee of one kind, network.ts) has up to three columns:
//   c  its part cleared in cycles (a circulation: in = out at every participant);
//   s  its part passed on: the first bill of a chain, whose holder (the arc's payee) hands it on;
//   m  its part written down along a chain (a bill between two consenting participants);
// with c + s + m <= the arc's open amount and s <= what may be split off it. At a consenting
// participant v, whatever chains carry on out of v came into it: out_m(v) <= in_m(v) + in_s(v).
// The objective is the gross amount discharged: sum c + sum m (a chain of k bills after its first
// writes down k bills by its part; the first bill only changes hands).
//
// Cycles and chains share each bill's amount, so this is not a network matrix and a vertex may be
// fractional: the answer is taken as it rounds only when the rounded values satisfy every row
// exactly and lose less than half a fen in total (then they are the integer optimum); otherwise
// the caller solves the same model as a MIP.
import type { ModelData } from 'highs';
import { HIGHS_CODES } from './solve';

/** An arc of the chain model: tail and head row indexes into the participants, amounts in fen (safe integers). */
export interface ChainArc {
  from: number;
  to: number;
  cap: number;
  /** Column indexes of its c, s and m parts (-1 where the arc has no such part). */
  c: number;
  s: number;
  m: number;
  /** The most its s part may be: what may be split off its bills. */
  sCap: number;
}

export interface ChainModel {
  model: ModelData;
  /** Rows of the cycle balance (one per participant on a cycle column), then chain rows, then capacity rows. */
  cycleRow: Map<number, number>;
  chainRow: Map<number, number>;
  capacityRows: { arc: number; row: number }[];
}

/**
 * Builds the LP. `arcs` carry their column indexes (numbered by the caller: every c, s and m part
 * once, from 0). Rows: a cycle balance for every participant a c column touches (= 0), a chain row
 * for every participant an s or m column touches (<= 0), a capacity row for every arc with two or
 * more columns (<= cap).
 */
export function chainModel(arcs: readonly ChainArc[], columns: number): ChainModel {
  const cycleRow = new Map<number, number>();
  const chainRow = new Map<number, number>();
  let rows = 0;
  const rowOf = (rowsOf: Map<number, number>, v: number) => {
    let r = rowsOf.get(v);
    if (r === undefined) rowsOf.set(v, (r = -1));
    return r;
  };
  // Participants in ascending order within each kind of row, so the model does not depend on arc order.
  for (const arc of arcs) {
    if (arc.c >= 0) [arc.from, arc.to].forEach((v) => rowOf(cycleRow, v));
    if (arc.m >= 0) [arc.from, arc.to].forEach((v) => rowOf(chainRow, v));
    if (arc.s >= 0) rowOf(chainRow, arc.to);
  }
  for (const v of [...cycleRow.keys()].sort((a, b) => a - b)) cycleRow.set(v, rows++);
  for (const v of [...chainRow.keys()].sort((a, b) => a - b)) chainRow.set(v, rows++);
  const capacityRows: { arc: number; row: number }[] = [];
  arcs.forEach((arc, i) => {
    if ((arc.c >= 0 ? 1 : 0) + (arc.s >= 0 ? 1 : 0) + (arc.m >= 0 ? 1 : 0) >= 2) capacityRows.push({ arc: i, row: rows++ });
  });
  const capRowOf = new Map(capacityRows.map(({ arc, row }) => [arc, row]));

  // Column entries (row, value), each column's rows in ascending order (CSC).
  const entries: [number, number][][] = Array.from({ length: columns }, () => []);
  const cost = new Float64Array(columns);
  const upper = new Float64Array(columns);
  arcs.forEach((arc, i) => {
    const cap = capRowOf.get(i);
    if (arc.c >= 0) {
      entries[arc.c].push([cycleRow.get(arc.from)!, -1], [cycleRow.get(arc.to)!, 1]);
      cost[arc.c] = 1;
      upper[arc.c] = arc.cap;
    }
    if (arc.m >= 0) {
      // out of `from` counts +1 in its chain row, into `to` -1.
      entries[arc.m].push([chainRow.get(arc.from)!, 1], [chainRow.get(arc.to)!, -1]);
      cost[arc.m] = 1;
      upper[arc.m] = arc.cap;
    }
    if (arc.s >= 0) {
      entries[arc.s].push([chainRow.get(arc.to)!, -1]);
      upper[arc.s] = Math.min(arc.sCap, arc.cap);
    }
    if (cap !== undefined) for (const j of [arc.c, arc.s, arc.m]) if (j >= 0) entries[j].push([cap, 1]);
  });
  const starts = new Int32Array(columns + 1);
  let nonzeros = 0;
  for (let j = 0; j < columns; j++) {
    starts[j] = nonzeros;
    nonzeros += entries[j].length;
  }
  starts[columns] = nonzeros;
  const indices = new Int32Array(nonzeros);
  const values = new Float64Array(nonzeros);
  entries.forEach((list, j) => {
    list.sort((a, b) => a[0] - b[0]);
    list.forEach(([row, value], k) => {
      indices[starts[j] + k] = row;
      values[starts[j] + k] = value;
    });
  });
  // Finite bounds throughout (no infinities to agree on between threads): a chain row's activity
  // is at least minus every m and s column at its bound.
  const total = arcs.reduce((sum, a) => sum + 2 * a.cap, 0);
  const rowLower = new Float64Array(rows);
  const rowUpper = new Float64Array(rows);
  for (const r of chainRow.values()) rowLower[r] = -total;
  for (const { arc, row } of capacityRows) rowUpper[row] = arcs[arc].cap;
  return {
    model: {
      numCols: columns,
      numRows: rows,
      sense: HIGHS_CODES.maximize,
      colCost: cost,
      colLower: new Float64Array(columns),
      colUpper: upper,
      rowLower,
      rowUpper,
      matrix: { format: 'csc', numRows: rows, numCols: columns, starts, indices, values },
    },
    cycleRow,
    chainRow,
    capacityRows,
  };
}

/**
 * The solver's values rounded to integers within their bounds, when that is an exact answer: every
 * row holds exactly and the rounding moved the values by less than 1/2 in total (so the rounded
 * objective is the LP optimum up to less than 1/2, hence the integer optimum). Otherwise null.
 */
export function roundedChainAnswer(built: ChainModel, values: ArrayLike<number>): number[] | null {
  const { model } = built;
  const upper = model.colUpper as Float64Array;
  let drift = 0;
  const x = Array.from({ length: model.numCols }, (_, j) => {
    const rounded = Math.min(upper[j], Math.max(0, Math.round(values[j])));
    drift += Math.abs(values[j] - rounded);
    return rounded;
  });
  if (!(drift < 0.5)) return null;
  const activity = new Float64Array(model.numRows);
  const { starts, indices, values: coef } = model.matrix as { starts: Int32Array; indices: Int32Array; values: Float64Array };
  for (let j = 0; j < model.numCols; j++) for (let k = starts[j]; k < starts[j + 1]; k++) activity[indices[k]] += coef[k] * x[j];
  const lower = model.rowLower as Float64Array;
  const rowUpper = model.rowUpper as Float64Array;
  for (let r = 0; r < model.numRows; r++) if (activity[r] < lower[r] || activity[r] > rowUpper[r]) return null;
  return x;
}

/** The same model with every column integer (the MIP the caller falls back to). */
export const asMip = (model: ModelData): ModelData => ({ ...model, integrality: new Int32Array(model.numCols).fill(HIGHS_CODES.integer) });
