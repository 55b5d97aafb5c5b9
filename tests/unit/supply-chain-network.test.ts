// The bench's realistic network (synthetic.ts supplyChainBills): tiers, dominant buyers,
// heavy-tailed amounts and cycles calibrated to the published clearing figures.
import { describe, expect, it } from 'vitest';
import { solveNetting } from '../../src/server/domains/settlement/netting';
import { SUPPLY_CHAIN, supplyChainBills, syntheticBills } from '../../src/server/domains/settlement/netting/synthetic';

describe('the supply-chain network generator', () => {
  const bills = supplyChainBills(1_000, 10_000, 18);
  const firm = (id: string) => Number(id.replace('account-', ''));

  it('is the same network for the same seed, another for another', () => {
    expect(supplyChainBills(1_000, 10_000, 18)).toEqual(bills);
    expect(supplyChainBills(1_000, 10_000, 19)).not.toEqual(bills);
    expect(syntheticBills('supplyChain', 1_000, 10_000, 18)).toEqual(bills);
  });

  it('makes bills between two different firms, most of them down the chain, a few against it', () => {
    expect(bills).toHaveLength(10_000);
    expect(bills.every((b) => b.payer !== b.payee)).toBe(true);
    // Tier boundaries from the shares: 0-49, 50-199, 200-499, 500-999.
    const tierOf = (n: number) => (n < 50 ? 0 : n < 200 ? 1 : n < 500 ? 2 : 3);
    const down = bills.filter((b) => tierOf(firm(b.payee)) === tierOf(firm(b.payer)) + 1).length / bills.length;
    expect(down).toBeGreaterThan(1 - SUPPLY_CHAIN.backward - 0.02);
    expect(down).toBeLessThan(1 - SUPPLY_CHAIN.backward + 0.02);
  });

  it('concentrates the bills on a few dominant buyers and the amount on a few large bills', () => {
    const issued = new Map<string, number>();
    for (const b of bills) issued.set(b.payer, (issued.get(b.payer) ?? 0) + 1);
    const counts = [...issued.values()].sort((a, b) => b - a);
    const top10 = counts.slice(0, 10).reduce((a, b) => a + b, 0);
    expect(top10 / bills.length).toBeGreaterThan(0.25); // 1% of the firms issue over a quarter of the bills
    const amounts = bills.map((b) => Number(b.openFen)).sort((a, b) => b - a);
    const total = amounts.reduce((a, b) => a + b, 0);
    expect(amounts.slice(0, 500).reduce((a, b) => a + b, 0) / total).toBeGreaterThan(0.3); // the largest 5% carry over 30%
    expect(amounts.every((fen) => fen >= 100 && fen <= SUPPLY_CHAIN.maxYuan * 100)).toBe(true);
  });

  it('clears about what cycle-only netting clears on real trade credit (21% Italian e-invoices, 25% Sardex)', { timeout: 60_000 }, async () => {
    const gross = bills.reduce((sum, b) => sum + b.openFen, 0n);
    const { totalClearedFen } = await solveNetting(bills);
    const share = Number(totalClearedFen) / Number(gross);
    expect(share).toBeGreaterThan(0.18);
    expect(share).toBeLessThan(0.26);
  });
});
