// Validates the declarative files: each against its meta-schema (schemas/meta/*.schema.json),
// then against each other (cross-file checks). Pure: takes parsed files, returns issues. The
// Node loader (load-node.ts) and the bundled set (bundled.ts) both feed this one function.
import type { ErrorObject, ValidateFunction } from './ajv';
import { createAjv } from './ajv';
import { FIELD_KIND_NAMES } from '../resources/fieldKinds';
import { attributeIssue } from './compose';
import { crossCheck } from './cross-check';
import type { SchemaFile, SchemaIssue, SchemaKind } from './issues';
import commonMeta from '../../../schemas/meta/common.schema.json';
import formMeta from '../../../schemas/meta/form.schema.json';
import localeMeta from '../../../schemas/meta/locale.schema.json';
import menuMeta from '../../../schemas/meta/menu.schema.json';
import permissionsMeta from '../../../schemas/meta/permissions.schema.json';
import resourceMeta from '../../../schemas/meta/resource.schema.json';
import variantMeta from '../../../schemas/meta/variant.schema.json';

/**
 * resource.schema.json with the x-kind enum taken from the field-kind registry: the JSON file
 * names no kinds, so a kind is added in one place (src/shared/resources/fieldKinds.ts) and an
 * unknown one is reported at its JSON pointer, in records, nested fields, action inputs and forms.
 */
function withFieldKinds(meta: typeof resourceMeta): typeof resourceMeta {
  const field = meta.$defs.field;
  const xKind = { ...field.properties['x-kind'], enum: FIELD_KIND_NAMES };
  return { ...meta, $defs: { ...meta.$defs, field: { ...field, properties: { ...field.properties, 'x-kind': xKind } } } };
}

/**
 * Each kind of file and its meta-schema. A new kind (schemas/resources/*.json) registers its
 * meta-schema here, is found by the loaders, and adds its cross-file checks to cross-check.ts.
 */
export const META_SCHEMAS: Record<SchemaKind, object> = {
  menu: menuMeta,
  permissions: permissionsMeta,
  variant: variantMeta,
  locale: localeMeta,
  resource: withFieldKinds(resourceMeta),
  form: formMeta,
};

/** Meta-schemas other meta-schemas refer to ($ref "common.schema.json#/$defs/..."). */
export const SHARED_META_SCHEMAS: object[] = [commonMeta];

let compiled: Record<SchemaKind, ValidateFunction> | undefined;

function validators(): Record<SchemaKind, ValidateFunction> {
  if (!compiled) {
    const ajv = createAjv();
    for (const schema of SHARED_META_SCHEMAS) ajv.addSchema(schema);
    compiled = {
      menu: ajv.compile(META_SCHEMAS.menu),
      permissions: ajv.compile(META_SCHEMAS.permissions),
      variant: ajv.compile(META_SCHEMAS.variant),
      locale: ajv.compile(META_SCHEMAS.locale),
      resource: ajv.compile(META_SCHEMAS.resource),
      // Refers to resource.schema.json (compiled just above) for its field definitions.
      form: ajv.compile(META_SCHEMAS.form),
    };
  }
  return compiled;
}

const escapePointer = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface SchemaWithMeta {
  description?: string;
  properties?: Record<string, unknown>;
}

const describedBy = (error: ErrorObject): string | undefined => {
  const parent = error.parentSchema as SchemaWithMeta | undefined;
  return typeof parent?.description === 'string' ? parent.description : undefined;
};

/** Keywords whose ajv text is less helpful than the schema's own description of the value. */
const DESCRIBED_KEYWORDS = new Set(['type', 'pattern', 'not', 'const', 'format', 'minLength']);

function toIssue(file: string, error: ErrorObject): SchemaIssue {
  let pointer = error.instancePath;
  let message = error.message ?? 'is invalid';
  if (error.propertyName !== undefined) {
    // An invalid property name: point at the property itself.
    pointer = `${pointer}/${escapePointer(error.propertyName)}`;
    message = `is not an allowed name: ${message}`;
  } else if (error.keyword === 'additionalProperties') {
    const property = String((error.params as { additionalProperty: string }).additionalProperty);
    pointer = `${pointer}/${escapePointer(property)}`;
    const allowed = Object.keys((error.parentSchema as SchemaWithMeta | undefined)?.properties ?? {});
    message = allowed.length ? `is not an allowed property (allowed: ${allowed.join(', ')})` : 'is not an allowed property';
  } else if (error.keyword === 'enum') {
    const values = (error.params as { allowedValues: unknown[] }).allowedValues;
    message = `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (DESCRIBED_KEYWORDS.has(error.keyword) && describedBy(error)) {
    message = `must be ${describedBy(error)}`;
  }
  return { file, pointer, message };
}

function metaIssues(file: string, errors: readonly ErrorObject[]): SchemaIssue[] {
  // ajv reports an invalid property name twice (the inner reason and "property name must be valid"),
  // and a failed if/then/else branch twice (the branch's own reason and "must match then/else").
  const relevant = errors.filter((e) => e.keyword !== 'propertyNames' && e.keyword !== 'if');
  const issues = relevant.map((e) => toIssue(file, e));
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const id = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/** Validates one file against the meta-schema of its kind. */
export function validateAgainstMeta(file: SchemaFile): SchemaIssue[] {
  const validate = validators()[file.kind];
  return validate(file.data) ? [] : metaIssues(file.path, validate.errors ?? []);
}

/**
 * Every issue of a set of files: meta-schema issues of each file, then the cross-file checks
 * among the files that passed their meta-schema. An empty array means all is well. A merged
 * resource is checked as a whole; each of its issues names the file (resource or base) the
 * value comes from.
 */
export function validateSchemaFiles(files: readonly SchemaFile[]): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const valid: SchemaFile[] = [];
  for (const file of files) {
    const own = validateAgainstMeta(file);
    issues.push(...own);
    if (own.length === 0) valid.push(file);
  }
  issues.push(...crossCheck(valid, files));
  const composed = new Map(files.filter((file) => file.composedFrom).map((file) => [file.path, file.composedFrom!]));
  return issues.map((issue) => attributeIssue(issue, composed.get(issue.file) ?? []));
}
