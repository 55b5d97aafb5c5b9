// Composition of resource files. A resource file (schemas/resources/<name>.json) may say
// `"extends": "bases/<base>.json"`: a path, relative to the file, of a base file under
// schemas/resources/bases/ (a folder the loaders do not list, so a base is never a resource by
// itself); a base may extend another base. The resource is its base with the file applied on top
// as a JSON Merge Patch (RFC 7386): objects merge key by key, `null` removes a key, and any other
// value, arrays included, replaces the base's whole. `extends` is dropped; a base's `$schema` and
// `$comment` describe the base and are not inherited; `name` and `permissionId` belong to the
// resource file itself (the console reads permissionId from the file at build time), so a base
// declaring them is refused. The form of `extends` is the meta-schema's
// (resource.schema.json#/properties/extends). This is the one merge: the schema check
// (load-node.ts), the server's registry and so the definitions the console receives all see
// what it returns.
import resourceMeta from '../../../schemas/meta/resource.schema.json';
import { SCHEMA_PATHS, type SchemaIssue } from './issues';

type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7386 (JSON Merge Patch): the base's keys keep their order, keys the patch adds come after. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: JsonObject = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = mergePatch(result[key], value);
  }
  return result;
}

/** One file of a composition: the resource file first, then its base, the base's base... */
export interface ComposedPart {
  path: string;
  data: unknown;
}

/** How the caller reads a base file (repository path): its parsed content, or why it has none. */
export type ReadBase = (path: string) => { data: unknown } | { missing: true } | { invalid: string };

export interface Composition {
  /** The merged resource; undefined when a base could not be resolved (see issues). */
  data?: unknown;
  /** The files merged, the resource file first; only the file itself when it extends nothing. */
  parts: ComposedPart[];
  issues: SchemaIssue[];
}

/** Keys only the resource file declares. */
const OWN_KEYS = ['name', 'permissionId'] as const;
/** Keys of a base that describe the base file, not the resource. */
const BASE_FILE_KEYS = ['$schema', '$comment', 'extends'] as const;

/** The form of an `extends` value, as the meta-schema declares it. */
const EXTENDS_PATTERN = new RegExp(resourceMeta.properties.extends.pattern);

const isBasePath = (path: string): boolean => path.startsWith(`${SCHEMA_PATHS.resourceBasesDir}/`) && /^[^/]+\.json$/.test(path.slice(SCHEMA_PATHS.resourceBasesDir.length + 1));

/** `relative` resolved against the folder of `from` (both repository paths with forward slashes). */
function resolvePath(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

const without = (data: JsonObject, keys: readonly string[]): JsonObject => Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));

/** The resource of `path` (parsed as `data`) merged onto the bases it extends, or the issues that prevent it. */
export function composeResource(path: string, data: unknown, read: ReadBase): Composition {
  const parts: ComposedPart[] = [{ path, data }];
  const issues: SchemaIssue[] = [];
  const fail = (file: string, pointer: string, message: string): Composition => {
    issues.push({ file, pointer, message });
    return { parts, issues };
  };
  let current: ComposedPart = parts[0];
  while (isObject(current.data) && current.data.extends !== undefined) {
    const named = current.data.extends;
    if (typeof named !== 'string' || !EXTENDS_PATTERN.test(named)) return fail(current.path, '/extends', `must be the path of a base file under ${SCHEMA_PATHS.resourceBasesDir}/, relative to this file`);
    const target = resolvePath(current.path, named);
    if (!isBasePath(target)) return fail(current.path, '/extends', `'${named}' is not a base file: a resource extends only files directly under ${SCHEMA_PATHS.resourceBasesDir}/`);
    if (parts.some((part) => part.path === target)) {
      return fail(current.path, '/extends', `'${named}' makes a cycle: ${[...parts.map((part) => part.path), target].join(' -> ')}`);
    }
    const base = read(target);
    if ('missing' in base) return fail(current.path, '/extends', `'${named}' does not exist (${target})`);
    if ('invalid' in base) return fail(target, '', `is not valid JSON: ${base.invalid}`);
    if (!isObject(base.data)) return fail(target, '', 'must be an object (a base file holds part of a resource)');
    for (const key of OWN_KEYS) {
      if (key in base.data) issues.push({ file: target, pointer: `/${key}`, message: `is the resource file's own: a base file does not declare ${key}` });
    }
    if (issues.length) return { parts, issues };
    current = { path: target, data: base.data };
    parts.push(current);
  }
  if (parts.length === 1) return { data, parts, issues };
  // From the deepest base up: the base file's own keys dropped, each file applied as a merge patch.
  let merged: unknown = {};
  for (let i = parts.length - 1; i >= 0; i--) {
    const own = parts[i].data as JsonObject;
    merged = mergePatch(merged, without(own, i === 0 ? ['extends'] : BASE_FILE_KEYS));
  }
  return { data: merged, parts, issues };
}

/** The value at a JSON pointer, or undefined. */
function at(data: unknown, pointer: string): unknown {
  let value = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(value) && !Array.isArray(value)) return undefined;
    value = (value as JsonObject)[key];
  }
  return value;
}

/**
 * An issue found in a merged resource, pointed at the file the value comes from: the first of
 * the resource file and its bases that holds the pointer. An issue in a base names the
 * resource it was found in, since a base is checked as part of each resource using it.
 */
export function attributeIssue(issue: SchemaIssue, parts: readonly ComposedPart[]): SchemaIssue {
  if (parts.length < 2 || issue.file !== parts[0].path) return issue;
  const origin = parts.find((part) => at(part.data, issue.pointer) !== undefined) ?? parts[0];
  return origin === parts[0] ? issue : { file: origin.path, pointer: issue.pointer, message: `${issue.message} (in ${parts[0].path})` };
}
