import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { fieldBehaviour, fieldKindOf } from '../../shared/resources/fieldKinds';
import { notPastFields } from '../../shared/resources/notPast';
import type { FieldSchema } from '../../shared/resources/types';
import type { FormSource, FormText } from './types';

// The rjsf schema and uiSchema of a form, from its declaration: field order, titles and help
// from the labels, a widget per field kind (its name in the field-kind registry,
// src/shared/resources/fieldKinds.ts; the component in registry.ts) or format (numbers: the
// number widget, which keeps what was typed), the declared
// uiSchema on top, and readOnlyOnEdit fields disabled when editing.

/** Widgets (registry.ts) of formats that are no field kind: a field of no kind with such a format. */
const FORMAT_WIDGETS: Record<string, string> = {
  mobile: 'normalised',
  uscc: 'normalised',
  residentId: 'normalised',
  bankCard: 'normalised',
  bankAccount: 'normalised',
  password: 'password',
};

function widgetOf(field: FieldSchema): UiSchema {
  const kind = fieldKindOf(field);
  const behaviour = fieldBehaviour(field);
  if (behaviour.uiField) return { 'ui:field': behaviour.uiField };
  const widget = behaviour.widget ?? (field.format ? FORMAT_WIDGETS[field.format] : undefined) ?? (field.type === 'number' || field.type === 'integer' ? 'number' : undefined);
  if (!widget) return {};
  const options: Record<string, string | undefined> = {};
  if (widget === 'normalised') options.normalise = field.format;
  if (widget === 'upload') options.kind = kind;
  return { 'ui:widget': widget, ...(Object.keys(options).length ? { 'ui:options': options } : {}) };
}

/** The record schema cut to the form's fields (a field left out of the form is not asked for). */
export function formSchema(source: FormSource): RJSFSchema {
  const fields = source.form.fields.filter((f) => source.record.properties[f]);
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f) => [f, source.record.properties[f]])),
    required: [...new Set([...(source.record.required ?? []), ...(source.form.required ?? [])])].filter((f) => fields.includes(f)),
    additionalProperties: false,
  } as RJSFSchema;
}

export function buildUiSchema(source: FormSource, text: FormText, mode: 'create' | 'edit'): UiSchema {
  const declared = (source.form.uiSchema ?? {}) as Record<string, UiSchema>;
  const readOnly = new Set(mode === 'edit' ? (source.form.readOnlyOnEdit ?? []) : []);
  const ui: UiSchema = { 'ui:order': [...source.form.fields, '*'], 'ui:submitButtonOptions': { norender: true } };
  const notPast = notPastFields(source.record.properties, source.expiry?.field);
  for (const name of source.form.fields) {
    const field = source.record.properties[name];
    if (!field) continue;
    const generated = widgetOf(field);
    const own = declared[name] ?? {};
    const options = {
      ...(fieldBehaviour(field).fullWidth ? { colSpan: 24 } : {}),
      ...(notPast.includes(name) ? { notPast: true } : {}),
      ...(generated['ui:options'] as object | undefined),
      ...(own['ui:options'] as object | undefined),
    };
    const help = text.help(name);
    ui[name] = {
      'ui:title': text.field(name),
      // As a description: antd's FieldTemplate shows ui:help instead of the errors, a description below them.
      ...(help ? { 'ui:description': help } : {}),
      ...(field.enum ? { 'ui:enumNames': field.enum.map((value) => text.option(name, value)) } : {}),
      ...generated,
      ...own,
      'ui:options': options,
      ...(readOnly.has(name) ? { 'ui:disabled': true } : {}),
    };
  }
  return ui;
}
