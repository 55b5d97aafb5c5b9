// The part a holder passes on (src/server/domains/settlement/passOn.ts partFen): any amount up to
// the bill's open amount, all of it included (the bill then ends passedOn); at least the minimum
// part, and leaving at least the minimum open or nothing; zero, more than open and a malformed
// amount are refused on the field, with the message that says why.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/server/errors';
import { partFen } from '../../src/server/domains/settlement/passOn';

const rules = (minPartFen: bigint) => ({ allowed: true, minPartFen });

/** The field message a refused part answers (its key), or the part in fen. */
function answer(amount: unknown, open: bigint, minPartFen = 1n): bigint | string {
  try {
    return partFen(amount, open, rules(minPartFen));
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = err.fields?.passAmount;
    return typeof field === 'string' ? field : field && 'key' in field ? field.key : String(field);
  }
}

describe('the part of a bill passed on', () => {
  it('may be all of the open amount, of a bill nothing was paid on or of the rest of one', () => {
    expect(answer('5000.00', 500_000n)).toBe(500_000n);
    expect(answer('0.01', 1n)).toBe(1n);
    expect(answer('20.00', 2_000n, 10_000n)).toBe('api:passOnBelowMin');
  });

  it('leaves at least the minimum part open, or nothing', () => {
    const min = 10_000n; // 100.00
    expect(answer('950.00', 100_000n, min)).toBe('api:passOnLeavesTooLittle');
    expect(answer('900.00', 100_000n, min)).toBe(90_000n);
    expect(answer('1000.00', 100_000n, min)).toBe(100_000n);
    expect(answer('99.99', 100_000n, min)).toBe('api:passOnBelowMin');
  });

  it('refuses zero, more than open and what is no amount', () => {
    expect(answer('0.00', 100n)).toBe('api:amountPositive');
    expect(answer('1.01', 100n)).toBe('api:billOverOpen');
    expect(answer(100, 100n)).toBe('api:amountPositive');
  });
});
