// Money helpers shared by the browser and the server (DESIGN §5).
// Internally money is integer fen in a bigint; on the wire it is a yuan string with two
// decimals. Nothing here multiplies floats: numbers are turned into their shortest decimal
// string first and then parsed digit by digit, so 1234.56 is exactly 123456 fen.
import nzhcn from 'nzh/cn';

/** Largest number of integer (yuan) digits accepted: 999,999,999,999,999.99 at most. */
export const MAX_INTEGER_DIGITS = 15;

/** Thrown for anything that is not a well-formed amount. `input` is what was given. */
export class MoneyFormatError extends Error {
  readonly input: unknown;

  constructor(input: unknown, reason: string) {
    super(`Invalid money amount ${JSON.stringify(String(input))}: ${reason}`);
    this.name = 'MoneyFormatError';
    this.input = input;
  }
}

// Optional sign, integer digits, optional dot followed by at least one digit. This rejects
// '', '.5', '12.', '1,000', ' 1 2', 'NaN', 'Infinity' and exponent forms like '1e3'.
const DECIMAL_RE = /^([+-]?)(\d+)(?:\.(\d+))?$/;

interface ParseOptions {
  /** Accept a leading '+' or '-' (display helpers do; user input does not). */
  signed: boolean;
  /** Round half-up beyond two decimals instead of rejecting (display only). */
  round: boolean;
}

function toDecimalString(value: string | number): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyFormatError(value, 'not a finite number');
    // String() gives the shortest string that round-trips, e.g. 1234.56 -> '1234.56'. A float
    // that is not a two-decimal value (0.1 + 0.2) keeps its long tail and is rejected below
    // instead of being silently rounded.
    return String(value);
  }
  // Surrounding whitespace is a copy-paste accident, not a different amount.
  return value.trim();
}

function parseFen(value: string | number, options: ParseOptions): bigint {
  const text = toDecimalString(value);
  const match = DECIMAL_RE.exec(text);
  if (!match) throw new MoneyFormatError(value, 'expected digits with an optional dot and up to two decimals');
  const [, sign, rawInteger, fraction = ''] = match;
  if (sign !== '' && !options.signed) throw new MoneyFormatError(value, 'a sign is not allowed');
  // Leading zeros ('007') do not count towards the digit limit.
  const integer = rawInteger.replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) {
    throw new MoneyFormatError(value, `more than ${MAX_INTEGER_DIGITS} integer digits`);
  }
  if (fraction.length > 2 && !options.round) throw new MoneyFormatError(value, 'more than two decimals');
  let fen = BigInt(integer) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  // Half-up on the magnitude (half away from zero), decided on the decimal digits the caller
  // wrote, so 1.005 rounds to 1.01 even though the float 1.005 is slightly below it.
  if (fraction.length > 2 && fraction.charCodeAt(2) >= 0x35 /* '5' */) fen += 1n;
  return sign === '-' ? -fen : fen;
}

/**
 * Parses a non-negative yuan amount into fen. Accepts '1234', '1234.5', '1234.56', '0.01',
 * '007.5' and finite numbers such as 1234.56. Throws MoneyFormatError for empty input,
 * signs (negatives included), more than two decimals, exponent notation, thousands
 * separators, a bare or trailing dot ('.5', '12.'), NaN/Infinity and more than
 * MAX_INTEGER_DIGITS integer digits.
 */
export function yuanToFen(value: string | number): bigint {
  return parseFen(value, { signed: false, round: false });
}

