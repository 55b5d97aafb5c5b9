// Business validation of SPEC §5, shared by the browser forms and the server so both accept
// and reject exactly the same values. Messages live in locales/*/validation.json.
import { PASSWORD_MIN_LENGTH, SMS_CODE_LENGTH } from './constants';

const MOBILE_RE = /^1[3-9]\d{9}$/;

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

const SMS_CODE_RE = new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`);

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
