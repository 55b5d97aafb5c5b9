// Issue 4 formats: the identity/company/bank validators, their wiring into ajv (the server's
// instance and the options rjsf ends up with) and the friendly error messages.
//
// Check characters are computed here a second time, independently of src/shared/validators.ts,
// from weight tables written out below, and every test vector is checked against both.
import Ajv, { type ErrorObject } from 'ajv';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  AJV_RECORD_OPTIONS,
  CUSTOM_FORMATS,
  FORMATS_NAMESPACE,
  RECORD_FORMAT_NAMES,
  STANDARD_FORMATS,
  addRecordFormats,
  createRecordAjv,
  formatErrorMessage,
  isMoney,
  type Translate,
} from '../../src/shared/formats';
import {
  isBankCardNumber,
  isProvinceCode,
  isResidentIdNumber,
  isUnifiedSocialCreditCode,
  luhnValid,
  normaliseBankCardNumber,
  normaliseResidentIdNumber,
  normaliseUnifiedSocialCreditCode,
  organizationCodeCheckChar,
  residentIdCheckChar,
  usccCheckChar,
} from '../../src/shared/validators';
import zhFormats from '../../src/shared/locales/zh-CN/formats.json';
import enFormats from '../../src/shared/locales/en-US/formats.json';
import zhValidation from '../../src/shared/locales/zh-CN/validation.json';
import enValidation from '../../src/shared/locales/en-US/validation.json';

// ---------------------------------------------------------------------------------------------
// Independent check-character calculations
// ---------------------------------------------------------------------------------------------

// GB 11643-1999 / ISO 7064 MOD 11-2: W_i = 2^(18-i) mod 11 for i = 1..17, written out.
const ID_W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function idCheck(first17: string): string {
  const sum = [...first17].reduce((acc, c, i) => acc + Number(c) * ID_W[i], 0);
  // The check value a1 satisfies (sum + a1) mod 11 = 1; a1 = 10 is written X.
  const a1 = (12 - (sum % 11)) % 11;
  return a1 === 10 ? 'X' : String(a1);
}
const withIdCheck = (first17: string): string => first17 + idCheck(first17);

// GB 32100-2015: 31 characters (no I, O, S, V, Z) valued 0..30, W_i = 3^(i-1) mod 31.
const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_W = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
function usccCheck(first17: string): string {
  const sum = [...first17].reduce((acc, c, i) => acc + USCC_CHARSET.indexOf(c) * USCC_W[i], 0);
  return USCC_CHARSET[(31 - (sum % 31)) % 31];
}
// GB 11714-1997: digits 0-9, letters A=10 .. Z=35, weights written out, C9 = 11 - sum mod 11.
const ORG_W = [3, 7, 9, 10, 5, 8, 4, 2];
const ORG_VALUE = (c: string): number => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
function orgCheck(body8: string): string {
  const c9 = 11 - ([...body8].reduce((acc, c, i) => acc + ORG_VALUE(c) * ORG_W[i], 0) % 11);
  return c9 === 10 ? 'X' : c9 === 11 ? '0' : String(c9);
}
/** authority+type (2) + division (6) + org body (8) -> the full 18-character code. */
function makeUscc(head8: string, orgBody: string): string {
  const first17 = head8 + orgBody + orgCheck(orgBody);
  return first17 + usccCheck(first17);
}

function luhn(digits: string): boolean {
  const sum = [...digits].reverse().reduce((acc, c, i) => {
    const d = Number(c) * (i % 2 === 1 ? 2 : 1);
    return acc + Math.floor(d / 10) + (d % 10);
  }, 0);
  return sum % 10 === 0;
}
const withLuhn = (body: string): string => {
  for (let d = 0; d <= 9; d += 1) if (luhn(`${body}${d}`)) return `${body}${d}`;
  throw new Error('unreachable');
};

