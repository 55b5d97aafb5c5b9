import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_INTEGER_DIGITS,
  MoneyFormatError,
  capitalAmount,
  fenToYuan,
  filterAmountInput,
  formatMoney,
  yuanToFen,
} from '../../src/shared/money';

// Test titles: vitest's %j cannot serialise a bigint, and '1.5' vs 1.5 must stay distinct.
const show = (v: unknown): string => (typeof v === 'bigint' ? `${v}n` : JSON.stringify(v));
const titled = <T extends readonly unknown[]>(rows: T[]): [string, ...T][] => rows.map((row) => [show(row[0]), ...row]);

describe('yuanToFen', () => {
  it.each(titled<[string | number, bigint]>([
    ['0', 0n],
    ['0.01', 1n],
    ['0.1', 10n],
    ['1', 100n],
    ['1234.5', 123450n],
    ['1234.56', 123456n],
    ['1234.50', 123450n],
    ['007.5', 750n],
    ['  12.30 ', 1230n],
    ['999999999999999.99', 99999999999999999n],
    [1234.56, 123456n],
    [0.07, 7n],
    [19.99, 1999n],
    // Float multiplication would give 1155.0000000000002 / 28.999999999999996 here.
    [11.55, 1155n],
    [0.29, 29n],
    [100, 10000n],
    [0, 0n],
    [-0, 0n],
  ]))('%s -> %s fen', (_title, input, fen) => {
    expect(yuanToFen(input)).toBe(fen);
  });

  it.each<[string, string | number]>([
    ['empty', ''],
    ['blank', '   '],
    ['three decimals', '1.234'],
    ['three decimals of zeros', '1.000'],
    ['negative string', '-1.00'],
    ['negative zero string', '-0'],
    ['plus sign', '+1'],
    ['negative number', -0.01],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['exponent string', '1e3'],
    ['exponent number', 1e21],
    ['tiny number in exponent form', 1e-7],
    ['float noise', 0.1 + 0.2],
    ['thousands separator', '1,234.56'],
    ['leading dot', '.5'],
    ['trailing dot', '12.'],
    ['letters', '12a'],
    ['NaN string', 'NaN'],
    ['inner space', '1 234'],
    ['full-width digits', '\uFF11\uFF12'],
    ['16 integer digits', '1000000000000000'],
    ['16 digits as number', 1e15],
  ])('rejects %s', (_name, input) => {
    expect(() => yuanToFen(input)).toThrow(MoneyFormatError);
  });

  it('allows exactly MAX_INTEGER_DIGITS integer digits, leading zeros not counted', () => {
    expect(MAX_INTEGER_DIGITS).toBe(15);
    expect(yuanToFen('9'.repeat(15))).toBe(BigInt('9'.repeat(15)) * 100n);
    expect(yuanToFen(`000${'9'.repeat(15)}`)).toBe(BigInt('9'.repeat(15)) * 100n);
    expect(() => yuanToFen('9'.repeat(16))).toThrow(/integer digits/);
  });

  it('MoneyFormatError carries the input and a name', () => {
    let caught: unknown;
    try {
      yuanToFen('1.234');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MoneyFormatError);
    expect(caught).toBeInstanceOf(Error);
    const error = caught as MoneyFormatError;
    expect(error.name).toBe('MoneyFormatError');
    expect(error.input).toBe('1.234');
    expect(error.message).toContain('1.234');
  });
});

describe('fenToYuan', () => {
  it.each(titled<[bigint, string]>([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [100n, '1.00'],
    [123456n, '1234.56'],
    [-5n, '-0.05'],
    [-123456n, '-1234.56'],
    [99999999999999999n, '999999999999999.99'],
    // Beyond Number.MAX_SAFE_INTEGER: bigint keeps every digit.
    [1234567890123456789n, '12345678901234567.89'],
  ]))('%s fen -> %s', (_title, fen, yuan) => {
    expect(fenToYuan(fen)).toBe(yuan);
  });

  it('round-trips with yuanToFen for non-negative amounts', () => {
    for (const text of ['0.00', '0.01', '0.99', '1.00', '1234.56', '999999999999999.99']) {
      expect(fenToYuan(yuanToFen(text))).toBe(text);
    }
  });
});

