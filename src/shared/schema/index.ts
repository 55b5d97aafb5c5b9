// The schema engine, usable in the browser and in Node: types of the declarative files, their
// validation (meta-schemas + cross-file checks) and the files bundled with the app.
// Node-only loading from a directory (CLI, build, server start) lives in ./load-node.
export { AJV_OPTIONS, createAjv } from './ajv';
export { BUNDLED_VARIANTS, bundledSchemaFiles } from './bundled';
export { ESSENTIAL_ROUTE_KEYS } from './cross-check';
export { SCHEMA_PATHS, SchemaValidationError, formatIssue } from './issues';
export type { SchemaFile, SchemaIssue, SchemaKind } from './issues';
export type * from './types';
export { META_SCHEMAS, validateAgainstMeta, validateSchemaFiles } from './validate';
export { walkMenu, type DeclaredRoute } from './walk';

import { SchemaValidationError } from './issues';
import { bundledSchemaFiles } from './bundled';
import { validateSchemaFiles } from './validate';
import type { SchemaFile } from './issues';

/** Throws a SchemaValidationError listing every issue (file#pointer: message) if any file is wrong. */
export function assertValidSchemaFiles(files: readonly SchemaFile[] = bundledSchemaFiles()): void {
  const issues = validateSchemaFiles(files);
  if (issues.length > 0) throw new SchemaValidationError(issues);
}
