// The one field-kind registry (DESIGN §7): every `x-kind` a resource or form file may give a
// field is defined here, once, with what both sides need to know about it: the JSON type it
// applies to, the format it implies, the list filters it allows, how SQL reads it (its cast,
// used by filters, sorts and indexes alike), how the console shows it, how an export writes
// it, and the NAME of its form widget (the React components stay in src/web/schema-ui and are
// looked up by that name). The meta-schema takes its x-kind enum from FIELD_KIND_NAMES
// (src/shared/schema/validate.ts) and the resource check the rules of each entry
// (src/shared/schema/resource-check.ts), so an unknown kind, or a field that does not fit its
// kind, fails the schema check. Pure data and small pure functions only: this module is in the
// browser bundle and on the server, so nothing here may import data sets (regions, industries)
// or React.
import type { FieldSchema, FilterKind } from './types';

type JsonType = FieldSchema['type'];

/** How a value is shown in a list cell or on the show page (src/web/resources/FieldValue.tsx). */
export type DisplayKind =
  | 'text'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'state'
  | 'boolean'
  | 'region'
  | 'industry'
  | 'files'
  | 'dateOrLongTerm'
  | 'bankBranch'
  | 'signatures'
  | 'reference'
  | 'recordLink'
  | 'link';

/**
 * How an export cell is written (src/server/resources/export.ts): `label` the enum value's label
 * in the user's language, `number` a number (two decimals), `regionPath` the region names of a
 * code path, `text` the value as text (yes/no for booleans, array items joined with ' / '),
 * `recordTitle` a record link's title, else the record's id, `datetime` an instant in the
 * product's one time format (China time, src/shared/chinaTime.ts).
 */
export type ExportFormat = 'label' | 'number' | 'regionPath' | 'text' | 'recordTitle' | 'datetime';

/** How SQL reads the stored JSON value: as text (`data->>'f'`) or cast to numeric. */
export type SqlCast = 'text' | 'numeric';

/** What the rest of the product needs to know about a field, from its kind or its JSON type. */
export interface FieldBehaviour {
  /** Filter kinds a list may declare on it (`text` only ever on string values). */
  filters: readonly FilterKind[];
  /** How SQL reads it; omitted: by the JSON type (number and integer are numeric). */
  sql?: SqlCast;
  display: DisplayKind;
  export: ExportFormat;
  /** Name of the rjsf widget in src/web/schema-ui/registry.ts (`widgets`). */
  widget?: string;
  /** Name of the rjsf field in src/web/schema-ui/registry.ts (`fields`), for a kind that is a whole object. */
  uiField?: string;
  /** Takes a whole row of the form grid unless the uiSchema says otherwise. */
  fullWidth?: boolean;
  /** The value is a list of upload ids (files the record refers to). */
  uploads?: boolean;
  /** The value is, or holds, a province/city/district code path the server checks: where it is. */
  regionPath?: (value: unknown) => unknown[];
}

/** One x-kind: its behaviour, and what a field must declare to be of it. */
export interface FieldKindSpec extends FieldBehaviour {
  /** JSON types a field of this kind may have. */
  types: readonly JsonType[];
  /** The format the kind implies: its fields must declare it, and a field with it and no x-kind is of this kind. */
  format?: string;
  /** Its fields must name the resource their value points to (x-ref). */
  ref?: boolean;
  /** Its fields must declare their values (enum); a field with enum values is of this kind. */
  enumValues?: boolean;
}

const TEXT_FILTERS = ['text'] as const satisfies readonly FilterKind[];

/**
 * Every kind, once. To add one: an entry here (a widget name needs its component in
 * src/web/schema-ui/registry.ts, a new display kind its case in FieldValue.tsx, a new export
 * format its case in export.ts); the meta-schema and the checks follow from this table.
 */