describe('formatMoney', () => {
  it.each(titled<[string | number | bigint, string]>([
    [1234567.8, '1,234,567.80'],
    ['1234567.8', '1,234,567.80'],
    [0, '0.00'],
    ['0', '0.00'],
    [5, '5.00'],
    [999, '999.00'],
    [1000, '1,000.00'],
    [100000, '100,000.00'],
    ['999999999999999.99', '999,999,999,999,999.99'],
    [-1234.5, '-1,234.50'],
    ['-0.05', '-0.05'],
    // A bigint is fen.
    [123456789n, '1,234,567.89'],
    [0n, '0.00'],
    [-5n, '-0.05'],
    [100n, '1.00'],
  ]))('%s -> %s', (_title, input, text) => {
    expect(formatMoney(input)).toBe(text);
  });

  it('rounds display values beyond two decimals half-up, on the decimal digits', () => {
    expect(formatMoney('1.004')).toBe('1.00');
    expect(formatMoney('1.005')).toBe('1.01');
    // The float 1.005 is 1.00499999999999989...; toFixed(2) would give '1.00'.
    expect(formatMoney(1.005)).toBe('1.01');
    expect(formatMoney(0.1 + 0.2)).toBe('0.30');
    expect(formatMoney('999.995')).toBe('1,000.00');
    expect(formatMoney('-2.675')).toBe('-2.68');
  });

  it.each<[string, string | number]>([
    ['empty', ''],
    ['letters', 'abc'],
    ['NaN', Number.NaN],
    ['Infinity', Number.NEGATIVE_INFINITY],
    ['exponent', '1e5'],
    ['already grouped', '1,000.00'],
    ['16 integer digits', '1000000000000000'],
  ])('rejects %s', (_name, input) => {
    expect(() => formatMoney(input)).toThrow(MoneyFormatError);
  });
});

