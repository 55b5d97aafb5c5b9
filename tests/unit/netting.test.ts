// Mutual netting's solver (src/server/domains/settlement/netting/solve.ts): the cleared total is
// the largest that cancels in cycles (checked against an independent min-cost-flow reference),
// no bill is cleared beyond its open amount, net positions do not move, and the answer does
// not depend on the order of the bills.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greedyCycleCancellingBaseline, pairwiseNettingBaseline } from '../../src/server/domains/settlement/netting/baselines';
import { auditNetting, NettingInputError, solveNetting, type NettingBill, type NettingSolution } from '../../src/server/domains/settlement/netting';
import { circulationModel } from '../../src/server/domains/settlement/netting/solve';
import { syntheticBills } from '../../src/server/domains/settlement/netting/synthetic';
import { runHighsInWorker, stopNettingWorker } from '../../src/server/domains/settlement/netting/worker';
import { bruteForceCirculation, minCostCirculation } from '../support/netting-reference';

const bill = (id: string, payer: string, payee: string, openFen: bigint | number): NettingBill => ({ id, payer, payee, openFen: BigInt(openFen) });
const clearedOf = (solution: { bills: { id: string; clearedFen: bigint }[] }) => Object.fromEntries(solution.bills.map((b) => [b.id, b.clearedFen]));
const answer = ({ bills, totalOpenFen, totalClearedFen, positions }: NettingSolution) => ({ bills, totalOpenFen, totalClearedFen, positions });

/** Net position (owed minus owing) of each participant over the given amount of each bill. */
function positionsOver(bills: readonly NettingBill[], amount: (b: NettingBill) => bigint): Map<string, bigint> {
  const net = new Map<string, bigint>();
  for (const b of bills) {
    net.set(b.payee, (net.get(b.payee) ?? 0n) + amount(b));
    net.set(b.payer, (net.get(b.payer) ?? 0n) - amount(b));
  }
  return net;
}

/** Random networks: up to 6 participants, up to 14 bills (parallel and opposite bills included). */
const networks = fc.integer({ min: 2, max: 6 }).chain((n) =>
  fc
    .array(fc.record({ payer: fc.nat({ max: n - 1 }), step: fc.integer({ min: 1, max: n - 1 }), open: fc.bigInt({ min: 0n, max: 1_000n }) }), { maxLength: 14 })
    .map((rows) => rows.map((r, i) => bill(`bill-${String(i).padStart(2, '0')}`, `p${r.payer}`, `p${(r.payer + r.step) % n}`, r.open))),
);

