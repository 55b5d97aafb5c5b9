// The one ajv set-up. Every validator of the product (meta-schemas here, resource records on the
// server and in the browser later) is built with these options, so both sides agree on every value.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';

export const AJV_OPTIONS = {
  allErrors: true,
  strict: true,
  // A `required` next to a $ref (the menu's top-level entries) names properties defined in the referenced schema.
  strictRequired: false,
  verbose: true,
  allowUnionTypes: true,
} as const;

export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020(AJV_OPTIONS);
  addFormats(ajv);
  return ajv;
}

// Text PostgreSQL cannot store (NUL) or that is not Unicode at all (a lone UTF-16 surrogate).
// eslint-disable-next-line no-control-regex
const ILL_FORMED_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` is storable text: no NUL character and no unpaired surrogate. */
export const isWellFormedText = (s: string): boolean => !ILL_FORMED_TEXT.test(s);

/**
 * The first place in a parsed JSON value (or query / params object) holding ill-formed text,
 * in a string value or in a property name: the top-level key it sits under ('' for a bare
 * string). Iterative, so a deeply nested body cannot overflow the stack.
 */
export function illFormedTextAt(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [];
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!isWellFormedText(k)) return '_';
      stack.push([v, k]);
    }
  } else stack.push([value, '']);
  while (stack.length) {
    const [v, top] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isWellFormedText(v)) return top;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isWellFormedText(k)) return top;
        stack.push([child, top]);
      }
    }
  }
  return null;
}