describe('the independent tables', () => {
  it('are the formulas of the standards', () => {
    expect(ID_W).toEqual(Array.from({ length: 17 }, (_, i) => 2 ** (17 - i) % 11));
    expect(USCC_W).toEqual(Array.from({ length: 17 }, (_, i) => 3 ** i % 31));
    expect(USCC_CHARSET).toHaveLength(31);
    expect(USCC_CHARSET).not.toMatch(/[IOSVZ]/);
  });

  it('agree with the implementation on every ID and USCC check character', () => {
    for (let n = 0; n < 500; n += 1) {
      const first17 = String(110101199001010000n + BigInt(n) * 7919n).slice(0, 17);
      expect(residentIdCheckChar(first17)).toBe(idCheck(first17));
      const body = [...'ABCDEFGH'].map((_, i) => USCC_CHARSET[(n * (i + 3) + i) % 31]).join('');
      expect(organizationCodeCheckChar(body)).toBe(orgCheck(body));
      const first17u = `91330106${body}${orgCheck(body)}`;
      expect(usccCheckChar(first17u)).toBe(usccCheck(first17u));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Resident ID number
// ---------------------------------------------------------------------------------------------

describe('isResidentIdNumber', () => {
  const NOW = new Date('2024-06-15T12:00:00+08:00');
  const valid = [
    ['GB 11643 example, check X', '11010519491231002X'],
    ['Hangzhou, leap day 2000', withIdCheck('33010620000229123')],
    ['Shenzhen 1900-01-01 (earliest year)', withIdCheck('44030419000101001')],
    ['Hong Kong resident permit prefix 81', withIdCheck('81000019851111002')],
    ['Taiwan resident permit prefix 83', withIdCheck('83000019851111002')],
    ['foreign permanent resident (2023), issued in Beijing', withIdCheck('91184019800101001')],
    ['foreign permanent resident (2023), issued in Shanghai', withIdCheck('93184019800101001')],
    ['born on "today" in China', withIdCheck('33010620240615001')],
  ] as const;

  it.each(valid)('accepts %s', (_name, id) => {
    expect(id).toHaveLength(18);
    expect(idCheck(id.slice(0, 17))).toBe(id[17]);
    expect(isResidentIdNumber(id, NOW)).toBe(true);
  });

  it('takes "today" in China (UTC+8), not in UTC', () => {
    const id = withIdCheck('33010620240101001');
    // 2023-12-31T16:30Z is already 2024-01-01 00:30 in Beijing.
    expect(isResidentIdNumber(id, new Date('2023-12-31T16:30:00Z'))).toBe(true);
    expect(isResidentIdNumber(id, new Date('2023-12-31T15:30:00Z'))).toBe(false);
  });

  it('uses the current date by default', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber(withIdCheck(`330106${new Date().getUTCFullYear() + 2}0101001`))).toBe(false);
  });

  const wrongCheck = (id: string): string => id.slice(0, 17) + (id[17] === '0' ? '1' : '0');
  it.each([
    ['wrong check digit', wrongCheck('11010519491231002X')],
    ['X where a digit belongs', `${withIdCheck('33010620000229123').slice(0, 17)}X`],
    ['lower-case x', '11010519491231002x'],
    ['17 characters', '11010519491231002'],
    ['19 characters', '11010519491231002X0'],
    ['empty', ''],
    ['15-digit old number', '110105491231002'],
    ['letter inside', '11010519491231A02X'],
    ['surrounding space', ' 11010519491231002X'],
    ['inner space', '110105 19491231002X'],
    ['full-width digits', '\uFF11\uFF11\uFF10\uFF11\uFF10\uFF15\uFF11\uFF19\uFF14\uFF19\uFF11\uFF12\uFF13\uFF11\uFF10\uFF10\uFF12X'],
    ['30 February 1999', withIdCheck('33010619990230123')],
    ['29 February 1999 (not a leap year)', withIdCheck('33010619990229123')],
    ['29 February 1900 (not a leap year)', withIdCheck('33010619000229123')],
    ['31 April', withIdCheck('33010619900431123')],
    ['month 13', withIdCheck('33010619901301123')],
    ['month 00', withIdCheck('33010619900001123')],
    ['day 00', withIdCheck('33010619900100123')],
    ['day 32', withIdCheck('33010619900132123')],
    ['born 1899', withIdCheck('33010618991231123')],
    ['GB 11643 example born 1880', '440524188001010014'],
    ['born tomorrow', withIdCheck('33010620240616001')],
    ['born next year', withIdCheck('33010620250101001')],
    ['province 00', withIdCheck('00010619900101123')],
    ['province 10', withIdCheck('10010619900101123')],
    ['province 16', withIdCheck('16010619900101123')],
    ['province 24', withIdCheck('24010619900101123')],
    ['province 38', withIdCheck('38010619900101123')],
    ['province 47', withIdCheck('47010619900101123')],
    ['province 55', withIdCheck('55010619900101123')],
    ['province 66', withIdCheck('66010619900101123')],
    ['province 72', withIdCheck('72010619900101123')],
    ['province 84', withIdCheck('84010619900101123')],
    ['province 99', withIdCheck('99010619900101123')],
    ['9 followed by no province', withIdCheck('90084019800101001')],
  ])('rejects %s', (_name, id) => {
    expect(isResidentIdNumber(id, NOW)).toBe(false);
  });

  it('accepts the province codes of GB/T 2260 and nothing else', () => {
    const expected = [
      11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
      62, 63, 64, 65, 71, 81, 82, 83,
    ].map(String);
    const accepted = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0')).filter(isProvinceCode);
    expect(accepted).toEqual(expected);
    for (const p of accepted) expect(isResidentIdNumber(withIdCheck(`${p}010619900101123`), NOW)).toBe(true);
  });

  it('normalises what a user types into the stored form', () => {
    expect(normaliseResidentIdNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
    expect(isResidentIdNumber(normaliseResidentIdNumber('11010519491231002x'), NOW)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Unified social credit code
// ---------------------------------------------------------------------------------------------

describe('isUnifiedSocialCreditCode', () => {
  // Real-shaped codes; each one's two check characters are asserted against the independent
  // calculation before the implementation is asked.
  const valid = [
    ['enterprise, Fuzhou, new-style M body', '91350100M000100Y43'],
    ['enterprise, Beijing', '91110108551385082Q'],
    ['enterprise, Shenzhen', '91440300708461136T'],
    ['enterprise, constructed', makeUscc('91330106', 'MA2H0TL7')],
    ['individual business', makeUscc('92330106', 'MA2KC3R5')],
    ['farmers cooperative', makeUscc('93330122', 'MA28F7X1')],
    ['state organ at national level (100000)', makeUscc('11100000', '00001312')],
    ['public institution', makeUscc('12330000', '47000193')],
    ['social organisation', makeUscc('51330000', '50196284')],
    ['private non-enterprise unit', makeUscc('52330106', 'MJ8812X0')],
    ['foundation', makeUscc('53100000', '50001285')],
    ['law firm (authority 3)', makeUscc('31330000', 'E0001234')],
    ['trade union (authority 8)', makeUscc('81330106', 'MC1234A5')],
    ['rural collective (authority N)', makeUscc('N2330106', 'MF1234A5')],
    ['other authority Y1', makeUscc('Y1330106', 'MG1234A5')],
    ['org check digit 0 (C9 = 11)', makeUscc('91330106', findBody('0'))],
    ['org check digit X (C9 = 10)', makeUscc('91330106', findBody('X'))],
    ['USCC check 0', findUscc('0')],
    ['USCC check Y', findUscc('Y')],
  ] as const;

  function findBody(check: string): string {
    for (let n = 0; ; n += 1) {
      const body = `MA${String(n).padStart(6, '0')}`;
      if (orgCheck(body) === check) return body;
    }
  }
  function findUscc(check: string): string {
    for (let n = 0; ; n += 1) {
      const code = makeUscc('91330106', `MA${String(n).padStart(6, '0')}`);
      if (code[17] === check) return code;
    }
  }

  it.each(valid)('accepts %s', (_name, code) => {
    expect(code).toMatch(/^[0-9A-HJ-NP-RTUW-Y]{18}$/);
    expect(orgCheck(code.slice(8, 16))).toBe(code[16]);
    expect(usccCheck(code.slice(0, 17))).toBe(code[17]);
    expect(isUnifiedSocialCreditCode(code)).toBe(true);
  });

  const good = '91350100M000100Y43';
  const replaceAt = (s: string, i: number, c: string): string => s.slice(0, i) + c + s.slice(i + 1);
  /** Changes position i and repairs both check characters, so only the change itself is wrong. */
  const recheck = (s: string, i: number, c: string): string => {
    const changed = replaceAt(s, i, c);
    return makeUscc(changed.slice(0, 8), changed.slice(8, 16));
  };

  it.each([
    ['the example 911100001011140130 (both checks wrong)', '911100001011140130'],
    ['wrong USCC check character', replaceAt(good, 17, '4')],
    ['wrong org check character (USCC check repaired)', (() => {
      const first17 = replaceAt(good, 16, '5').slice(0, 17);
      return first17 + usccCheck(first17);
    })()],
    ['lower-case letters', good.toLowerCase()],
    ['one lower-case letter', replaceAt(good, 8, 'm')],
    ['17 characters', good.slice(0, 17)],
    ['19 characters', `${good}3`],
    ['empty', ''],
    ['surrounding space', ` ${good}`],
    ['inner space', `9135 0100M000100Y43`],
    ['letter I', replaceAt(good, 9, 'I')],
    ['letter O', replaceAt(good, 9, 'O')],
    ['letter S', replaceAt(good, 9, 'S')],
    ['letter V', replaceAt(good, 9, 'V')],
    ['letter Z', replaceAt(good, 9, 'Z')],
    ['check character Z', replaceAt(good, 17, 'Z')],
    ['authority 0', recheck(good, 0, '0')],
    ['authority B', recheck(good, 0, 'B')],
    ['type 4 under authority 9', recheck(good, 1, '4')],
    ['type 9 under authority 9', recheck(good, 1, '9')],
    ['type 2 under authority Y', makeUscc('Y2350100', 'M000100Y')],
    ['letter in the division code', makeUscc('9135A100', 'M000100Y')],
    ['division of no province (00)', makeUscc('91000000', 'M000100Y')],
    ['division 10xxxx other than 100000', makeUscc('91101000', 'M000100Y')],
    ['division 990000', makeUscc('91990000', 'M000100Y')],
  ])('rejects %s', (_name, code) => {
    expect(isUnifiedSocialCreditCode(code)).toBe(false);
  });

  it('normalises what a user types into the stored form', () => {
    expect(normaliseUnifiedSocialCreditCode(' 91350100 m000100y43\t')).toBe(good);
  });
});

// ---------------------------------------------------------------------------------------------
// Bank card and money
// ---------------------------------------------------------------------------------------------

describe('isBankCardNumber', () => {
  it.each([
    ['test Visa, 16 digits', '4111111111111111'],
    ['test Amex, 15 digits', '378282246310005'],
    ['UnionPay-shaped, 19 digits', withLuhn('622202123456789012')],
    ['UnionPay-shaped, 16 digits', withLuhn('622848001234567')],
    ['12 digits (shortest)', withLuhn('62220212345')],
  ])('accepts %s', (_name, card) => {
    expect(luhn(card)).toBe(true);
    expect(isBankCardNumber(card)).toBe(true);
  });

  const flipLast = (s: string): string => s.slice(0, -1) + String((Number(s.slice(-1)) + 1) % 10);
  it.each([
    ['Luhn failure', flipLast('4111111111111111')],
    ['Luhn failure, 19 digits', flipLast(withLuhn('622202123456789012'))],
    ['11 digits', withLuhn('6222021234')],
    ['20 digits', withLuhn('6222021234567890123')],
    ['spaces', '4111 1111 1111 1111'],
    ['dashes', '4111-1111-1111-1111'],
    ['letter', '411111111111111a'],
    ['empty', ''],
  ])('rejects %s', (_name, card) => {
    expect(isBankCardNumber(card)).toBe(false);
  });

  it('luhnValid agrees with the independent Luhn on many numbers', () => {
    for (let n = 0; n < 2000; n += 1) {
      const digits = String(622202000000000 + n * 7_777_777);
      expect(luhnValid(digits)).toBe(luhn(digits));
    }
  });

  it('normalises grouped input', () => {
    expect(normaliseBankCardNumber('4111 1111-1111 1111')).toBe('4111111111111111');
  });
});

describe('isMoney', () => {
  it.each(['0', '1', '0.01', '0.5', '1234.5', '1234.56', '100', '007.5', '999999999999999.99', '999999999999999'])(
    'accepts %s',
    (s) => {
      expect(isMoney(s)).toBe(true);
    },
  );

  it.each([
    ['empty', ''],
    ['negative', '-1'],
    ['plus sign', '+1'],
    ['three decimals', '1.234'],
    ['exponent', '1e3'],
    ['thousands separator', '1,000'],
    ['leading dot', '.5'],
    ['trailing dot', '12.'],
    ['surrounding space', ' 12'],
    ['trailing space', '12 '],
    ['16 integer digits', '1000000000000000'],
    ['NaN', 'NaN'],
    ['Infinity', 'Infinity'],
    ['full-width digits', '\uFF11\uFF12'],
    ['letters', 'abc'],
  ])('rejects %s', (_name, s) => {
    expect(isMoney(s)).toBe(false);
  });

  it('rejects non-strings instead of throwing', () => {
    expect(isMoney(12 as unknown as string)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// ajv wiring
// ---------------------------------------------------------------------------------------------

const formatCases: Record<string, { valid: string[]; invalid: string[] }> = {
  mobile: { valid: ['13812345678'], invalid: ['12812345678', '+8613812345678', ''] },
  residentId: { valid: ['11010519491231002X'], invalid: ['11010519491231002x', '110105194912310021', ''] },
  uscc: { valid: ['91350100M000100Y43'], invalid: ['911100001011140130', '91350100m000100y43', ''] },
  bankCard: { valid: ['4111111111111111'], invalid: ['4111111111111112', '4111 1111 1111 1111', ''] },
  // A corporate account has no check digit (issue 28 item 7): 1202021109900123456 fails Luhn.
  bankAccount: { valid: ['1202021109900123456', '12345678', '6222020200998877665', '1'.repeat(30)], invalid: ['1234567', '1'.repeat(31), '6222 0202', '6222-0202-0099', 'abcdefgh', ''] },
  money: { valid: ['1234.56', '0'], invalid: ['1.234', '-1', ''] },
  smsCode: { valid: ['123456'], invalid: ['12345', '12345a', ''] },
  password: { valid: ['Secr3t-pw'], invalid: ['abc', 'abcdefgh', 'abc\\123', '123456a', ''] },
  email: { valid: ['user@example.com'], invalid: ['a@b', 'user@example', ''] },
  industry: { valid: ['01', '97', '65'], invalid: ['A', '98', '1', ''] },
  date: { valid: ['2024-02-29'], invalid: ['2023-02-29', '2024/02/29', ''] },
  'date-time': { valid: ['2024-02-29T12:00:00+08:00', '2024-02-29T04:00:00Z'], invalid: ['2024-02-29 12:00', ''] },
  uri: { valid: ['https://example.com/a?b=c'], invalid: ['not a uri', ''] },
  uuid: { valid: ['123e4567-e89b-12d3-a456-426614174000'], invalid: ['123e4567', ''] },
};

describe('record formats in ajv', () => {
  it('cover exactly the custom and standard formats', () => {
    expect(Object.keys(CUSTOM_FORMATS).sort()).toEqual(
      ['bankAccount', 'bankCard', 'email', 'industry', 'mobile', 'money', 'password', 'residentId', 'smsCode', 'uscc'].sort(),
    );
    expect([...RECORD_FORMAT_NAMES].sort()).toEqual(Object.keys(formatCases).sort());
  });

  const ajv = createRecordAjv();
  it.each(Object.entries(formatCases))('%s validates through the server ajv', (format, { valid, invalid }) => {
    const validate = ajv.compile({ type: 'string', format });
    for (const v of valid) expect(validate(v), `${format}: ${v}`).toBe(true);
    for (const v of invalid) {
      expect(validate(v), `${format}: ${JSON.stringify(v)}`).toBe(false);
      expect(validate.errors?.[0]).toMatchObject({ keyword: 'format', params: { format } });
    }
  });

  it('formats apply to strings only; types are checked by `type`', () => {
    const validate = ajv.compile({ type: 'string', format: 'money' });
    expect(validate(12)).toBe(false);
    expect(validate.errors?.[0].keyword).toBe('type');
  });

  it('gives the options rjsf ends up with, and rjsf-style set-up behaves the same', () => {
    // @rjsf/validator-ajv8 createAjvInstance: new Ajv({ ...AJV_CONFIG, ...ajvOptionsOverrides }).
    const RJSF_AJV_CONFIG = { allErrors: true, multipleOfPrecision: 8, strict: false, verbose: true, discriminator: false };
    const merged = { ...RJSF_AJV_CONFIG, ...AJV_RECORD_OPTIONS };
    expect(merged).toEqual({ ...AJV_RECORD_OPTIONS });
    // rjsf with ajvFormatOptions: false and extenderFn: addRecordFormats.
    const browser = addRecordFormats(new Ajv(merged));
    const schema = {
      type: 'object',
      required: ['uscc', 'amount'],
      properties: {
        uscc: { type: 'string', format: 'uscc', title: 'x' },
        amount: { type: 'string', format: 'money' },
        founded: { type: 'string', format: 'date' },
      },
      additionalProperties: false,
      'x-list': { columns: ['uscc'] },
    };
    const server = createRecordAjv().compile(schema);
    const client = browser.compile(schema);
    const records: unknown[] = [
      { uscc: '91350100M000100Y43', amount: '12.50', founded: '2020-01-31' },
      { uscc: '91350100M000100Y44', amount: '12.505', founded: '2020-02-31', extra: 1 },
      { amount: 12.5 },
      {},
    ];
    for (const record of records) {
      expect(client(record)).toBe(server(record));
      expect(client.errors).toEqual(server.errors);
    }
    expect(server.errors?.map((e) => e.keyword).sort()).toEqual(['required', 'required']);
  });

  it('never changes the data: no coercion, no defaults, no removal', () => {
    const validate = createRecordAjv().compile({
      type: 'object',
      properties: { n: { type: 'number' }, s: { type: 'string', default: 'x' } },
      additionalProperties: false,
    });
    const record = { n: '12', extra: true };
    expect(validate(record)).toBe(false);
    expect(record).toEqual({ n: '12', extra: true });
    expect(validate.errors?.map((e) => e.keyword).sort()).toEqual(['additionalProperties', 'type']);
  });

  it('x-positive: a money string of 0 is refused, in the server ajv and the rjsf-style one alike (issue 28 item 4)', () => {
    const schema = { type: 'object', properties: { price: { type: 'string', format: 'money', 'x-positive': true }, fee: { type: 'string', format: 'money' } } };
    const server = createRecordAjv().compile(schema);
    const browser = addRecordFormats(new Ajv({ ...AJV_RECORD_OPTIONS })).compile(schema);
    for (const validate of [server, browser]) {
      expect(validate({ price: '0.01', fee: '0' })).toBe(true);
      for (const zero of ['0', '0.0', '0.00', '000']) {
        expect(validate({ price: zero }), zero).toBe(false);
        expect(validate.errors?.map((e) => e.keyword)).toEqual(['x-positive']);
      }
      // A malformed amount is the money format's to refuse: one error, not two.
      expect(validate({ price: '-5' })).toBe(false);
      expect(validate.errors?.map((e) => e.keyword)).toEqual(['format']);
    }
    expect(formatErrorMessage(firstError(schema, { price: '0' }), zh)).toBe('金额必须大于 0');
    expect(formatErrorMessage(firstError(schema, { price: '0' }), en)).toBe('The amount must be more than 0');
  });

  it('puts the rejected value into the error (verbose)', () => {
    const validate = createRecordAjv().compile({ type: 'string', format: 'password' });
    validate('abc');
    expect(validate.errors?.[0].data).toBe('abc');
  });
});

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const i18n = i18next.createInstance();
await i18n.init({
  resources: {
    'zh-CN': { formats: zhFormats, validation: zhValidation },
    'en-US': { formats: enFormats, validation: enValidation },
  },
  lng: 'zh-CN',
  ns: ['formats', 'validation'],
  defaultNS: 'formats',
  interpolation: { escapeValue: false },
  initAsync: false,
});
// The i18next TFunction itself must be accepted where a Translate is expected.
const zh: Translate = i18n.getFixedT('zh-CN');
const en: Translate = i18n.getFixedT('en-US');

function errorsFor(schema: object, data: unknown): ErrorObject[] {
  const validate = createRecordAjv().compile(schema);
  expect(validate(data)).toBe(false);
  return validate.errors ?? [];
}
const firstError = (schema: object, data: unknown): ErrorObject => errorsFor(schema, data)[0];

function flatKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => flatKeys(v, prefix ? `${prefix}.${k}` : k));
}

describe('formatErrorMessage', () => {
  it('the two locale files have the same keys, all non-empty', () => {
    expect(flatKeys(enFormats).sort()).toEqual(flatKeys(zhFormats).sort());
    for (const file of [zhFormats, enFormats]) {
      for (const key of flatKeys(file)) {
        const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], file);
        expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('every record format has its own message', () => {
    for (const name of RECORD_FORMAT_NAMES) {
      expect(Object.keys(zhFormats.format), name).toContain(name);
    }
  });

  it.each([
    ['uscc', '请输入正确的统一社会信用代码', 'Please enter a valid unified social credit code'],
    ['residentId', '请输入正确的18位身份证号码', 'Please enter a valid 18-character ID number'],
    ['mobile', '请输入正确的手机号码', 'Please enter a valid mobile number'],
    ['bankCard', '请输入正确的银行卡号', 'Please enter a valid bank card number'],
    ['money', '请输入正确的金额：不带正负号，最多两位小数', 'Please enter a valid amount: no sign, at most two decimals'],
    ['smsCode', '请输入6位数字验证码', 'Please enter the 6-digit verification code'],
    ['email', '请输入正确的邮箱地址', 'Please enter a valid email address'],
    ['industry', '请选择正确的行业类别', 'Please choose a valid industry category'],
    ['date', '请输入正确的日期', 'Please enter a valid date'],
  ])('format %s', (format, zhText, enText) => {
    const error = firstError({ type: 'string', format }, 'x');
    expect(formatErrorMessage(error, zh)).toBe(zhText);
    expect(formatErrorMessage(error, en)).toBe(enText);
  });

  it('names the exact password problem, in the words of the sign-in forms', () => {
    const schema = { type: 'string', format: 'password' };
    expect(formatErrorMessage(firstError(schema, 'abc'), zh)).toBe(zhValidation.password.tooShort);
    expect(formatErrorMessage(firstError(schema, 'abcdefgh'), zh)).toBe(zhValidation.password.complexity);
    expect(formatErrorMessage(firstError(schema, 'abc\\1234'), en)).toBe(enValidation.password.backslash);
    expect(formatErrorMessage(firstError(schema, '123456a'), en)).toBe(enValidation.password.common);
    // Without the value (an ajv without verbose) the general password message.
    const bare = { ...firstError(schema, 'abc'), data: undefined };
    expect(formatErrorMessage(bare, zh)).toBe(zhFormats.format.password);
  });

  it.each([
    ['required', { type: 'object', required: ['a'] }, {}, '此项为必填项', 'This field is required'],
    ['maxLength', { type: 'string', maxLength: 50 }, 'x'.repeat(51), '最多输入 50 个字符', 'Enter at most 50 characters'],
    ['minLength', { type: 'string', minLength: 2 }, 'x', '至少输入 2 个字符', 'Enter at least 2 characters'],
    ['maximum', { type: 'number', maximum: 100 }, 101, '不能大于 100', 'Must not be greater than 100'],
    ['minimum', { type: 'number', minimum: 0 }, -1, '不能小于 0', 'Must not be less than 0'],
    ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 0 }, 0, '须大于 0', 'Must be greater than 0'],
    ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 9 }, 9, '须小于 9', 'Must be less than 9'],
    ['multipleOf', { type: 'number', multipleOf: 5 }, 7, '须为 5 的整数倍', 'Must be a multiple of 5'],
    ['minItems', { type: 'array', minItems: 3 }, [], '至少选择 3 项', 'Choose at least 3'],
    ['maxItems', { type: 'array', maxItems: 1 }, [1, 2], '最多选择 1 项', 'Choose no more than 1'],
    ['uniqueItems', { type: 'array', uniqueItems: true }, [1, 1], '不能有重复项', 'Items must not repeat'],
    ['enum', { enum: ['a', 'b'] }, 'c', '请从选项中选择', 'Please choose one of the options'],
    ['const', { const: true }, false, '取值不正确', 'The value is not correct'],
    ['pattern', { type: 'string', pattern: '^\\d+$' }, 'a', '格式不正确', 'The format is not correct'],
    ['type number', { type: 'number' }, 'a', '请输入数字', 'Please enter a number'],
    ['type integer', { type: 'integer' }, 1.5, '请输入整数', 'Please enter a whole number'],
    ['type string', { type: 'string' }, 1, '请输入文字', 'Please enter text'],
    ['type union', { type: ['string', 'number'] }, true, '填写的内容类型不正确', 'The value has the wrong type'],
    [
      'additionalProperties',
      { type: 'object', additionalProperties: false },
      { a: 1 },
      '包含不允许填写的内容',
      'Contains content that is not allowed',
    ],
    [
      'dependentRequired (draft-07 dependencies)',
      { type: 'object', dependencies: { a: ['b'] } },
      { a: 1 },
      '此项为必填项',
      'This field is required',
    ],
    ['anything else (not)', { not: { type: 'string' } }, 'a', '此项填写不正确', 'This field is not filled in correctly'],
  ])('%s', (_name, schema, data, zhText, enText) => {
    const error = firstError(schema, data);
    expect(formatErrorMessage(error, zh)).toBe(zhText);
    expect(formatErrorMessage(error, en)).toBe(enText);
  });

  it('an unknown format gets the general format message', () => {
    const error: ErrorObject = {
      keyword: 'format',
      instancePath: '/a',
      schemaPath: '#/properties/a/format',
      params: { format: 'ipv4' },
    };
    expect(formatErrorMessage(error, zh)).toBe('格式不正确');
    expect(formatErrorMessage(error, en)).toBe('The format is not correct');
  });

  it('never passes on ajv English text or a bare key', () => {
    const schema = {
      type: 'object',
      required: ['name', 'uscc', 'amount', 'tags'],
      properties: {
        name: { type: 'string', maxLength: 2 },
        uscc: { type: 'string', format: 'uscc' },
        amount: { type: 'string', format: 'money' },
        tags: { type: 'array', minItems: 1, items: { enum: ['a'] } },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri' },
        id: { type: 'string', format: 'uuid' },
        n: { type: 'integer', minimum: 1, maximum: 2 },
        p: { type: 'string', format: 'password' },
      },
    };
    const errors = errorsFor(schema, { name: 'abc', uscc: 'x', amount: '1.234', tags: ['b'], when: 'x', site: 'x y', id: 'x', n: 0.5, p: 'x' });
    expect(errors.length).toBeGreaterThan(8);
    for (const error of errors) {
      for (const t of [zh, en]) {
        const text = formatErrorMessage(error, t);
        expect(text).not.toBe(error.message);
        expect(text).not.toMatch(/^(must|should)\b/);
        expect(text).not.toMatch(/^[\w.-]+$/); // an untranslated key
        expect(text).not.toContain('{{');
      }
    }
  });

  it('uses its own namespace', () => {
    expect(FORMATS_NAMESPACE).toBe('formats');
    expect(STANDARD_FORMATS).toEqual(['date', 'date-time', 'uri', 'uuid']);
  });
});
