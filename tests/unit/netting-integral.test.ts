// From the solver's doubles to exact fen (src/server/domains/settlement/netting/integral.ts): a
// near-integral circulation is taken as it rounds; anything else is refused, and the last-resort
// repair turns any flow within its bounds into an exact circulation by lowering arcs only.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highsSolver } from '../../src/server/domains/settlement/netting/highs';
import { imbalance, repairCirculation, roundedCirculation, type FlowArc } from '../../src/server/domains/settlement/netting/integral';
import { HIGHS_CODES, circulationModel, runHighs } from '../../src/server/domains/settlement/netting/solve';

const triangle: FlowArc[] = [
  { from: 0, to: 1, cap: 10 },
  { from: 1, to: 2, cap: 7 },
  { from: 2, to: 0, cap: 5 },
];

describe('roundedCirculation', () => {
  it('takes values that are integers up to rounding noise', () => {
    expect(roundedCirculation(3, triangle, [5 + 1e-9, 5 - 1e-9, 5])).toEqual([5, 5, 5]);
  });

  it('refuses a fractional answer and one that does not balance', () => {
    expect(roundedCirculation(3, triangle, [4.5, 4.5, 4.5])).toBeNull();
    expect(roundedCirculation(3, triangle, [5, 4, 5])).toBeNull();
  });

  it('keeps rounded values within the bounds', () => {
    expect(roundedCirculation(3, triangle, [5, 5, 5 + 1e-7])).toEqual([5, 5, 5]);
    expect(roundedCirculation(3, triangle, [-1e-9, -1e-9, -1e-9])).toEqual([0, 0, 0]);
  });
});

describe('repairCirculation', () => {
  it('lowers the arcs that break the balance and keeps the cycle', () => {
    const arcs: FlowArc[] = [...triangle, { from: 0, to: 2, cap: 3 }];
    expect(repairCirculation(3, arcs, [6, 5, 5, 0])).toEqual([5, 5, 5, 0]);
  });

  it('turns any flow within its bounds into an exact circulation, never raising an arc', () => {
    const flows = fc.integer({ min: 2, max: 6 }).chain((n) =>
      fc.array(
        fc.record({ from: fc.nat({ max: n - 1 }), step: fc.integer({ min: 1, max: n - 1 }), cap: fc.nat({ max: 50 }), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
        { maxLength: 15 },
      ).map((rows) => ({
        n,
        arcs: rows.map((r) => ({ from: r.from, to: (r.from + r.step) % n, cap: r.cap })),
        flow: rows.map((r) => Math.floor(r.cap * r.share)),
      })),
    );
    fc.assert(
      fc.property(flows, ({ n, arcs, flow }) => {
        const repaired = repairCirculation(n, arcs, flow);
        expect(imbalance(n, arcs, repaired).every((e) => e === 0)).toBe(true);
        repaired.forEach((f, j) => expect(f >= 0 && f <= flow[j]).toBe(true));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('the model HiGHS gets', () => {
  it('uses HiGHS\'s own codes for maximise and integer columns', async () => {
    const highs = await highsSolver();
    expect(HIGHS_CODES).toEqual({ maximize: highs.constants.objectiveSense.maximize, integer: highs.constants.variableType.integer });
  });

  it('solves as a MIP with integer columns (the first fallback)', async () => {
    const highs = await highsSolver();
    const model = circulationModel(3, triangle);
    const values = runHighs(highs, { ...model, integrality: new Int32Array(3).fill(HIGHS_CODES.integer) });
    expect(roundedCirculation(3, triangle, values)).toEqual([5, 5, 5]);
  });
});
