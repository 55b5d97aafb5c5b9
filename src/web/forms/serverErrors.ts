import type { FormInstance } from 'antd';
import { HttpError } from '../providers/http';
import { errorText } from '../providers/httpErrorPolicy';

/**
 * Puts a 400 response's field errors (data = {field: message}) on the matching form fields.
 * `aliases` maps a server field name to the form's (e.g. username -> phone).
 * Returns the message still to show elsewhere: the envelope msg when no field took the
 * error, null when every reason is already beside its field.
 */
export function showServerErrors(
  form: FormInstance,
  error: unknown,
  aliases: Record<string, string> = {},
): string | null {
  if (!(error instanceof HttpError)) return error instanceof Error ? error.message : String(error);
  const known = new Set(Object.keys(form.getFieldsValue() as Record<string, unknown>));
  const fields = Object.entries(error.errors ?? {})
    .map(([name, message]) => ({ name: aliases[name] ?? name, errors: [message] }))
    .filter((field) => known.has(field.name));
  if (fields.length > 0) {
    form.setFields(fields);
    return null;
  }
  return errorText(error);
}
