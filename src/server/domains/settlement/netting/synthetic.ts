// Seeded networks of open bills: the worker's warm-up solve and `npm run bench netting` use them.
import type { NettingBill } from './network';

/** mulberry32: a small seeded generator, so the same seed always gives the same network. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `uniform`: any payer, any payee. `local`: participants on a ring trade with their 10
 * neighbours on each side, so two parties often owe each other both ways and short cycles are
 * common (closer to regional trade).
 */
export type NetworkShape = 'uniform' | 'local';

/** `count` bills among `participants` accounts, open amounts from 1.00 to 100,000.00 yuan. */
export function syntheticBills(shape: NetworkShape, participants: number, count: number, seed: number): NettingBill[] {
  const random = seeded(seed);
  const pick = () => Math.floor(random() * participants);
  return Array.from({ length: count }, (_, i) => {
    const payer = pick();
    let payee = payer;
    while (payee === payer) payee = shape === 'uniform' ? pick() : (payer + participants + Math.floor(random() * 21) - 10) % participants;
    return { id: `bill-${i}`, payer: `account-${payer}`, payee: `account-${payee}`, openFen: BigInt(100 + Math.floor(random() * 9_999_901)) };
  });
}