describe('solveNetting: hand examples', () => {
  it('a triangle clears its smallest bill around the cycle', async () => {
    const s = await solveNetting([bill('ab', 'A', 'B', 10_00), bill('bc', 'B', 'C', 7_00), bill('ca', 'C', 'A', 5_00)]);
    expect(clearedOf(s)).toEqual({ ab: 5_00n, bc: 5_00n, ca: 5_00n });
    expect(s.totalOpenFen).toBe(22_00n);
    expect(s.totalClearedFen).toBe(15_00n);
    expect(s.positions).toEqual([
      { participant: 'A', beforeFen: -5_00n, afterFen: -5_00n },
      { participant: 'B', beforeFen: 3_00n, afterFen: 3_00n },
      { participant: 'C', beforeFen: 2_00n, afterFen: 2_00n },
    ]);
    expect(s.bills.find((b) => b.id === 'ab')!.remainingFen).toBe(5_00n);
  });

  it('two cycles sharing a bill: the longer cycle wins, where greedy and pairwise netting take the short one', async () => {
    // A->B is in the 2-cycle A-B-A and the 4-cycle A-B-C-D-A; its 5 yuan can go round only once.
    const bills = [bill('1-ab', 'A', 'B', 500), bill('2-ba', 'B', 'A', 500), bill('3-bc', 'B', 'C', 500), bill('4-cd', 'C', 'D', 500), bill('5-da', 'D', 'A', 500)];
    const s = await solveNetting(bills);
    expect(s.totalClearedFen).toBe(2000n);
    expect(clearedOf(s)).toEqual({ '1-ab': 500n, '2-ba': 0n, '3-bc': 500n, '4-cd': 500n, '5-da': 500n });
    expect(greedyCycleCancellingBaseline(bills).totalClearedFen).toBe(1000n);
    expect(pairwiseNettingBaseline(bills).totalClearedFen).toBe(1000n);
  });

  it('two overlapping triangles both clear in full when the shared bill is large enough', async () => {
    const s = await solveNetting([bill('ab', 'A', 'B', 900), bill('bc', 'B', 'C', 400), bill('ca', 'C', 'A', 400), bill('bd', 'B', 'D', 300), bill('da', 'D', 'A', 300)]);
    expect(s.totalClearedFen).toBe(2100n);
    expect(clearedOf(s)).toEqual({ ab: 700n, bc: 400n, ca: 400n, bd: 300n, da: 300n });
  });

  it('no cycle clears nothing and never calls for an amount', async () => {
    const s = await solveNetting([bill('ab', 'A', 'B', 100), bill('bc', 'B', 'C', 100), bill('ac', 'A', 'C', 100)]);
    expect(s.totalClearedFen).toBe(0n);
    expect(s.stats.lpArcs).toBe(0);
    expect(s.bills.every((b) => b.clearedFen === 0n && b.remainingFen === b.openFen)).toBe(true);
    expect((await solveNetting([])).totalClearedFen).toBe(0n);
  });

  it('parallel bills share their pair’s cleared amount in bill id order', async () => {
    const s = await solveNetting([bill('b2', 'A', 'B', 400), bill('b1', 'A', 'B', 300), bill('b3', 'B', 'A', 500), bill('b0', 'B', 'A', 0)]);
    expect(clearedOf(s)).toEqual({ b0: 0n, b1: 300n, b2: 200n, b3: 500n });
    expect(s.bills.map((b) => b.id)).toEqual(['b0', 'b1', 'b2', 'b3']);
    expect(s.stats.arcs).toBe(2);
  });

  it('large amounts stay exact to the fen', async () => {
    const s = await solveNetting([bill('ab', 'A', 'B', 3_000_000_000_000_01n), bill('bc', 'B', 'C', 2_999_999_999_999_99n), bill('ca', 'C', 'A', 3_000_000_000_000_00n)]);
    expect(s.totalClearedFen).toBe(3n * 2_999_999_999_999_99n);
  });

  it('refuses bills it cannot take', async () => {
    await expect(solveNetting([bill('x', 'A', 'A', 1)])).rejects.toThrow(NettingInputError);
    await expect(solveNetting([bill('x', 'A', 'B', 1), bill('x', 'B', 'A', 1)])).rejects.toThrow(/twice/);
    await expect(solveNetting([bill('x', 'A', 'B', -1)])).rejects.toThrow(/non-negative/);
    await expect(solveNetting([bill('x', 'A', 'B', 2n ** 53n)])).rejects.toThrow(/more than/);
  });
});

