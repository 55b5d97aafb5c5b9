// The files the schema engine validates and the issues it reports about them.
import type { Language } from '../constants';

export type SchemaKind = 'menu' | 'permissions' | 'variant' | 'locale' | 'resource' | 'form';

/** One parsed file. `path` is relative to the repository root with forward slashes. */
export interface SchemaFile {
  path: string;
  kind: SchemaKind;
  data: unknown;
  /** Locale files only: the language of the file. */
  language?: Language;
  /** A resource merged onto bases (compose.ts): the files merged, this one first. */
  composedFrom?: readonly { path: string; data: unknown }[];
}

/** One problem: the file, a JSON pointer into it ('' = the whole file) and what is wrong. */
export interface SchemaIssue {
  file: string;
  pointer: string;
  message: string;
}

/** `variants/jjsk.json#/hidden/2: must be a menu key declared in schemas/menu.json` */
export const formatIssue = (issue: SchemaIssue): string => `${issue.file}#${issue.pointer}: ${issue.message}`;

export class SchemaValidationError extends Error {
  readonly issues: readonly SchemaIssue[];

  constructor(issues: readonly SchemaIssue[]) {
    super(
      `${issues.length} problem${issues.length === 1 ? '' : 's'} in the schema files:\n${issues.map((i) => `  ${formatIssue(i)}`).join('\n')}`,
    );
    this.name = 'SchemaValidationError';
    this.issues = issues;
  }
}

/** Where each file lives, relative to the repository root. */
export const SCHEMA_PATHS = {
  menu: 'schemas/menu.json',
  permissions: 'schemas/permissions.json',
  variantsDir: 'variants',
  variant: (id: string) => `variants/${id}.json`,
  locale: (language: Language) => `src/shared/locales/${language}/menu.json`,
  resourcesDir: 'schemas/resources',
  resource: (name: string) => `schemas/resources/${name}.json`,
  /** Base files a resource may extend (compose.ts); never resources by themselves. */
  resourceBasesDir: 'schemas/resources/bases',
  formsDir: 'schemas/forms',
} as const;
