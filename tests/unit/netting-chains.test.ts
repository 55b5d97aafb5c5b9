// Chain-aware netting (src/server/domains/settlement/netting/chains.ts, issue 31 item 4): hand
// examples, then random small networks against an independent path-based MIP
// (tests/support/chain-netting-reference.ts): the same optimum, net positions unchanged, no bill
// exceeded, integral fen, every part a valid chain.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveNetting } from '../../src/server/domains/settlement/netting';
import { cancelCycles } from '../../src/server/domains/settlement/netting/cancelCycles';
import { solveChainNetting, type ChainBill, type ChainNettingSolution } from '../../src/server/domains/settlement/netting/chains';
import { referenceChainOptimum } from '../support/chain-netting-reference';

const bill = (id: string, payer: string, payee: string, openFen: bigint, passFen = openFen, writable = true): ChainBill => ({ id, payer, payee, openFen, passFen: writable ? passFen : 0n, writable });

const byId = (s: ChainNettingSolution) => Object.fromEntries(s.bills.map((b) => [b.id, { cleared: b.clearedFen, chained: b.chainedFen, passed: b.passedFen }]));

describe('solveChainNetting: hand examples', () => {
  it('A owes B, B owes C: part of A’s bill goes to C, B is discharged on both sides, A owes the same total', async () => {
    const s = await solveChainNetting([bill('ab', 'A', 'B', 100n), bill('bc', 'B', 'C', 60n)], { consenting: ['B', 'C'] });
    expect(byId(s)).toEqual({ ab: { cleared: 0n, chained: 0n, passed: 60n }, bc: { cleared: 0n, chained: 60n, passed: 0n } });
    expect(s.parts).toEqual([{ billId: 'ab', payer: 'A', holder: 'B', receiver: 'C', fen: 60n, via: ['B', 'C'] }]);
    expect(s.totalChainedFen).toBe(60n);
    expect(s.positions.every((p) => p.beforeFen === p.afterFen)).toBe(true);
    expect(s.stats.method).toBe('lp');
  });

  it('without the consent of the middle or the end, or with a bill that may not be passed on, nothing is chained', async () => {
    const bills = [bill('ab', 'A', 'B', 100n), bill('bc', 'B', 'C', 60n)];
    for (const consenting of [[], ['B'], ['C'], ['A', 'C']]) expect((await solveChainNetting(bills, { consenting })).totalChainedFen).toBe(0n);
    expect((await solveChainNetting([bill('ab', 'A', 'B', 100n, 0n), bill('bc', 'B', 'C', 60n)], { consenting: ['B', 'C'] })).totalChainedFen).toBe(0n);
    // B's bill to C under objection: not written down.
    expect((await solveChainNetting([bill('ab', 'A', 'B', 100n), bill('bc', 'B', 'C', 60n, 0n, false)], { consenting: ['B', 'C'] })).totalChainedFen).toBe(0n);
  });

  it('a longer chain is one split straight to its end, every bill between written down', async () => {
    const s = await solveChainNetting([bill('ab', 'A', 'B', 50n), bill('bc', 'B', 'C', 50n), bill('cd', 'C', 'D', 50n)], { consenting: ['B', 'C', 'D'] });
    expect(s.parts).toEqual([{ billId: 'ab', payer: 'A', holder: 'B', receiver: 'D', fen: 50n, via: ['B', 'C', 'D'] }]);
    expect(s.totalChainedFen).toBe(100n);
    expect(byId(s).ab.passed).toBe(50n);
  });

  it('passes on no more of a bill than its passFen allows', async () => {
    const s = await solveChainNetting([bill('ab', 'A', 'B', 100n, 99n), bill('bc', 'B', 'C', 100n)], { consenting: ['B', 'C'] });
    expect(s.totalPassedFen).toBe(99n);
    expect(s.bills.find((b) => b.id === 'ab')!.remainingFen).toBe(1n);
  });

  it('cycles still win where they discharge more, and a chain back to its own debtor is a cycle', async () => {
    const s = await solveChainNetting([bill('ab', 'A', 'B', 40n), bill('bc', 'B', 'C', 40n), bill('ca', 'C', 'A', 40n)], { consenting: ['A', 'B', 'C'] });
    expect(s.totalClearedFen).toBe(120n);
    expect(s.parts).toEqual([]);
  });

  it('a minimum part drops the chains that would pass less', async () => {
    const bills = [bill('ab', 'A', 'B', 100n), bill('bc', 'B', 'C', 30n)];
    expect((await solveChainNetting(bills, { consenting: ['B', 'C'], minPartFen: 50n })).totalChainedFen).toBe(0n);
    expect((await solveChainNetting(bills, { consenting: ['B', 'C'], minPartFen: 30n })).totalChainedFen).toBe(30n);
  });

  it('cancelCycles takes whole cycles out of a flow and leaves its paths', () => {
    expect(cancelCycles(3, [{ from: 0, to: 1 }, { from: 1, to: 0 }, { from: 1, to: 2 }], [5n, 3n, 2n])).toEqual([3n, 3n, 0n]);
  });
});

