// Business validation of SPEC §5, shared by the browser forms and the server so both accept
// and reject exactly the same values. Messages live in locales/*/validation.json.
import { chinaDay } from './chinaTime';
import { PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from './constants';

export const MOBILE_RE = /^1[3-9]\d{9}$/;

/** Mainland China mobile number: 11 digits starting 13-19. No spaces or +86 prefix. */
export function isMobile(s: string): boolean {
  return MOBILE_RE.test(s);
}

// Dot-atom local part (no leading, trailing or doubled dots) and a domain of DNS labels that
// ends in a letters-only top-level label of 2+ characters. Deliberately stricter than the
// HTML input rule, which allows 'a@b': that is never a deliverable address here.
const EMAIL_LOCAL_RE = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const EMAIL_DOMAIN_RE = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Email format (SPEC §5). Length limits follow RFC 5321: 64 for the local part, 254 in all. */
export function isEmail(s: string): boolean {
  if (s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at <= 0) return false;
  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  return local.length <= 64 && EMAIL_LOCAL_RE.test(local) && EMAIL_DOMAIN_RE.test(domain);
}

export const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

/** An SMS verification code: exactly SMS_CODE_LENGTH ASCII digits. */
export function isSmsCode(s: string): boolean {
  return SMS_CODE_RE.test(s);
}

export type PasswordProblem = 'required' | 'tooShort' | 'backslash' | 'complexity' | 'common';

/** Locale key (namespace `validation`) of each password problem. */
export const PASSWORD_PROBLEM_KEY: Record<PasswordProblem, string> = {
  required: 'password.required',
  tooShort: 'password.tooShort',
  backslash: 'password.backslash',
  complexity: 'password.complexity',
  common: 'password.common',
};

// Length counts characters (code points), not UTF-16 units, so an emoji is one character.
const charLength = (s: string): number => [...s].length;

/**
 * Character classes of SPEC §5: digits, letters (any script) and special characters (all
 * else, spaces included). Returns how many of the three occur.
 */
function classCount(pw: string): number {
  const digits = /\p{Nd}/u.test(pw);
  const letters = /\p{L}/u.test(pw);
  const special = /[^\p{Nd}\p{L}]/u.test(pw);
  return Number(digits) + Number(letters) + Number(special);
}

/*
 * "Not easy to guess" (SPEC §5). Two cheap rules, compared case-insensitively, that catch what
 * leaked-password lists show people pick when forced to mix digits and letters:
 *  1. A short list of the most common weak passwords that still pass the complexity rule.
 *  2. One repeated character or a plain sequence, with one extra character in front or at
 *     the end: '1111111a', '123456!', 'abcdef1', '!qwerty'. A sequence is a run of at least 5
 *     consecutive characters of one of SEQUENCES, forwards or backwards.
 * It is a guard against the worst choices, not a dictionary check.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456a', 'a123456', '123456aa', 'aa123456', '123456abc', 'abc123456',
  'abc123', '123abc', 'abcd1234', '1234abcd', 'a1b2c3', 'a1b2c3d4',
  'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'qwerty123', '123qwe', 'qwe123', 'qwer1234', '1q2w3e', '1q2w3e4r', '1qaz2wsx',
  '111111a', 'a111111', 'admin123', 'woaini1314',
]);

const SEQUENCES = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];
const SEQUENCE_MIN = 5;

function isRunOrSequence(s: string): boolean {
  const chars = [...s];
  if (chars.length < SEQUENCE_MIN) return false;
  if (chars.every((c) => c === chars[0])) return true;
  const reversed = chars.reverse().join('');
  return SEQUENCES.some((seq) => seq.includes(s) || seq.includes(reversed));
}

function isCommonPassword(pw: string): boolean {
  const lower = pw.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const chars = [...lower];
  return (
    isRunOrSequence(lower) ||
    isRunOrSequence(chars.slice(1).join('')) ||
    isRunOrSequence(chars.slice(0, -1).join(''))
  );
}

/**
 * The first problem with a password, or null when it is acceptable. Checked in this order:
 * required (empty), tooShort (< PASSWORD_MIN_LENGTH characters), backslash, complexity (fewer
 * than two of digits, letters, special characters), common (see the rules above).
 */
export function checkPassword(pw: string): PasswordProblem | null {
  if (pw.length === 0) return 'required';
  if (charLength(pw) < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (pw.includes('\\')) return 'backslash';
  if (classCount(pw) < 2) return 'complexity';
  if (isCommonPassword(pw)) return 'common';
  return null;
}

export type PasswordStrength = 'strong' | 'medium' | 'low' | 'short';

/**
 * Strength meter, same character classes as checkPassword:
 *   short  - fewer than PASSWORD_MIN_LENGTH characters;
 *   strong - all 3 classes and at least 10 characters;
 *   medium - all 3 classes (shorter), or 2 classes and at least 8 characters;
 *   low    - anything else, and every password checkPassword calls 'common' however long,
 *            so the meter never praises a password the form then rejects as guessable.
 */
export function passwordStrength(pw: string): PasswordStrength {
  const length = charLength(pw);
  if (length < PASSWORD_MIN_LENGTH) return 'short';
  if (isCommonPassword(pw)) return 'low';
  const classes = classCount(pw);
  if (classes >= 3 && length >= 10) return 'strong';
  if (classes >= 3 || (classes >= 2 && length >= 8)) return 'medium';
  return 'low';
}

/**
 * Shows the first 3 and last 4 characters (SPEC §9): 13812345678 -> 138****5678. The middle
 * always becomes exactly four asterisks. Strings of 7 or fewer characters would have nothing
 * left to hide and are returned unchanged.
 */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Identity, company and bank numbers (issue 4). Each check takes the canonical form the forms
// store: no surrounding or inner spaces and upper-case letters. The normalise* helpers turn
// what a user types or pastes into that form; the validators themselves never normalise, so
// a lower-case value is rejected rather than stored in two spellings.
// ---------------------------------------------------------------------------------------------

/**
 * First two digits of a GB/T 2260 address code: the provinces, autonomous regions and
 * municipalities of the mainland (11-65), Taiwan (71), Hong Kong (81), Macao (82) and the
 * Taiwan residents' residence permit prefix (83, like 81/82 for the Hong Kong and Macao
 * residence permits).
 */
const PROVINCE_CODES: ReadonlySet<string> = new Set([
  '11', '12', '13', '14', '15',
  '21', '22', '23',
  '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54',
  '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

/** Whether a 2-digit string is a province-level code of GB/T 2260 (see PROVINCE_CODES). */
export function isProvinceCode(code: string): boolean {
  return PROVINCE_CODES.has(code);
}

/** Trims, removes inner spaces and upper-cases: what an ID or USCC input keeps of a paste. */
function normaliseCode(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

/** '11010519491231002x ' -> '11010519491231002X'. For input widgets; the validator is strict. */
export function normaliseResidentIdNumber(raw: string): string {
  return normaliseCode(raw);
}

/** ' 91350100m000100y43' -> '91350100M000100Y43'. For input widgets; the validator is strict. */
export function normaliseUnifiedSocialCreditCode(raw: string): string {
  return normaliseCode(raw);
}

/** Keeps the digits of a bank card number typed in groups ('6222 0212 ...'). */
export function normaliseBankCardNumber(raw: string): string {
  return raw.replace(/[\s-]+/g, '');
}

// GB 11643-1999: weights 2^(17-i) mod 11 for positions 1..17 and the check character for
// each value of (sum mod 11).
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CHARS = '10X98765432';
export const ID_RE = /^(\d{6})(\d{4})(\d{2})(\d{2})\d{3}[\dX]$/;

/** Today's date in China as yyyymmdd, the reference for birth dates. */
const chinaToday = (now: Date): string => chinaDay(now).replace(/-/g, '');

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no time-zone surprises).
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= lastDay;
}

/** The GB 11643 check character of the first 17 digits of a resident ID number. */
export function residentIdCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CHARS[sum % 11];
}

/**
 * 18-character PRC citizen identity number (GB 11643-1999):
 *  - 17 digits and a check character, a digit or upper-case 'X' (lower-case is rejected; use
 *    normaliseResidentIdNumber on input);
 *  - positions 1-6 an address code whose first two digits are a province code of GB/T 2260
 *    (isProvinceCode). The 2023 foreign permanent resident ID card has the same layout with
 *    '9', the issuing province's two digits and a 3-digit nationality code in positions 1-6,
 *    and is accepted too;
 *  - positions 7-14 a real calendar date from 1900-01-01 up to today in China (UTC+8);
 *  - the ISO 7064 MOD 11-2 check character.
 * The 15-digit numbers issued before 1999 expired long ago and are not accepted.
 * `now` exists for tests.
 */
export function isResidentIdNumber(s: string, now: Date = new Date()): boolean {
  const match = ID_RE.exec(s);
  if (!match) return false;
  const [, address, yyyy, mm, dd] = match;
  const provinceOk =
    isProvinceCode(address.slice(0, 2)) || (address[0] === '9' && isProvinceCode(address.slice(1, 3)));
  if (!provinceOk) return false;
  const year = Number(yyyy);
  if (year < 1900 || !isRealDate(year, Number(mm), Number(dd))) return false;
  if (`${yyyy}${mm}${dd}` > chinaToday(now)) return false;
  return residentIdCheckChar(s) === s[17];
}

// GB 32100-2015 character set: digits and upper-case letters without I, O, S, V and Z. The
// index of a character is its value.
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
// Weight of position i (1-based) is 3^(i-1) mod 31.
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const USCC_RE = /^[0-9A-HJ-NP-RTUW-Y]{18}$/;

/**
 * Registration authority (position 1) and the entity types (position 2) it may issue. GB
 * 32100-2015 itself lists 1 (institutional establishment: 1 organs, 2 public institutions,
 * 3 mass organisations, 9 other), 5 (civil affairs: 1 social organisations, 2 private
 * non-enterprise units, 3 foundations, 9 other), 9 (market regulation: 1 enterprises,
 * 2 individual businesses, 3 farmers' cooperatives) and Y (other: 1). The authorities added
 * to the code table since then issue real codes too and are accepted: 2 foreign affairs,
 * 3 justice (law firms, notaries, legal services, forensic institutes, arbitration), 4 culture,
 * 6 tourism, 7 religious affairs, 8 trade unions, A the military establishment office and
 * N agriculture (rural collective economic organisations).
 */
const USCC_TYPES: Readonly<Record<string, string>> = {
  '1': '1239',
  '2': '129',
  '3': '1234569',
  '4': '19',
  '5': '1239',
  '6': '129',
  '7': '1239',
  '8': '19',
  '9': '123',
  A: '19',
  N: '1239',
  Y: '1',
};

/** The GB 32100 check character of the first 17 characters of a USCC (charset USCC_CHARS). */
export function usccCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += USCC_CHARS.indexOf(first17[i]) * USCC_WEIGHTS[i];
  return USCC_CHARS[(31 - (sum % 31)) % 31];
}

// GB 11714-1997 organisation code: 8 body characters (digits or letters, A = 10 ... Z = 35)
// with these weights, then C9 = 11 - (sum mod 11), written 'X' for 10 and '0' for 11.
const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2];