export const FIELD_KINDS = {
  /** Plain text (the default of a string; declared to be explicit). */
  text: { types: ['string'], filters: TEXT_FILTERS, display: 'text', export: 'text' },
  /** Longer text, a whole row of the form. */
  textarea: { types: ['string'], filters: TEXT_FILTERS, display: 'text', export: 'text', widget: 'textarea', fullWidth: true },
  /** An amount in yuan, a string with two decimals on the wire ('12.50'), numeric in SQL. */
  money: { types: ['string'], format: 'money', filters: ['text', 'amountRange'], sql: 'numeric', display: 'money', export: 'number', widget: 'money' },
  /** An instant, an ISO 8601 date-time string (set by the server): shown and exported in China time, `YYYY-MM-DD HH:mm:ss`. */
  datetime: { types: ['string'], format: 'date-time', filters: ['text', 'dateRange'], display: 'datetime', export: 'datetime' },
  /** A calendar date, YYYY-MM-DD (compares as text in SQL). */
  date: { types: ['string'], format: 'date', filters: ['text', 'dateRange'], display: 'date', export: 'text', widget: 'date' },
  /** One of the declared enum values, shown and exported as its label. */
  enum: { types: ['string', 'number', 'integer'], enumValues: true, filters: ['text', 'enum'], display: 'enum', export: 'label', widget: 'enum' },
  /** The id of a record of another resource (x-ref): picked by title, shown as its title linked to its page. */
  reference: { types: ['string'], ref: true, filters: TEXT_FILTERS, display: 'reference', export: 'text', widget: 'reference' },
  /** A province/city/district code path (['33', '3301', '330106']). */
  region: { types: ['array'], filters: [], display: 'region', export: 'regionPath', widget: 'region', regionPath: (value) => value as unknown[] },
  /** A GB/T 4754 division code. */
  industry: { types: ['string'], format: 'industry', filters: TEXT_FILTERS, display: 'industry', export: 'text', widget: 'industry' },
  /** Upload ids of images. */
  image: { types: ['array'], filters: [], display: 'files', export: 'text', widget: 'upload', fullWidth: true, uploads: true },
  /** Upload ids of files. */
  file: { types: ['array'], filters: [], display: 'files', export: 'text', widget: 'upload', fullWidth: true, uploads: true },
  /** An SMS code sent to a phone (input of a form or an action, not stored). */
  smsCode: { types: ['string'], format: 'smsCode', filters: TEXT_FILTERS, display: 'text', export: 'text', widget: 'smsCode' },
  /** A date or the literal 'longTerm' (an identity document's expiry). */
  dateOrLongTerm: { types: ['string'], filters: TEXT_FILTERS, display: 'dateOrLongTerm', export: 'text', widget: 'dateOrLongTerm' },
  /** A bank branch: {bank, region (a code path), branch}. */
  bankBranch: {
    types: ['object'],
    filters: [],
    display: 'bankBranch',
    export: 'text',
    uiField: 'bankBranch',
    fullWidth: true,
    regionPath: (value) => ((value as { region?: unknown[] }).region ?? []) as unknown[],
  },
  /** The parties' signatures of a record (set by the server). */
  signatures: { types: ['array'], filters: [], display: 'signatures', export: 'text' },
  /** A record of any resource, {resource, id, title?}, set by the server (a ledger flow's business record): shown as its title, linked to its page. */
  recordLink: { types: ['object'], filters: [], display: 'recordLink', export: 'recordTitle' },
  /** A page of the console (a path starting with /, set by the server: a flow's receipt), shown as a link labelled by the field. */
  link: { types: ['string'], filters: [], display: 'link', export: 'text' },
  /** An approved account to trade with, found by name (GET /system/personal/searchCom). */
  counterparty: { types: ['string'], filters: TEXT_FILTERS, display: 'text', export: 'text', widget: 'counterparty' },
} as const satisfies Record<string, FieldKindSpec>;

/** Every `x-kind` a file may declare. */
export type FieldKind = keyof typeof FIELD_KINDS;

/** The x-kind names, in registry order: the meta-schema's enum. */
export const FIELD_KIND_NAMES = Object.keys(FIELD_KINDS) as FieldKind[];

export const isFieldKind = (name: unknown): name is FieldKind => typeof name === 'string' && Object.hasOwn(FIELD_KINDS, name);

/** The spec of a kind, or undefined for a name that is not one. */
export const fieldKindSpec = (name: string | undefined): FieldKindSpec | undefined => (isFieldKind(name) ? FIELD_KINDS[name] : undefined);

/** Widget names the kinds use: src/web/schema-ui/registry.ts must register each. */
export type FieldKindWidget = { [K in FieldKind]: (typeof FIELD_KINDS)[K] extends { widget: infer W } ? W : never }[FieldKind];
/** rjsf field names the kinds use: src/web/schema-ui/registry.ts must register each. */
export type FieldKindUiField = { [K in FieldKind]: (typeof FIELD_KINDS)[K] extends { uiField: infer F } ? F : never }[FieldKind];

const KIND_OF_FORMAT = new Map<string, FieldKind>(
  FIELD_KIND_NAMES.flatMap((name) => {
    const format = (FIELD_KINDS[name] as FieldKindSpec).format;
    return format ? [[format, name] as const] : [];
  }),
);

/** The kind a format implies (money -> money), if any. */
export const kindOfFormat = (format: string | undefined): FieldKind | undefined => (format ? KIND_OF_FORMAT.get(format) : undefined);

/**
 * A field's kind: its x-kind, else the kind its format implies, else `enum` for a field with enum
 * values; undefined for a plain field (its JSON type decides). The schema check makes the three
 * agree (a field with format money is of kind money, one with enum values of kind enum).
 */
export function fieldKindOf(schema: FieldSchema | undefined): FieldKind | undefined {
  if (!schema) return undefined;
  const declared = schema['x-kind'];
  if (declared !== undefined) return isFieldKind(declared) ? declared : undefined;
  return kindOfFormat(schema.format) ?? (schema.enum ? 'enum' : undefined);
}

