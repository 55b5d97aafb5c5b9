// Node only: reads the declarative files from a directory (the repository by default) and
// validates them. The CLI (scripts/check-schemas.ts), the build and the server start call
// checkSchemas / assertSchemas; tests point them at a temporary copy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '../constants';
import { composeResource, type ReadBase } from './compose';
import { SCHEMA_PATHS, SchemaValidationError, type SchemaFile, type SchemaIssue } from './issues';
import { META_SCHEMAS, SHARED_META_SCHEMAS, validateSchemaFiles } from './validate';

/** The repository root (this file is src/shared/schema/load-node.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface LoadResult {
  files: SchemaFile[];
  /** Files that are missing or not JSON. */
  issues: SchemaIssue[];
}

function readJson(root: string, relative: string, issues: SchemaIssue[]): { ok: true; data: unknown } | { ok: false } {
  const absolute = path.join(root, relative);
  let text: string;
  try {
    text = fs.readFileSync(absolute, 'utf8');
  } catch {
    issues.push({ file: relative, pointer: '', message: 'is missing' });
    return { ok: false };
  }
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch (error) {
    issues.push({ file: relative, pointer: '', message: `is not valid JSON: ${error instanceof Error ? error.message : String(error)}` });
    return { ok: false };
  }
}

/** Reads a base file a resource extends (compose.ts) from under `root`. */
const baseReader =
  (root: string): ReadBase =>
  (relative) => {
    let text: string;
    try {
      text = fs.readFileSync(path.join(root, relative), 'utf8');
    } catch {
      return { missing: true };
    }
    try {
      return { data: JSON.parse(text) as unknown };
    } catch (error) {
      return { invalid: error instanceof Error ? error.message : String(error) };
    }
  };

/** A resource file parsed as `data`, merged onto the bases it extends (compose.ts), as a SchemaFile; or its issues. */
function resourceFile(root: string, relative: string, data: unknown): { file?: SchemaFile; issues: SchemaIssue[] } {
  const composed = composeResource(relative, data, baseReader(root));
  if (composed.data === undefined) return { issues: composed.issues };
  const file: SchemaFile = { path: relative, kind: 'resource', data: composed.data };
  if (composed.parts.length > 1) file.composedFrom = composed.parts;
  return { file, issues: [] };
}

/**
 * One resource file under `root` as the engine serves it: parsed and merged onto its bases. For
 * the server's registry, after assertSchemas: throws a SchemaValidationError if it cannot be read.
 */
export function readResource(root: string, relative: string): unknown {
  const issues: SchemaIssue[] = [];
  const read = readJson(root, relative, issues);
  const composed = read.ok ? resourceFile(root, relative, read.data) : { issues };
  if (!composed.file) throw new SchemaValidationError([...issues, ...composed.issues]);
  return composed.file.data;
}

/**
 * Reads schemas/menu.json, schemas/permissions.json, schemas/resources/*.json (each merged onto
 * the bases it extends), variants/*.json and the menu locale files under `root`.
 */
export function loadSchemaFiles(root: string = REPO_ROOT): LoadResult {
  const issues: SchemaIssue[] = [];
  const files: SchemaFile[] = [];
  const add = (relative: string, make: (data: unknown) => SchemaFile) => {
    const read = readJson(root, relative, issues);
    if (read.ok) files.push(make(read.data));
  };
  add(SCHEMA_PATHS.menu, (data) => ({ path: SCHEMA_PATHS.menu, kind: 'menu', data }));
  add(SCHEMA_PATHS.permissions, (data) => ({ path: SCHEMA_PATHS.permissions, kind: 'permissions', data }));
  const variantsDir = path.join(root, SCHEMA_PATHS.variantsDir);
  const variantFiles = fs.existsSync(variantsDir) ? fs.readdirSync(variantsDir).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of variantFiles) {
    const relative = `${SCHEMA_PATHS.variantsDir}/${name}`;
    add(relative, (data) => ({ path: relative, kind: 'variant', data }));
  }
  for (const language of LANGUAGES) {
    const relative = SCHEMA_PATHS.locale(language);
    add(relative, (data) => ({ path: relative, kind: 'locale', language, data }));
  }
  const resourcesDir = path.join(root, SCHEMA_PATHS.resourcesDir);
  const resourceFiles = fs.existsSync(resourcesDir) ? fs.readdirSync(resourcesDir).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of resourceFiles) {
    const relative = `${SCHEMA_PATHS.resourcesDir}/${name}`;
    const read = readJson(root, relative, issues);
    if (!read.ok) continue;
    const composed = resourceFile(root, relative, read.data);
    issues.push(...composed.issues);
    if (composed.file) files.push(composed.file);
  }
  const formsDir = path.join(root, SCHEMA_PATHS.formsDir);
  const formFiles = fs.existsSync(formsDir) ? fs.readdirSync(formsDir).filter((name) => name.endsWith('.json')).sort() : [];
  for (const name of formFiles) {
    const relative = `${SCHEMA_PATHS.formsDir}/${name}`;
    add(relative, (data) => ({ path: relative, kind: 'form', data }));
  }
  return { files, issues };
}

export interface SchemaCheck {
  ok: boolean;
  /** Paths of the files read (a base once, after the first resource that extends it). */
  files: string[];
  issues: SchemaIssue[];
}

/** Loads and validates every declarative file under `root`. */
export function checkSchemas(root: string = REPO_ROOT): SchemaCheck {
  const loaded = loadSchemaFiles(root);
  const issues = [...loaded.issues, ...validateSchemaFiles(loaded.files)];
  const paths = new Set(loaded.files.flatMap((f) => (f.composedFrom ?? [f]).map((part) => part.path)));
  return { ok: issues.length === 0, files: [...paths], issues };
}

/** For the build and the server start: throws a SchemaValidationError naming every problem. */
export function assertSchemas(root: string = REPO_ROOT): void {
  const result = checkSchemas(root);
  if (!result.ok) throw new SchemaValidationError(result.issues);
}

/**
 * assertSchemas for a server start, remembered in `stampFile`: after a clean check it holds the
 * digest of every file as read (bases merged) and of the meta-schemas; a start whose digest is
 * the same skips the validation, which compiled six meta-schemas and checked every file on each
 * start (about a fifth of a restart's CPU: docs/decisions.md "Memory and start"). Any change to a
 * file, or to the meta-schemas, checks everything again. A stamp that cannot be written is not kept.
 */
export function assertSchemasRemembered(root: string, stampFile: string): void {
  const loaded = loadSchemaFiles(root);
  const digest = createHash('sha256').update(JSON.stringify([loaded.files, META_SCHEMAS, SHARED_META_SCHEMAS])).digest('hex');
  if (loaded.issues.length === 0 && readStamp(stampFile) === digest) return;
  const issues = [...loaded.issues, ...validateSchemaFiles(loaded.files)];
  if (issues.length) throw new SchemaValidationError(issues);
  try {
    const tmp = `${stampFile}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(tmp, digest);
    fs.renameSync(tmp, stampFile);
  } catch {
    /* a read-only place: check again next start */
  }
}

function readStamp(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
