// Passing bills on, as the variant files say it (src/shared/passOn.ts): allowed unless a served
// variant switches it off; the minimum part is the highest any served variant names, one fen by
// default; the bundled jjsk and szdj switch it off, main and xhn allow it.
import { describe, expect, it } from 'vitest';
import { passOnRules } from '../../src/shared/passOn';

describe('pass-on rules of the served variants', () => {
  it('reads the bundled variants: main and xhn pass bills on, jjsk and szdj do not', () => {
    expect(passOnRules(['main'])).toEqual({ allowed: true, minPartFen: 1n });
    expect(passOnRules(['main', 'xhn'])).toEqual({ allowed: true, minPartFen: 1n });
    expect(passOnRules(['jjsk']).allowed).toBe(false);
    expect(passOnRules(['szdj']).allowed).toBe(false);
    // One API serving main and jjsk: the strictest applies.
    expect(passOnRules(['main', 'jjsk']).allowed).toBe(false);
  });

  it('takes the highest minimum part any served variant names, and one fen without any', () => {
    const files = { a: { settlement: { minPart: '100.00' } }, b: { settlement: { minPart: '0.50', passOn: true } }, c: {} };
    expect(passOnRules(['a', 'b', 'c'], files)).toEqual({ allowed: true, minPartFen: 10_000n });
    expect(passOnRules(['b', 'c'], files)).toEqual({ allowed: true, minPartFen: 50n });
    expect(passOnRules(['c'], files)).toEqual({ allowed: true, minPartFen: 1n });
    // A minimum below one fen never lowers the default.
    expect(passOnRules(['d'], { d: { settlement: { minPart: '0.00' } } })).toEqual({ allowed: true, minPartFen: 1n });
  });
});
