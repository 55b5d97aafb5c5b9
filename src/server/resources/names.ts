// Every name a resource file gives the server (an action's handler, createHandler, compute,
// source, document) must be one a domain contributes (src/server/domain.ts). Checked when the
// server starts (registry.ts) and by the schema check (scripts/check-schemas.ts), so a misspelt
// name is reported as file#pointer before any request reaches it.
import type { SchemaIssue } from '../../shared/schema';
import { loadSchemaFiles } from '../../shared/schema/load-node';
import type { ResourceDefinition } from '../../shared/resources/types';
import { contributionsOf, type Contributions, type Domain } from '../domain';

/** A resource file: its path relative to the schema root and its content. */
export interface ResourceFile {
  path: string;
  def: ResourceDefinition;
}

export function unknownNames(files: readonly ResourceFile[], names: Contributions): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const check = (file: string, pointer: string, name: string | undefined, known: ReadonlyMap<string, unknown>, kind: string) => {
    if (name !== undefined && !known.has(name)) issues.push({ file, pointer, message: `${kind} '${name}' is not contributed by any server domain (src/server/domains/*/index.ts)` });
  };
  for (const { path, def } of files) {
    (Array.isArray(def.actions) ? def.actions : []).forEach((action, i) => check(path, `/actions/${i}/handler`, action.handler, names.handlers, 'action handler'));
    check(path, '/createHandler', def.createHandler, names.createHandlers, 'create handler');
    check(path, '/compute', def.compute, names.compute, 'compute');
    check(path, '/source', def.source, names.sources, 'list source');
    check(path, '/document', def.document, names.documents, 'document');
  }
  return issues;
}

/** The schema check's part: the resource files under `root` against what `domains` contribute. */
export function checkDomainNames(root: string, domains: readonly Domain[]): SchemaIssue[] {
  const files = loadSchemaFiles(root).files.filter((file) => file.kind === 'resource' && typeof file.data === 'object' && file.data !== null);
  return unknownNames(
    files.map((file) => ({ path: file.path, def: file.data as ResourceDefinition })),
    contributionsOf(domains),
  );
}
