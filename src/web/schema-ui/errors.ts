import type { ErrorObject } from 'ajv';
import type { ErrorSchema, ErrorTransformer, RJSFValidationError } from '@rjsf/utils';
import type { FieldErrors } from '../../shared/api';
import { formatErrorMessage, type Translate } from '../../shared/formats';

// Error texts of schema forms: ajv's errors through formatErrorMessage (the server's own
// messages, in the user's language, never ajv's English), and the server's 400 field errors
// placed on the fields they name.

/** The value at an rjsf property path ('.a.b', '.list.0'), for messages that need it (password). */
function valueAt(data: unknown, property: string | undefined): unknown {
  let current = data;
  for (const key of (property ?? '').split('.').filter(Boolean)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** rjsf keeps ajv's keyword and params; that is all formatErrorMessage needs (plus the value). */
export function transformErrorsWith(t: Translate, currentData: () => unknown): ErrorTransformer {
  return (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const ajvError = {
        keyword: error.name ?? '',
        params: error.params ?? {},
        instancePath: '',
        schemaPath: error.schemaPath ?? '',
        data: valueAt(currentData(), error.property),
      } as ErrorObject;
      const message = formatErrorMessage(ajvError, t);
      return { ...error, message, stack: message };
    });
}

/**
 * A 400 answer's {field: message} split into what rjsf shows on the form's fields (extraErrors)
 * and what belongs to no field of the form (shown above it).
 */
export function splitServerErrors(errors: FieldErrors | null | undefined, fields: readonly string[]): { extraErrors: ErrorSchema; general: string[] } {
  const extraErrors: Record<string, { __errors: string[] }> = {};
  const general: string[] = [];
  for (const [field, message] of Object.entries(errors ?? {})) {
    if (fields.includes(field)) extraErrors[field] = { __errors: [message] };
    else general.push(message);
  }
  return { extraErrors: extraErrors as ErrorSchema, general };
}
