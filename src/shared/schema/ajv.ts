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
