import type { FieldSchema, FormDeclaration, ResourceDefinition } from '../../shared/resources/types';

/** What a schema form is made from: a resource, a standalone form file or an action's input. */
export interface FormSource {
  name: string;
  record: { type: 'object'; properties: Record<string, FieldSchema>; required?: string[] };
  form: FormDeclaration;
  labels: ResourceDefinition['labels'];
  /** A resource's expiry date field (an offer's valid-until): no past day may be chosen or sent (nor in a field marked x-notPast). */
  expiry?: { field: string };
}

/** The labels a form needs; resources/labels.ts ResourceText provides them. */
export interface FormText {
  field(name: string): string;
  option(field: string, value: unknown): string;
  help(field: string): string | undefined;
}

/** Shared with every widget through rjsf's formContext. */
export interface SchemaFormContext {
  /** The whole form's data now (the SMS widget reads the phone field from it). */
  formData: () => Record<string, unknown>;
  text: FormText;
}

/** ui:options our grid and widgets read. */
export interface GridOptions {
  /** Columns out of 24 on desktop; phones always use the full width. */
  colSpan?: number;
}
