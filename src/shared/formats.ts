// The JSON Schema formats and ajv options of record validation (issue 4), shared by the server's
// ajv instance and the browser's rjsf validator so a value is accepted or rejected the same way
// on both sides, plus the translation of ajv errors into the `formats` locale namespace.
//
// Wiring:
//   server  const ajv = createRecordAjv();            // new Ajv(AJV_RECORD_OPTIONS) + formats
//   browser customizeValidator({
//             ajvOptionsOverrides: AJV_RECORD_OPTIONS,
//             ajvFormatOptions: false,                // no ajv-formats defaults ...
//             extenderFn: addRecordFormats,           // ... exactly our formats instead
//           })
//   both    errors.map((e) => formatErrorMessage(e, t))
//
// The record ajv is the draft-07 class of the 'ajv' package because @rjsf/validator-ajv8 uses
// it; the meta-schemas of schemas/ use Ajv2020 (schema/ajv.ts) and are a different concern.
// This module pulls in ajv, ajv-formats and money.ts, so import it from form pages and the
// server only, never from the sign-in bundle (validators.ts is the light module).
import Ajv from 'ajv';
import type { ErrorObject, Options } from 'ajv';
import type AjvCore from 'ajv/dist/core';
import addFormats from 'ajv-formats';
import { isIndustryCode } from './data/industry';
import { MAX_INTEGER_DIGITS, MoneyFormatError, yuanToFen } from './money';
import {
  BANK_ACCOUNT_RE,
  BANK_CARD_RE,
  ID_RE,
  MOBILE_RE,
  PASSWORD_PROBLEM_KEY,
  SMS_CODE_RE,
  USCC_RE,
  checkPassword,
  isBankAccountNumber,
  isBankCardNumber,
  isEmail,
  isMobile,
  isResidentIdNumber,
  isSmsCode,
  isUnifiedSocialCreditCode,
} from './validators';

/** Locale namespace of the messages below (src/shared/locales/<lang>/formats.json). */
export const FORMATS_NAMESPACE = 'formats';

/**
 * A yuan amount as entered and sent: digits with an optional dot and at most two decimals, no
 * sign, exponent or separators, at most MAX_INTEGER_DIGITS (15) integer digits and no
 * surrounding whitespace. It is money.ts yuanToFen's own rule (minus the whitespace yuanToFen
 * forgives), so a value that passes always converts to fen. Lives here rather than in
 * validators.ts so that money.ts and its nzh dependency stay out of the sign-in bundle.
 */
export function isMoney(s: string): boolean {
  if (typeof s !== 'string' || s !== s.trim()) return false;
  try {
    yuanToFen(s);
    return true;
  } catch (error) {
    if (error instanceof MoneyFormatError) return false;
    throw error;
  }
}

/**
 * Our string formats, for `{ "type": "string", "format": "<name>" }` in a record schema:
 *   mobile      mainland mobile number (isMobile)
 *   residentId  18-character resident ID number with its GB 11643 check character
 *   uscc        unified social credit code with its GB 32100 and GB 11714 check characters
 *   bankCard    12-19 digits passing Luhn (a personal card)
 *   bankAccount 8-30 digits: any bank account, a company's corporate account included (no check digit)
 *   money       yuan amount, at most two decimals (isMoney)
 *   smsCode     the 6-digit SMS verification code
 *   password    the SPEC §5 password rules (checkPassword === null)
 *   email       our email rule, stricter than ajv-formats' 'email' which it replaces
 *   industry    a GB/T 4754-2017 division code ('01'..'97')
 * Like every format they apply to strings only: an empty optional field is left out of the
 * record (rjsf omits it), not sent as ''.
 */
export const CUSTOM_FORMATS: Readonly<Record<string, (value: string) => boolean>> = {
  mobile: (value) => isMobile(value),
  residentId: (value) => isResidentIdNumber(value),
  uscc: (value) => isUnifiedSocialCreditCode(value),
  bankCard: (value) => isBankCardNumber(value),
  bankAccount: (value) => isBankAccountNumber(value),
  money: (value) => isMoney(value),
  smsCode: (value) => isSmsCode(value),
  password: (value) => checkPassword(value) === null,
  email: (value) => isEmail(value),
  industry: (value) => isIndustryCode(value),
};