/** Random small networks: up to 5 participants and 7 bills, each passable, writable or neither, any consenting set. */
const networks = fc.integer({ min: 2, max: 5 }).chain((n) =>
  fc.record({
    bills: fc
      .array(fc.record({ payer: fc.nat({ max: n - 1 }), step: fc.integer({ min: 1, max: n - 1 }), open: fc.bigInt({ min: 0n, max: 40n }), kind: fc.constantFrom('pass', 'untouched', 'write', 'dispute') }), { maxLength: 7 })
      .map((rows) =>
        rows.map((r, i): ChainBill => {
          const kind = r.open === 0n && r.kind === 'untouched' ? 'pass' : r.kind;
          const passFen = kind === 'pass' ? r.open : kind === 'untouched' ? r.open - 1n : 0n;
          return { id: `bill-${i}`, payer: `p${r.payer}`, payee: `p${(r.payer + r.step) % n}`, openFen: r.open, passFen, writable: kind !== 'dispute' };
        }),
      ),
    consenting: fc.subarray(Array.from({ length: n }, (_, i) => `p${i}`)),
  }),
);

function checkValid(bills: readonly ChainBill[], consenting: ReadonlySet<string>, s: ChainNettingSolution) {
  const given = new Map(bills.map((b) => [b.id, b]));
  for (const b of s.bills) {
    const input = given.get(b.id)!;
    for (const part of [b.clearedFen, b.chainedFen, b.passedFen, b.remainingFen]) {
      expect(typeof part).toBe('bigint');
      expect(part >= 0n).toBe(true);
    }
    expect(b.clearedFen + b.chainedFen + b.passedFen + b.remainingFen).toBe(input.openFen);
    expect(b.passedFen <= input.passFen).toBe(true);
    if (!input.writable) expect(b.chainedFen).toBe(0n);
  }
  // Net positions: recomputed here, not taken from the solution.
  const net = new Map<string, bigint>();
  const add = (who: string, fen: bigint) => net.set(who, (net.get(who) ?? 0n) + fen);
  for (const b of bills) {
    add(b.payee, -b.openFen);
    add(b.payer, b.openFen);
  }
  for (const b of s.bills) {
    add(b.payee, b.remainingFen);
    add(b.payer, -b.remainingFen);
  }
  const passedOf = new Map<string, bigint>();
  const writtenOf = new Map<string, bigint>();
  for (const p of s.parts) {
    add(p.receiver, p.fen);
    add(p.payer, -p.fen);
    const input = given.get(p.billId)!;
    expect([p.payer, p.holder]).toEqual([input.payer, input.payee]);
    expect(p.receiver).not.toBe(p.payer);
    expect(p.via[0]).toBe(p.holder);
    expect(p.via[p.via.length - 1]).toBe(p.receiver);
    expect(p.via.length).toBeGreaterThanOrEqual(2);
    for (const who of p.via) expect(consenting.has(who)).toBe(true);
    passedOf.set(p.billId, (passedOf.get(p.billId) ?? 0n) + p.fen);
    for (let i = 1; i < p.via.length; i++) writtenOf.set(`${p.via[i - 1]}>${p.via[i]}`, (writtenOf.get(`${p.via[i - 1]}>${p.via[i]}`) ?? 0n) + p.fen);
  }
  for (const fen of net.values()) expect(fen).toBe(0n);
  for (const b of s.bills) expect(passedOf.get(b.id) ?? 0n).toBe(b.passedFen);
  // What the chains wrote down between two participants is what their parts went through.
  const chainedOf = new Map<string, bigint>();
  for (const b of s.bills) if (b.chainedFen) chainedOf.set(`${b.payer}>${b.payee}`, (chainedOf.get(`${b.payer}>${b.payee}`) ?? 0n) + b.chainedFen);
  expect(chainedOf).toEqual(writtenOf);
}