describe('solveNetting: properties on random networks', () => {
  it('clears exactly the optimum of an independent min-cost-flow reference, within every bill, without moving any net position', async () => {
    await fc.assert(
      fc.asyncProperty(networks, async (bills) => {
        const s = await solveNetting(bills);
        expect(s.totalClearedFen).toBe(minCostCirculation(bills).totalFen);
        expect(s.stats.method).toBe('lp');
        const open = new Map(bills.map((b) => [b.id, b.openFen]));
        for (const b of s.bills) {
          expect(b.clearedFen >= 0n && b.clearedFen <= open.get(b.id)!).toBe(true);
          expect(b.remainingFen).toBe(b.openFen - b.clearedFen);
        }
        expect(s.bills.reduce((sum, b) => sum + b.clearedFen, 0n)).toBe(s.totalClearedFen);
        // Recomputed here from the input, not taken from the solver's own positions.
        const cleared = new Map(s.bills.map((b) => [b.id, b.clearedFen]));
        const before = positionsOver(bills, (b) => b.openFen);
        const after = positionsOver(bills, (b) => b.openFen - cleared.get(b.id)!);
        expect(after).toEqual(before);
        expect(new Map(s.positions.map((p) => [p.participant, p.afterFen]))).toEqual(before);
      }),
      { numRuns: 100 },
    );
  }, 60_000);

  it('matches the reference on larger networks too (40 participants, 250 bills, amounts up to a million yuan)', async () => {
    const larger = fc
      .array(fc.record({ payer: fc.nat({ max: 39 }), step: fc.integer({ min: 1, max: 39 }), open: fc.bigInt({ min: 1n, max: 100_000_000n }) }), { minLength: 250, maxLength: 250 })
      .map((rows) => rows.map((r, i) => bill(`b${i}`, `p${r.payer}`, `p${(r.payer + r.step) % 40}`, r.open)));
    await fc.assert(
      fc.asyncProperty(larger, async (bills) => {
        const s = await solveNetting(bills);
        expect(s.totalClearedFen).toBe(minCostCirculation(bills).totalFen);
        expect(s.positions.every((p) => p.beforeFen === p.afterFen)).toBe(true);
      }),
      { numRuns: 6 },
    );
  }, 60_000);

  it('gives the same answer for the bills in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        networks.chain((bills) => fc.tuple(fc.constant(bills), fc.shuffledSubarray(bills, { minLength: bills.length, maxLength: bills.length }))),
        async ([bills, shuffled]) => {
          expect(answer(await solveNetting(shuffled))).toEqual(answer(await solveNetting(bills)));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('the baselines clear valid circulations and never more than the optimum', async () => {
    await fc.assert(
      fc.asyncProperty(networks, async (bills) => {
        const optimum = (await solveNetting(bills)).totalClearedFen;
        for (const baseline of [greedyCycleCancellingBaseline(bills), pairwiseNettingBaseline(bills)]) {
          expect(baseline.totalClearedFen <= optimum).toBe(true);
          const cleared = new Map(baseline.bills.map((b) => [b.id, b.clearedFen]));
          expect([...positionsOver(bills, (b) => cleared.get(b.id)!).values()].every((x) => x === 0n)).toBe(true);
          expect(baseline.bills.every((b) => b.clearedFen >= 0n && b.clearedFen <= b.openFen)).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe('solveNetting in the worker thread (the server\'s way)', () => {
  it('gives the same answer as in this thread', async () => {
    await fc.assert(
      fc.asyncProperty(networks, async (bills) => {
        expect(answer(await solveNetting(bills, { inWorker: true }))).toEqual(answer(await solveNetting(bills)));
      }),
      { numRuns: 30 },
    );
  }, 60_000);

  it('a stopped worker fails its solve under way, and the next solve starts a new one', async () => {
    const bills = [bill('ab', 'A', 'B', 3), bill('ba', 'B', 'A', 2)];
    await solveNetting(bills, { inWorker: true });
    // A network the worker needs a while for, so it is still solving when stopped (a tiny one can answer first).
    const underWay = solveNetting(syntheticBills('uniform', 1_000, 10_000, 7), { inWorker: true });
    await stopNettingWorker();
    await expect(underWay).rejects.toThrow(/stopped/);
    expect((await solveNetting(bills, { inWorker: true })).totalClearedFen).toBe(4n);
  }, 60_000);

  it('answers a solver error as a rejection, and keeps working after it', async () => {
    await expect(runHighsInWorker({ ...circulationModel(2, [{ from: 0, to: 1, cap: 1 }]), numCols: 5 })).rejects.toThrow();
    expect((await solveNetting([bill('ab', 'A', 'B', 3), bill('ba', 'B', 'A', 2)], { inWorker: true })).totalClearedFen).toBe(4n);
   }, 60_000);
});

describe('the reference itself', () => {
  it('agrees with trying every integer flow on tiny networks', () => {
    const tiny = fc.array(fc.record({ payer: fc.nat({ max: 3 }), step: fc.integer({ min: 1, max: 3 }), open: fc.bigInt({ min: 0n, max: 3n }) }), { maxLength: 6 });
    fc.assert(
      fc.property(tiny, (rows) => {
        const bills = rows.map((r, i) => bill(`b${i}`, `p${r.payer}`, `p${(r.payer + r.step) % 4}`, r.open));
        expect(minCostCirculation(bills).totalFen).toBe(bruteForceCirculation(bills));
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('auditNetting: a stored run recomputed', () => {
  const bills = [bill('ab', 'A', 'B', 1_000), bill('bc', 'B', 'C', 700), bill('ca', 'C', 'A', 500)];

  it('accepts the solution the solver gave', async () => {
    const stored = new Map((await solveNetting(bills)).bills.map((b) => [b.id, b.clearedFen]));
    expect(await auditNetting(bills, stored)).toEqual({ ok: true, problems: [], storedTotalFen: 1_500n, recomputedTotalFen: 1_500n });
  });

  it('names every part that differs, leaves its bill or moves a net position', async () => {
    const audit = await auditNetting(bills, new Map([['ab', 600n], ['bc', 500n], ['ca', 800n], ['zz', 1n]]));
    expect(audit.ok).toBe(false);
    expect(audit.problems).toEqual([
      "zz: cleared but not in the run's bills",
      'ab: stored 600, recomputed 500',
      'ca: cleared 800 outside 0..500',
      'ca: stored 800, recomputed 500',
      'A: the cleared parts move its net position by 200',
      'B: the cleared parts move its net position by 100',
      'C: the cleared parts move its net position by -300',
    ]);
  });
});