/** Fields of no kind behave by their JSON type (a date-time string is of the kind `datetime`). */
const PLAIN: Record<JsonType, FieldBehaviour> = {
  string: { filters: TEXT_FILTERS, display: 'text', export: 'text' },
  number: { filters: [], display: 'number', export: 'number' },
  integer: { filters: [], display: 'number', export: 'number' },
  boolean: { filters: [], display: 'boolean', export: 'text' },
  array: { filters: [], display: 'text', export: 'text' },
  object: { filters: [], display: 'text', export: 'text' },
};

/** How a field behaves everywhere (filters, SQL, display, export, widget): its kind's entry, or the rules of its JSON type. */
export function fieldBehaviour(schema: FieldSchema | undefined): FieldBehaviour {
  const kind = fieldKindOf(schema);
  if (kind) return FIELD_KINDS[kind];
  return PLAIN[schema?.type ?? 'string'] ?? PLAIN.string;
}

/** How SQL reads the field: numeric for money and numbers, text otherwise. */
export function sqlCastOf(schema: FieldSchema | undefined): SqlCast {
  const own = fieldBehaviour(schema).sql;
  if (own) return own;
  return schema?.type === 'number' || schema?.type === 'integer' ? 'numeric' : 'text';
}

/** The list filters a field allows: its kind's, with `text` only on string values. */
export function filtersOf(schema: FieldSchema | undefined): readonly FilterKind[] {
  const { filters } = fieldBehaviour(schema);
  return schema && schema.type !== 'string' ? filters.filter((f) => f !== 'text') : filters;
}

/** How an export writes the field. */
export const exportFormatOf = (schema: FieldSchema | undefined): ExportFormat => fieldBehaviour(schema).export;

/** How the console shows the field. */
export const displayOf = (schema: FieldSchema | undefined): DisplayKind => fieldBehaviour(schema).display;

/**
 * What is wrong with a field's declaration for its kind, as messages (the schema check reports
 * each at the field's pointer): an unknown x-kind, a JSON type or format the kind does not take,
 * a missing x-ref or enum, an x-ref or enum on a field of another kind.
 */
export function fieldKindProblems(schema: FieldSchema): { at: '' | '/x-kind' | '/x-ref'; message: string }[] {
  const declared = schema['x-kind'] as string | undefined;
  const problems: { at: '' | '/x-kind' | '/x-ref'; message: string }[] = [];
  if (declared !== undefined && !isFieldKind(declared)) {
    return [{ at: '/x-kind', message: `'${declared}' is not a field kind (${FIELD_KIND_NAMES.join(', ')})` }];
  }
  const kind = fieldKindOf(schema);
  const spec = fieldKindSpec(kind);
  const implied = kindOfFormat(schema.format);
  if (implied && kind !== implied) problems.push({ at: '/x-kind', message: `format '${schema.format}' is the kind '${implied}', not '${kind}'` });
  if (schema.enum && kind !== 'enum') problems.push({ at: '/x-kind', message: `a field with enum values is of kind 'enum', not '${kind}'` });
  if (schema['x-ref'] !== undefined && !spec?.ref) problems.push({ at: '/x-ref', message: `x-ref needs a reference kind; this field is ${kind ? `'${kind}'` : 'of no kind'}` });
  if (schema['x-refStates'] !== undefined && !spec?.ref) problems.push({ at: '/x-ref', message: `x-refStates needs a reference kind; this field is ${kind ? `'${kind}'` : 'of no kind'}` });
  if (schema['x-positive'] && kind !== 'money') problems.push({ at: '/x-kind', message: `x-positive needs a money field; this field is ${kind ? `'${kind}'` : 'of no kind'}` });
  if (schema['x-notPast'] && kind !== 'date') problems.push({ at: '/x-kind', message: `x-notPast needs a date field; this field is ${kind ? `'${kind}'` : 'of no kind'}` });
  if (!spec) return problems;
  if (!spec.types.includes(schema.type)) problems.push({ at: '/x-kind', message: `x-kind '${kind}' needs type ${spec.types.join(' or ')}, not ${schema.type}` });
  // A money figure only the server writes may be signed (a clearing run's net position): no format, shown as money.
  const signedFigure = kind === 'money' && schema.readOnly === true && schema.format === undefined;
  if (spec.format && schema.format !== spec.format && !signedFigure) problems.push({ at: '/x-kind', message: `x-kind '${kind}' needs format '${spec.format}'` });
  if (spec.ref && !schema['x-ref']) problems.push({ at: '', message: `x-kind '${kind}' needs x-ref` });
  if (spec.enumValues && !schema.enum) problems.push({ at: '/x-kind', message: `x-kind '${kind}' needs enum values` });
  return problems;
}
