// Body validation for hand-written endpoints: every field is checked, all problems are
// reported at once as a 400 with field errors, and nothing runs before the body is valid.
import { fieldError, type MessageRef } from './errors';

export type Rule = (value: string, body: Record<string, string>) => MessageRef | null;

/** Reads the named string fields of a JSON body and applies their rules. */
export function validateBody<K extends string>(raw: unknown, rules: Record<K, Rule>): Record<K, string> {
  const src = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const values = {} as Record<K, string>;
  const errors: Record<string, MessageRef> = {};
  for (const key of Object.keys(rules) as K[]) {
    const v = src[key];
    if (v === undefined || v === null) values[key] = '';
    else if (typeof v === 'string') values[key] = v.trim();
    else if (typeof v === 'number' || typeof v === 'boolean') values[key] = String(v);
    else errors[key] = 'invalidValue';
  }
  for (const key of Object.keys(rules) as K[]) {
    if (errors[key]) continue;
    const problem = rules[key](values[key], values);
    if (problem) errors[key] = problem;
  }
  if (Object.keys(errors).length > 0) throw fieldError(errors);
  return values;
}

export const required: Rule = (v) => (v ? null : 'validation:required');
export const optional: Rule = () => null;
export const oneOf =
  (allowed: readonly string[]): Rule =>
  (v) =>
    !v ? 'validation:required' : allowed.includes(v) ? null : 'invalidValue';

/** Largest value of a 32-bit integer column (record versions). */
export const MAX_INT32 = 2 ** 31 - 1;

/** A record version a client can have read: a non-negative 32-bit integer. */
export const isRecordVersion = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= MAX_INT32;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any version), the form of every id the server makes. */
export const isUuid = (value: string): boolean => UUID_RE.test(value);
