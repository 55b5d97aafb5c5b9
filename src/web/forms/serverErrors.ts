import type { FormInstance } from 'antd';
import { HttpError } from '../providers/httpError';
import { errorText } from '../providers/httpErrorPolicy';

export interface SplitErrors {
  /** Messages for fields the form has, under the form's field names. */
  fields: Record<string, string>;
  /** What to show elsewhere: the envelope msg when no field took the error, else null. */
  message: string | null;
}

/**
 * Sorts a failed call's reasons: a 400's field errors (data = {field: message}) go to the
 * form's fields, `aliases` mapping server names to the form's (e.g. username -> phone);
 * anything no field can show becomes one message.
 */
export function splitServerErrors(
  error: unknown,
  formFields: readonly string[],
  aliases: Record<string, string> = {},
): SplitErrors {
  if (!(error instanceof HttpError)) {
    return { fields: {}, message: error instanceof Error ? error.message : String(error) };
  }
  const fields: Record<string, string> = {};
  for (const [name, text] of Object.entries(error.errors ?? {})) {
    const field = aliases[name] ?? name;
    if (formFields.includes(field)) fields[field] = text;
  }
  return { fields, message: Object.keys(fields).length > 0 ? null : errorText(error) };
}

/** splitServerErrors for an antd form: puts the field errors on its fields, returns the rest. */
export function showServerErrors(
  form: FormInstance,
  error: unknown,
  aliases: Record<string, string> = {},
): string | null {
  // Registered fields only: a hidden field (enterprise name of a personal user) cannot show a message.
  const registered = Object.keys(form.getFieldsValue() as Record<string, unknown>);
  const { fields, message } = splitServerErrors(error, registered, aliases);
  form.setFields(Object.entries(fields).map(([name, text]) => ({ name, errors: [text] })));
  return message;
}
