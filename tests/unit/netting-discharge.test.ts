// What a clearing run settles after clearing (netting/discharge.ts): the transfers pay exactly the
// remaining bills inside the settling group, a debtor short of its position leaves the group with
// its bills open, and each participant's money moved equals its position over the discharged bills.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dischargePlan } from '../../src/server/domains/settlement/netting/discharge';
import type { ClearedBill } from '../../src/server/domains/settlement/netting';

const bill = (id: string, payer: string, payee: string, remainingFen: bigint): ClearedBill => ({ id, payer, payee, openFen: remainingFen, clearedFen: 0n, remainingFen });

describe('dischargePlan', () => {
  it('settles everything when every debtor covers its position', () => {
    const plan = dischargePlan([bill('1', 'A', 'B', 4000n), bill('2', 'B', 'C', 2000n)], new Map([['A', 10_000n]]));
    expect(plan.unsettled).toEqual([]);
    expect([...plan.discharged]).toEqual([['1', 4000n], ['2', 2000n]]);
    expect(plan.totalSettledFen).toBe(4000n);
    expect(plan.settled).toEqual(new Map([['A', -4000n], ['B', 2000n], ['C', 2000n]]));
  });

  it('leaves a short debtor and its bills out, and lists who it did not pay', () => {
    const plan = dischargePlan([bill('1', 'D', 'E', 7000n), bill('2', 'E', 'F', 2000n)], new Map([['E', 5000n]]));
    // D cannot pay 70.00; without D's bill E owes F 20.00 and covers it.
    expect(plan.unsettled).toEqual([{ participant: 'D', netFen: -7000n, amountFen: 7000n, reason: 'insufficientBalance', availableFen: 0n }, { participant: 'E', netFen: 5000n, amountFen: 7000n, reason: 'counterpartyUnsettled' }]);
    expect([...plan.discharged]).toEqual([['2', 2000n]]);
    expect(plan.transfers).toEqual([{ from: 'E', to: 'F', amountFen: 2000n }]);
  });

  it('on random networks pays each member exactly its position over the bills it discharges, within balances', () => {
    const names = ['A', 'B', 'C', 'D', 'E'];
    const arb = fc.record({
      bills: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 1, max: 10_000 })), { maxLength: 12 }),
      balances: fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 5, maxLength: 5 }),
    });
    fc.assert(
      fc.property(arb, ({ bills, balances }) => {
        const input = bills.filter(([p, q]) => p !== q).map(([p, q, fen], i) => bill(String(i), names[p], names[q], BigInt(fen)));
        const available = new Map(names.map((n, i) => [n, BigInt(balances[i])]));
        const plan = dischargePlan(input, available);
        const moved = new Map<string, bigint>();
        for (const t of plan.transfers) {
          moved.set(t.from, (moved.get(t.from) ?? 0n) - t.amountFen);
          moved.set(t.to, (moved.get(t.to) ?? 0n) + t.amountFen);
        }
        const owed = new Map<string, bigint>();
        for (const b of input) {
          const part = plan.discharged.get(b.id) ?? 0n;
          expect(part === 0n || part === b.remainingFen).toBe(true);
          owed.set(b.payee, (owed.get(b.payee) ?? 0n) + part);
          owed.set(b.payer, (owed.get(b.payer) ?? 0n) - part);
        }
        for (const n of names) {
          expect(moved.get(n) ?? 0n).toBe(owed.get(n) ?? 0n);
          expect(-(moved.get(n) ?? 0n)).toBeLessThanOrEqual(available.get(n)!);
        }
      }),
    );
  });
});