/** Fen to the wire format: always two decimals, '-' for negatives, no separators. */
export function fenToYuan(fen: bigint): string {
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  const cents = String(abs % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}${abs / 100n}.${cents}`;
}

/**
 * Display format: two decimals with thousands separators, 1234567.8 -> '1,234,567.80'.
 * A bigint is fen; a string or number is yuan and may be negative. Because this is only for
 * display, more than two decimals are rounded half-up (on the decimal digits, not the float);
 * anything that is not a number at all throws MoneyFormatError.
 */
export function formatMoney(value: string | number | bigint): string {
  const fen = typeof value === 'bigint' ? value : parseFen(value, { signed: true, round: true });
  const [integer, cents] = fenToYuan(fen).split('.');
  return `${integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/**
 * Chinese capital amount (daxie jine) without the currency prefix, produced by the nzh
 * library; tests/unit/money.test.ts holds the expected texts.
 *
 * Rule (PBOC rules for filling in bills): the "zheng" suffix follows an amount that ends at
 * yuan only; nothing follows jiao or fen (10.50 -> "...yuan wu jiao", no suffix). Negatives
 * get the "fu" prefix. A bigint is fen; a string or number is yuan with at most two decimals
 * (strict: a document amount is never rounded). nzh decides the suffix from the digits it is
 * given ('20.00' would lose it), so it always receives the canonical form without trailing
 * zero decimals.
 */
export function capitalAmount(value: string | number | bigint): string {
  const fen = typeof value === 'bigint' ? value : parseFen(value, { signed: true, round: false });
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  const yuan = abs / 100n;
  if (String(yuan).length > MAX_INTEGER_DIGITS) {
    throw new MoneyFormatError(value, `more than ${MAX_INTEGER_DIGITS} integer digits`);
  }
  const cents = abs % 100n;
  let decimals = '';
  if (cents % 10n !== 0n) decimals = `.${String(cents).padStart(2, '0')}`;
  else if (cents !== 0n) decimals = `.${cents / 10n}`;
  return nzhcn.toMoney(`${negative ? '-' : ''}${yuan}${decimals}`, { outSymbol: false });
}

// Full-width digits and the full-width full stop that Chinese input methods produce.
const FULL_WIDTH_DIGIT_RE = /[\uFF10-\uFF19]/g;
const FULL_WIDTH_DOT_RE = /\uFF0E/g;

function halfWidthDigits(raw: string): string {
  return raw.replace(FULL_WIDTH_DIGIT_RE, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 0x30)).replace(FULL_WIDTH_DOT_RE, '.');
}

/**
 * What a user typed into a number or amount field, in plain ASCII and without the characters
 * that only format it: full-width digits, full stop and minus (Chinese input methods) become
 * ASCII; thousands separators and spaces go. The same number, never another one: a sign, a
 * third decimal or a letter stays, for the field's rule to refuse.
 */
export function plainNumberText(raw: string): string {
  return halfWidthDigits(raw).replace(/\uFF0D/g, '-').replace(/[,\uFF0C\s]/g, '');
}

/**
 * Cleans what the user types into a list's amount filter (SPEC §5; a form's amount field keeps
 * what was typed and says what is wrong instead): keeps digits and the first dot,
 * at most two decimals and MAX_INTEGER_DIGITS integer digits. Leading zeros go ('007' -> '7',
 * '00.5' -> '0.5'), a leading dot gets a zero ('.5' -> '0.5') and a trailing dot stays so the
 * user can keep typing ('12.' -> '12.'). Full-width digits are converted, not dropped.
 */
export function filterAmountInput(raw: string): string {
  const kept = halfWidthDigits(raw).replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  let integer = (dot === -1 ? kept : kept.slice(0, dot)).replace(/^0+(?=\d)/, '');
  if (dot === -1) return integer.slice(0, MAX_INTEGER_DIGITS);
  if (integer === '') integer = '0';
  const fraction = kept.slice(dot + 1).replace(/\./g, '').slice(0, 2);
  return `${integer.slice(0, MAX_INTEGER_DIGITS)}.${fraction}`;
}

/** Hundredths in a quantity (at most two decimals), or null when it has more or is not finite. */
export function quantityHundredths(quantity: number): bigint | null {
  if (!Number.isFinite(quantity)) return null;
  const scaled = Math.round(quantity * 100);
  return Math.abs(scaled - quantity * 100) < 1e-6 ? BigInt(scaled) : null;
}

/** A goods line's amount: quantity x unit price in fen, rounded half up to the fen. */
export function lineAmountFen(hundredths: bigint, unitPriceFen: bigint): bigint {
  return (hundredths * unitPriceFen + 50n) / 100n;
}

/** `percent`% of an amount in fen, rounded half up (the collateral of a contract). */
export function percentOfFen(amountFen: bigint, percent: number): bigint {
  return (amountFen * BigInt(percent) + 50n) / 100n;
}

/**
 * The one money format for texts (i18n's `money` format: `{{amount, money}}` in the locale
 * files, registered by the server's and the console's i18n): a yuan amount, negative too, as
 * formatMoney shows it (-60900 -> '-60,900.00'). A value already so formatted reads the same
 * (its separators are dropped first), an empty one stays empty, and what is not an amount at all
 * is left as given rather than hidden.
 */
export function moneyText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'bigint') return formatMoney(value);
  const text = String(value);
  try {
    return formatMoney(typeof value === 'number' ? value : text.replace(/,/g, ''));
  } catch {
    return text;
  }
}

/** Registers the `money` format on an i18next instance (after its init). */
export function addMoneyFormat(i18n: { services: { formatter?: { add(name: string, fn: (value: unknown) => string): void } } }): void {
  i18n.services.formatter?.add('money', (value) => moneyText(value));
}