/**
 * What each of CUSTOM_FORMATS means, for the OpenAPI document (src/server/openapi/contract.ts
 * puts these beside every `format` of the document): the shape a value must have (`pattern`,
 * the validator's own regular expression where it has one) and, in words, the check the shape
 * cannot say (check characters, Luhn, the password rules).
 */
export const FORMAT_DOCS: Readonly<Record<string, { pattern?: string; description: string }>> = {
  mobile: { pattern: MOBILE_RE.source, description: 'Mainland China mobile number: 11 digits starting 13-19, no +86' },
  residentId: { pattern: ID_RE.source, description: 'Resident ID number (18 characters) whose birth date is a real past day and whose check character is right (GB 11643)' },
  uscc: { pattern: USCC_RE.source, description: 'Unified social credit code (18 characters) with valid check characters (GB 32100, GB 11714)' },
  bankCard: { pattern: BANK_CARD_RE.source, description: 'Personal bank card number: 12-19 digits passing the Luhn check' },
  bankAccount: { pattern: BANK_ACCOUNT_RE.source, description: "Bank account number, a company's settlement account included: 8-30 digits" },
  money: { pattern: `^\\d{1,${MAX_INTEGER_DIGITS}}(\\.\\d{1,2})?$`, description: 'Yuan amount as a decimal string: no sign, at most two decimals' },
  smsCode: { pattern: SMS_CODE_RE.source, description: 'The SMS verification code sent to the phone' },
  password: { description: 'At least 6 characters, no backslash, at least two of digits, letters and other characters, not a common password (SPEC §5)' },
  email: { pattern: '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,63}$', description: 'Email address: a dot-atom local part of at most 64 characters, a DNS domain; at most 254 characters' },
  industry: { pattern: '^\\d{2}$', description: 'Industry division code of GB/T 4754-2017 (01-97)' },
};

/** Formats of ajv-formats (full mode) that record schemas may use besides CUSTOM_FORMATS. */
export const STANDARD_FORMATS = ['date', 'date-time', 'uri', 'uuid'] as const;

/** Every format name a record schema may use; anything else is a schema error. */
export const RECORD_FORMAT_NAMES: readonly string[] = [...Object.keys(CUSTOM_FORMATS), ...STANDARD_FORMATS];

/**
 * The one set of ajv options for record validation, used by the server and (as
 * ajvOptionsOverrides) by rjsf. rjsf spreads these over its own defaults (allErrors,
 * multipleOfPrecision 8, strict false, verbose, discriminator false), so every option rjsf sets
 * is repeated here and both instances end up with identical options.
 */
export const AJV_RECORD_OPTIONS = {
  // Report every problem at once: a form shows an error under each field, not one at a time.
  allErrors: true,
  // Record schemas carry rjsf and product annotations (title keys, enumNames, x-* keywords)
  // that strict mode would reject as unknown keywords. The meta-schema of schemas/resources
  // is what checks a schema's shape, including that it only uses RECORD_FORMAT_NAMES.
  strict: false,
  // Never change the data while validating. No coercion: JSON bodies are typed and '12' is not
  // the number 12. No defaults: rjsf fills defaults into the form where the user sees them,
  // and the server must not invent values the user never saw. No removal: a property the
  // schema does not allow is an error (additionalProperties: false), not silently dropped.
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  // verbose puts the rejected value in error.data; formatErrorMessage uses it to name the
  // exact password problem. The server never returns raw errors, only translated messages.
  verbose: true,
  // rjsf's values, repeated so the server matches them.
  multipleOfPrecision: 8,
  discriminator: false,
  validateFormats: true,
} as const satisfies Options;

/**
 * Registers CUSTOM_FORMATS, the STANDARD_FORMATS of ajv-formats and the x-positive keyword on
 * `ajv` and returns it (the shape of rjsf's `extenderFn`). Works on any ajv 8 class.
 */