/** The GB 11714 check character of an 8-character organisation code body. */
export function organizationCodeCheckChar(body: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += parseInt(body[i], 36) * ORG_WEIGHTS[i];
  const c = 11 - (sum % 11);
  if (c === 10) return 'X';
  if (c === 11) return '0';
  return String(c);
}

/**
 * 18-character unified social credit code (GB 32100-2015):
 *  - only 0-9 and upper-case A-H J-N P-R T-U W-Y (no I, O, S, V, Z; lower-case rejected, use
 *    normaliseUnifiedSocialCreditCode on input);
 *  - position 1 a registration authority and position 2 one of its entity types (USCC_TYPES);
 *  - positions 3-8 a 6-digit administrative division code whose first two digits are a
 *    province code, or 100000 for registrations at national level. The full code is not
 *    looked up: a code keeps the division code of its registration even after the division
 *    is renamed or merged;
 *  - positions 9-17 the organisation code with its own GB 11714 check character;
 *  - position 18 the GB 32100 weighted MOD 31 check character.
 */
export function isUnifiedSocialCreditCode(s: string): boolean {
  if (!USCC_RE.test(s)) return false;
  const types = USCC_TYPES[s[0]];
  if (types === undefined || !types.includes(s[1])) return false;
  const division = s.slice(2, 8);
  if (!/^\d{6}$/.test(division)) return false;
  if (!isProvinceCode(division.slice(0, 2)) && division !== '100000') return false;
  if (organizationCodeCheckChar(s.slice(8, 16)) !== s[16]) return false;
  return usccCheckChar(s) === s[17];
}

/** Luhn (ISO/IEC 7812) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 0x30;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Bank card number: 12 to 19 ASCII digits (no spaces, see normaliseBankCardNumber) passing Luhn. */
export const BANK_CARD_RE = /^\d{12,19}$/;
export function isBankCardNumber(s: string): boolean {
  return BANK_CARD_RE.test(s) && luhnValid(s);
}

/**
 * Bank account number of any kind: a corporate settlement account (no check digit,
 * 1202021109900123456) or a personal card: 8 to 30 ASCII digits (no spaces, see
 * normaliseBankCardNumber). Cards alone (12-19 digits passing Luhn) are isBankCardNumber.
 */
export const BANK_ACCOUNT_RE = /^\d{8,30}$/;
export function isBankAccountNumber(s: string): boolean {
  return BANK_ACCOUNT_RE.test(s);
}

// isMoney lives in formats.ts: it reuses money.ts, whose nzh dependency must stay out of the
// sign-in bundle that imports this module.