describe('capitalAmount', () => {
  it.each(titled<[string | number | bigint, string]>([
    ['1234.56', '壹仟贰佰叁拾肆元伍角陆分'],
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [100, '壹佰元整'],
    ['100.00', '壹佰元整'],
    // nzh alone drops 整 for '20.00'; the canonical form keeps it.
    ['20.00', '贰拾元整'],
    ['1000000.00', '壹佰万元整'],
    [0.05, '伍分'],
    ['0.01', '壹分'],
    ['0.5', '伍角'],
    [1001.01, '壹仟零壹元零壹分'],
    ['1.05', '壹元零伍分'],
    ['10000.01', '壹万元零壹分'],
    ['100010.01', '壹拾万零壹拾元零壹分'],
    ['1000010000', '壹拾亿零壹万元整'],
    ['101000', '壹拾万壹仟元整'],
    [100000000, '壹亿元整'],
    ['100000000.01', '壹亿元零壹分'],
    [0, '零元整'],
    ['0.00', '零元整'],
    // Bank rule chosen: nothing after 角 (整 only when the amount ends at 元).
    ['10.50', '壹拾元伍角'],
    [10.5, '壹拾元伍角'],
    ['1409.50', '壹仟肆佰零玖元伍角'],
    ['999999999999999.99', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['123456789012345.67', '壹佰贰拾叁万肆仟伍佰陆拾柒亿捌仟玖佰零壹万贰仟叁佰肆拾伍元陆角柒分'],
    // A bigint is fen.
    [123456n, '壹仟贰佰叁拾肆元伍角陆分'],
    [10000n, '壹佰元整'],
    [5n, '伍分'],
    [1050n, '壹拾元伍角'],
    [0n, '零元整'],
    // Negatives keep their sign.
    ['-12.5', '负壹拾贰元伍角'],
    [-5n, '负伍分'],
  ]))('%s -> %s', (_title, input, text) => {
    expect(capitalAmount(input)).toBe(text);
  });

  it('never prefixes the currency name', () => {
    expect(capitalAmount('1')).toBe('壹元整');
    expect(capitalAmount('1')).not.toContain('人民币');
  });

  it.each<[string, string | number | bigint]>([
    ['three decimals', '1.005'],
    ['empty', ''],
    ['letters', 'abc'],
    ['NaN', Number.NaN],
    ['exponent', '1e8'],
    ['16 integer digits as string', '1000000000000000'],
    ['16 integer digits as fen', 100000000000000000n],
    ['16 integer digits, negative fen', -100000000000000000n],
  ])('rejects %s', (_name, input) => {
    expect(() => capitalAmount(input)).toThrow(MoneyFormatError);
  });
});

describe('filterAmountInput', () => {
  it.each<[string, string]>([
    ['', ''],
    ['abc', ''],
    ['123', '123'],
    ['12.34', '12.34'],
    ['12a.3.456', '12.34'],
    ['12.345', '12.34'],
    ['1.2.3', '1.23'],
    ['.5', '0.5'],
    ['.', '0.'],
    ['12.', '12.'],
    ['007', '7'],
    ['000', '0'],
    ['0', '0'],
    ['00.5', '0.5'],
    ['0.05', '0.05'],
    ['-12.5', '12.5'],
    ['1,234.56', '1234.56'],
    [' 1 2 ', '12'],
    ['1e5', '15'],
    ['\uFF11\uFF12\uFF0E\uFF15', '12.5'],
    ['¥ 99.9元', '99.9'],
    ['1234567890123456789', '123456789012345'],
    ['1234567890123456789.12', '123456789012345.12'],
  ])('%j -> %j', (raw, kept) => {
    expect(filterAmountInput(raw)).toBe(kept);
  });

  it('is idempotent', () => {
    for (const raw of ['12a.3.456', '.5', '007', '12.', '00.50']) {
      const once = filterAmountInput(raw);
      expect(filterAmountInput(once)).toBe(once);
    }
  });

  it('produces something yuanToFen accepts once the user has finished typing', () => {
    for (const raw of ['12a.3.456', '.5', '007', '99999999999999999']) {
      expect(() => yuanToFen(filterAmountInput(raw))).not.toThrow();
    }
  });
});

// Properties (fast-check) over the whole range of amounts, beside the examples above.
describe('money properties', () => {
  const MAX_FEN = 10n ** BigInt(MAX_INTEGER_DIGITS + 2) - 1n;
  const fen = fc.bigInt(0n, MAX_FEN);
  const ZHENG = '\u6574';
  const FU = '\u8d1f';

  it('round-trips every amount: yuanToFen(fenToYuan(f)) = f, and fenToYuan of the parse is canonical', () => {
    fc.assert(fc.property(fen, (f) => yuanToFen(fenToYuan(f)) === f));
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,15}(\.\d{1,2})?$/), (text) => {
        const [integer, fraction = ''] = text.split('.');
        expect(yuanToFen(text)).toBe(BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0')));
        expect(fenToYuan(yuanToFen(text))).toMatch(/^(0|[1-9]\d*)\.\d\d$/);
      }),
    );
  });

  it('rejects more than two decimals, whatever the digits', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,15}\.\d{3,8}$/), (text) => {
      expect(() => yuanToFen(text)).toThrow(MoneyFormatError);
    }));
  });

  it('rejects anything that is not digits with an optional dot and one or two decimals', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }).filter((text) => !/^\d+(\.\d{1,2})?$/.test(text.trim()) || text.trim().replace(/^0+(?=\d)/, '').split('.')[0].length > MAX_INTEGER_DIGITS),
        (text) => {
          expect(() => yuanToFen(text)).toThrow(MoneyFormatError);
        },
      ),
    );
  });

  it('formats with separators that, removed, give the wire format', () => {
    fc.assert(fc.property(fc.bigInt(-MAX_FEN, MAX_FEN), (f) => formatMoney(f).replaceAll(',', '') === fenToYuan(f)));
  });

  it('writes capitals with no digits, the whole-yuan suffix exactly when there are no jiao and fen, and a sign prefix for negatives', () => {
    fc.assert(
      fc.property(fen, (f) => {
        const text = capitalAmount(f);
        expect(text).not.toMatch(/[0-9.,-]/);
        expect(text.endsWith(ZHENG)).toBe(f % 100n === 0n);
        expect(capitalAmount(fenToYuan(f))).toBe(text);
        if (f > 0n) expect(capitalAmount(-f)).toBe(`${FU}${text}`);
      }),
    );
  });
});
