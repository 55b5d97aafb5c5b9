// Settling the net positions left after clearing (src/server/domains/settlement/netting/settle.ts):
// who pays whom wallet to wallet, who is listed under `invalid` and why; no money is created
// or lost, and the plan does not depend on the order of the positions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settleNetPositions, type PositionToSettle } from '../../src/server/domains/settlement/netting';

const pos = (participant: string, netFen: bigint): PositionToSettle => ({ participant, netFen });

describe('settleNetPositions', () => {
  it('settles everything when every debtor can pay', () => {
    const plan = settleNetPositions([pos('C', 200n), pos('A', -500n), pos('B', 300n)], new Map([['A', 500n]]));
    expect(plan.transfers).toEqual([
      { from: 'A', to: 'B', amountFen: 300n },
      { from: 'A', to: 'C', amountFen: 200n },
    ]);
    expect(plan.settled).toEqual([
      { participant: 'A', amountFen: -500n },
      { participant: 'B', amountFen: 300n },
      { participant: 'C', amountFen: 200n },
    ]);
    expect(plan.unsettled).toEqual([]);
    expect(plan.totalSettledFen).toBe(500n);
  });

  it('lists a debtor whose balance does not cover its position, and the creditors it leaves short', () => {
    const plan = settleNetPositions([pos('A', -600n), pos('B', -400n), pos('C', 700n), pos('D', 300n)], new Map([['A', 599n], ['B', 1_000n]]));
    // Only B's 400 comes in; C and D share it 7:3.
    expect(plan.transfers).toEqual([
      { from: 'B', to: 'C', amountFen: 280n },
      { from: 'B', to: 'D', amountFen: 120n },
    ]);
    expect(plan.unsettled).toEqual([
      { participant: 'A', netFen: -600n, amountFen: 600n, reason: 'insufficientBalance', availableFen: 599n },
      { participant: 'C', netFen: 700n, amountFen: 420n, reason: 'counterpartyUnsettled' },
      { participant: 'D', netFen: 300n, amountFen: 180n, reason: 'counterpartyUnsettled' },
    ]);
  });

  it('shares an indivisible pot by largest remainder, ties to the first participant', () => {
    const plan = settleNetPositions([pos('A', -1n), pos('B', -2n), pos('C', 1n), pos('D', 1n), pos('E', 1n)], new Map([['A', 1n]]));
    expect(plan.transfers).toEqual([{ from: 'A', to: 'C', amountFen: 1n }]);
    expect(plan.unsettled.map((u) => [u.participant, u.reason, u.amountFen])).toEqual([
      ['B', 'insufficientBalance', 2n],
      ['D', 'counterpartyUnsettled', 1n],
      ['E', 'counterpartyUnsettled', 1n],
    ]);
  });

  it('refuses positions that do not add up to zero', () => {
    expect(() => settleNetPositions([pos('A', -1n)], new Map())).toThrow(/zero/);
  });

  it('never creates or loses money, pays no more than a balance or a claim, and ignores the order', () => {
    const cases = fc
      .array(fc.record({ net: fc.bigInt({ min: -1_000n, max: 1_000n }), balance: fc.bigInt({ min: 0n, max: 1_500n }) }), { minLength: 1, maxLength: 8 })
      .map((rows) => {
        // The last participant balances the others, as net positions over bills always do.
        const positions = rows.map((r, i) => pos(`p${i}`, r.net));
        positions[positions.length - 1].netFen -= positions.reduce((s, p) => s + p.netFen, 0n);
        return { positions, balances: new Map(rows.map((r, i) => [`p${i}`, r.balance])) };
      })
      .chain((c) => fc.tuple(fc.constant(c), fc.shuffledSubarray(c.positions, { minLength: c.positions.length, maxLength: c.positions.length })));
    fc.assert(
      fc.property(cases, ([{ positions, balances }, shuffled]) => {
        const plan = settleNetPositions(positions, balances);
        expect(settleNetPositions(shuffled, balances)).toEqual(plan);
        const paid = new Map<string, bigint>();
        for (const t of plan.transfers) {
          expect(t.amountFen > 0n).toBe(true);
          paid.set(t.from, (paid.get(t.from) ?? 0n) - t.amountFen);
          paid.set(t.to, (paid.get(t.to) ?? 0n) + t.amountFen);
        }
        // Transfers add up to zero and to what `settled` says each participant paid or received.
        expect([...paid.values()].reduce((s, x) => s + x, 0n)).toBe(0n);
        expect(new Map(plan.settled.map((s) => [s.participant, s.amountFen]))).toEqual(paid);
        expect(plan.transfers.reduce((s, t) => s + t.amountFen, 0n)).toBe(plan.totalSettledFen);
        for (const p of positions) {
          const moved = paid.get(p.participant) ?? 0n;
          const short = plan.unsettled.find((u) => u.participant === p.participant);
          if (p.netFen < 0n) {
            // A debtor pays its whole position from its balance, or nothing and is listed.
            if (short) expect([moved, short.reason, balances.get(p.participant)! < -p.netFen]).toEqual([0n, 'insufficientBalance', true]);
            else expect([moved, balances.get(p.participant)! >= -p.netFen]).toEqual([p.netFen, true]);
          } else {
            // A creditor receives at most its claim; what it misses is listed.
            expect(moved + (short?.amountFen ?? 0n)).toBe(p.netFen);
            if (short) expect(short.reason).toBe('counterpartyUnsettled');
          }
        }
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