describe('solveChainNetting: larger networks, where a vertex may be fractional', () => {
  it('answers valid chains within a few fen of the LP optimum, above what cycles alone clear', async () => {
    const shape = fc.record({ seed: fc.integer({ min: 1, max: 1_000_000 }), consentShare: fc.double({ min: 0.2, max: 1, noNaN: true }) });
    await fc.assert(
      fc.asyncProperty(shape, async ({ seed, consentShare }) => {
        let x = seed;
        const next = () => (x = (x * 48271) % 2147483647) / 2147483647;
        const n = 25;
        const bills: ChainBill[] = Array.from({ length: 160 }, (_, i) => {
          const payer = Math.floor(next() * n);
          const payee = (payer + 1 + Math.floor(next() * (n - 1))) % n;
          const open = BigInt(1 + Math.floor(next() * 5_000));
          const kind = next();
          return { id: `b${i}`, payer: `p${payer}`, payee: `p${payee}`, openFen: open, passFen: kind < 0.6 ? open - 1n : kind < 0.8 ? open : 0n, writable: kind < 0.95 };
        });
        const consenting = Array.from({ length: n }, (_, i) => `p${i}`).filter(() => next() < consentShare);
        const s = await solveChainNetting(bills, { consenting });
        checkValid(bills, new Set(consenting), s);
        const got = s.totalClearedFen + s.totalChainedFen;
        expect(got <= s.stats.boundFen).toBe(true);
        // Rounding a fractional vertex loses at most a fen per chain column (never seen near that).
        expect(s.stats.boundFen - got <= BigInt(s.stats.chainColumns)).toBe(true);
        expect(got >= (await solveNetting(bills)).totalClearedFen - BigInt(s.stats.chainColumns)).toBe(true);
      }),
      { numRuns: 12 },
    );
  }, 180_000);
});

describe('solveChainNetting: properties on random small networks', () => {
  it('discharges the optimum of the path formulation, with valid chains, no bill exceeded and every net position kept', async () => {
    await fc.assert(
      fc.asyncProperty(networks, async ({ bills, consenting }) => {
        const s = await solveChainNetting(bills, { consenting });
        checkValid(bills, new Set(consenting), s);
        expect(s.totalClearedFen + s.totalChainedFen).toBe(await referenceChainOptimum(bills, consenting));
        expect(s.stats.boundFen).toBe(s.totalClearedFen + s.totalChainedFen);
      }),
      { numRuns: 150 },
    );
  }, 120_000);

  it('with no consenting participant, clears exactly what cycle-only netting clears', async () => {
    await fc.assert(
      fc.asyncProperty(networks, async ({ bills }) => {
        const chains = await solveChainNetting(bills, { consenting: [] });
        const cycles = await solveNetting(bills);
        expect(chains.bills.map((b) => [b.id, b.clearedFen, b.chainedFen, b.passedFen])).toEqual(cycles.bills.map((b) => [b.id, b.clearedFen, 0n, 0n]));
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('gives the same answer whatever order the bills come in', async () => {
    await fc.assert(
      fc.asyncProperty(
        networks.chain((n) => fc.tuple(fc.constant(n), fc.shuffledSubarray(n.bills, { minLength: n.bills.length, maxLength: n.bills.length }))),
        async ([{ bills, consenting }, shuffled]) => {
          const a = await solveChainNetting(bills, { consenting });
          const b = await solveChainNetting(shuffled, { consenting: [...consenting].reverse() });
          expect(b.bills).toEqual(a.bills);
          expect(b.parts).toEqual(a.parts);
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);
});
