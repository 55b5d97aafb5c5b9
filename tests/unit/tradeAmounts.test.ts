// The amounts of an offer or a contract (src/shared/tradeAmounts.ts): one rule that the server
// stores (the trading domain's compute functions call it) and the forms show while the user
// types. Rounding is half up at the fen, in integer fen, never in floats.
import { describe, expect, it } from 'vitest';
import contracts from '../../schemas/resources/contracts.json';
import { trading } from '../../src/server/domains/trading';
import { objectionDepositFen, previewTradeTotals, QUANTITY_PRECISION, tradeTotals } from '../../src/shared/tradeAmounts';

// [quantity, unit price, ratio] -> [amount, collateral]
const CASES: [number, string, number | undefined, string, string][] = [
  [5, '4100.00', 10, '20500.00', '2050.00'],
  [0.01, '0.01', 10, '0.00', '0.00'], // 0.0001 yuan rounds down to 0 fen
  [0.5, '0.01', 10, '0.01', '0.00'], // 0.005 yuan: half a fen rounds up; 10% of 1 fen rounds down
  [1.5, '0.03', 50, '0.05', '0.03'], // 0.045 -> 0.05; 50% of 5 fen = 2.5 -> 3
  [0.1, '0.07', 100, '0.01', '0.01'], // 0.007 -> 0.01 (a float product would say 0.007000000000000001)
  [3.33, '3.33', 15, '11.09', '1.66'], // 11.0889 -> 11.09; 15% of 1109 fen = 166.35 -> 166
  [100000000, '999999.99', 100, '99999999000000.00', '99999999000000.00'],
  [12.34, '1000.10', undefined, '12341.23', '0.00'], // no ratio: no collateral
];

const data = (quantity: number, unitPrice: string, collateralRatio?: number) => ({ quantity, unitPrice, ...(collateralRatio === undefined ? {} : { collateralRatio }) });

describe('tradeTotals', () => {
  it.each(CASES)('%s x %s at %s%% -> %s, collateral %s', (quantity, unitPrice, ratio, amount, collateralAmount) => {
    expect(tradeTotals(data(quantity, unitPrice, ratio))).toEqual({ amount, collateralAmount });
  });

  it('is what the server stores: the trading domain computes offers and contracts with it', () => {
    const compute = trading.compute!;
    for (const [quantity, unitPrice, ratio, amount, collateralAmount] of CASES) {
      expect(compute['contracts.amounts'](data(quantity, unitPrice, ratio))).toMatchObject({ amount, collateralAmount });
      expect(compute['offers.amounts'](data(quantity, unitPrice, ratio))).toEqual({ amount });
    }
  });

  it('has no figures without a quantity and a price, and none for a third decimal of quantity', () => {
    expect(tradeTotals({ quantity: 2 })).toBeNull();
    expect(tradeTotals({ quantity: 2, unitPrice: '1.005' })).toBeNull();
    expect(tradeTotals({ quantity: '2', unitPrice: '1.00' })).toBeNull();
    expect(tradeTotals({ quantity: 1.234, unitPrice: '1.00' })).toBe(QUANTITY_PRECISION);
    expect(() => trading.compute!['contracts.amounts']({ quantity: 1.234, unitPrice: '1.00' })).toThrow();
  });
});

describe('previewTradeTotals (what the forms show while the user types)', () => {
  const fields = contracts.record.properties;
  const preview = (d: Record<string, unknown>) => previewTradeTotals(d, fields);

  it('shows the server figures for a valid input', () => {
    expect(preview(data(3.33, '3.33', 15))).toEqual({ amount: '11.09', collateralAmount: '1.66' });
    expect(preview(data(2, '10.00'))).toEqual({ amount: '20.00', collateralAmount: '0.00' });
  });

  it.each([
    ['a negative quantity', data(-5, '100.00', 10)],
    ['a zero quantity', data(0, '100.00', 10)],
    ['a quantity over the maximum', data(100000001, '1.00', 10)],
    ['three decimals of quantity', data(1.234, '100.00', 10)],
    ['a negative price', data(5, '-100.00', 10)],
    ['three decimals of price', data(5, '99.999', 10)],
    ['a price still being typed', data(5, '12.', 10)],
    ['a ratio over 100', data(5, '100.00', 150)],
    ['a negative ratio', data(5, '100.00', -10)],
    ['a fractional ratio', data(5, '100.00', 10.5)],
    ['a quantity that is text', { quantity: 'abc', unitPrice: '1.00' }],
  ])('shows nothing for %s', (_, input) => {
    expect(preview(input)).toBeNull();
  });
});

describe('objectionDepositFen', () => {
  it('is 10% of the collateral, at least 100.00', () => {
    expect(objectionDepositFen(2_050_00n)).toBe(205_00n);
    expect(objectionDepositFen(500_00n)).toBe(100_00n);
    expect(objectionDepositFen(1_234_55n)).toBe(123_46n);
  });
});