export function addRecordFormats<A extends AjvCore>(ajv: A): A {
  addFormats(ajv, [...STANDARD_FORMATS]);
  for (const [name, validate] of Object.entries(CUSTOM_FORMATS)) {
    ajv.addFormat(name, { type: 'string', validate });
  }
  if (!ajv.getKeyword(POSITIVE_KEYWORD)) ajv.addKeyword({ keyword: POSITIVE_KEYWORD, type: 'string', schemaType: 'boolean', errors: false, validate: (on: boolean, value: unknown) => !on || isPositiveMoney(value) });
  return ajv;
}

/**
 * `"x-positive": true` on a money field: more than 0 (a unit price, an amount to pay). A value
 * that is no money string is left to the money format, so a field gets one message, not two.
 */
export const POSITIVE_KEYWORD = 'x-positive';
const isPositiveMoney = (value: unknown): boolean => typeof value !== 'string' || !isMoney(value) || yuanToFen(value) > 0n;

/** A new draft-07 ajv for records: AJV_RECORD_OPTIONS and addRecordFormats. */
export function createRecordAjv(): Ajv {
  return addRecordFormats(new Ajv(AJV_RECORD_OPTIONS));
}

/**
 * The translate function formatErrorMessage needs; i18next's `t` (react-i18next's or the
 * server's translatorFor) fits.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const param = (error: ErrorObject, name: string): unknown => (error.params as Record<string, unknown>)[name];

// Keywords whose message takes { limit } from error.params.limit.
const LIMIT_KEYWORDS: ReadonlySet<string> = new Set([
  'maxLength', 'minLength', 'maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum',
  'maxItems', 'minItems', 'maxProperties', 'minProperties',
]);
// Keywords with a fixed message of the same key.
const PLAIN_KEYWORDS: ReadonlySet<string> = new Set([
  'required', 'enum', 'const', 'pattern', 'uniqueItems', 'additionalProperties',
]);
const TYPE_NAMES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

/**
 * A friendly, translated message for one ajv error, from the `formats` namespace:
 *   format                 format.<name> (format.default for a format without its own text);
 *                          for 'password' with the value available (verbose), the exact
 *                          problem from the `validation` namespace, as the sign-in forms say it
 *   required, dependencies, dependentRequired   required
 *   maxLength ... minProperties                 <keyword> with {{limit}}
 *   multipleOf             multipleOf with {{multipleOf}}
 *   type                   type.<expected type> (type.default for a union)
 *   enum, const, pattern, uniqueItems, additionalProperties   <keyword>
 *   x-positive             positive
 *   anything else          default
 * ajv's own English `message` is never used. Which field the message belongs to
 * (instancePath, or params.missingProperty for required) is the caller's business.
 */
export function formatErrorMessage(error: ErrorObject, t: Translate): string {
  const ns = FORMATS_NAMESPACE;
  const { keyword } = error;
  if (keyword === 'format') {
    const format = String(param(error, 'format'));
    if (format === 'password' && typeof error.data === 'string') {
      const problem = checkPassword(error.data);
      if (problem) return t(PASSWORD_PROBLEM_KEY[problem], { ns: 'validation' });
    }
    const known = Object.hasOwn(CUSTOM_FORMATS, format) || (STANDARD_FORMATS as readonly string[]).includes(format);
    return t(known ? `format.${format}` : 'format.default', { ns });
  }
  if (keyword === 'dependencies' || keyword === 'dependentRequired') return t('required', { ns });
  if (LIMIT_KEYWORDS.has(keyword)) return t(keyword, { ns, limit: param(error, 'limit') });
  if (keyword === 'multipleOf') return t(keyword, { ns, multipleOf: param(error, 'multipleOf') });
  if (keyword === 'type') {
    const expected = param(error, 'type');
    return t(typeof expected === 'string' && TYPE_NAMES.has(expected) ? `type.${expected}` : 'type.default', { ns });
  }
  if (PLAIN_KEYWORDS.has(keyword)) return t(keyword, { ns });
  if (keyword === POSITIVE_KEYWORD) return t('positive', { ns });
  return t('default', { ns });
}
