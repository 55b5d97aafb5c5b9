import type { CrudFilter } from '@refinedev/core';
import type { ResolvedRoute } from '../../shared/menu';
import { recordConsolePath, type RecordViewer } from '../../shared/resources/recordPath';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { currentIdentity } from '../providers/identity';
import { CONSOLE_ROUTES } from './resources';
import { loadedDefinition } from './loadedDefinitions';
import { getRuntimeRoutes } from './runtimeRoutes';

// x-kind reference: a field holding the id of a record of another resource (x-ref). The record
// reads as its title (the target's first list column) and links to the page that opens it
// (recordConsolePath, src/shared/resources/recordPath.ts).

export const titleFieldOf = (definition: Pick<ResourceDefinition, 'list'> | undefined): string => definition?.list.columns[0] ?? 'id';

export function referenceTitle(resource: string, record: ResourceRecord): string {
  const value = record[titleFieldOf(loadedDefinition(resource))];
  return typeof value === 'string' && value ? value : record.id;
}

/** The caller as recordConsolePath sees it: its account (its side of a record) and whether it is platform operations. */
export function currentViewer(): RecordViewer {
  const user = currentIdentity()?.user;
  return user ? { accountId: user.accountId, ops: user.type === 'ops' } : {};
}

/**
 * Where a record opens in this console (recordConsolePath over the variant's routes and the
 * runtime ones): for the caller's side, at the route whose list holds the record. Without the
 * record (not loaded yet), the first route listing its resource.
 */
export function referencePath(resource: string, id: string, record?: ResourceRecord, page?: 'show' | 'document'): string | undefined {
  return recordConsolePath([...CONSOLE_ROUTES, ...getRuntimeRoutes()], { resource, id, record, viewer: currentViewer(), page });
}

/** The list filter finding records of `resource` by title (the target's text filter on its title field, if it has one). */
export function referenceFilters(resource: string, keyword: string, states?: readonly string[]): CrudFilter[] {
  const definition = loadedDefinition(resource);
  const titleField = titleFieldOf(definition);
  const searchable = definition?.list.filters.some((f) => f.field === titleField && f.kind === 'text');
  const byTitle: CrudFilter[] = searchable && keyword ? [{ field: titleField, operator: 'contains', value: keyword }] : [];
  // Only the records in the states the field takes (x-refStates: a request's contract is a signed one).
  return states?.length ? [...byTitle, { field: 'state', operator: 'in', value: [...states] }] : byTitle;
}

/**
 * The list page of `resource` as a whole (no scope, states, filter or view of its own): the
 * variant's route if menu.json has one, else the route its resource file declares (`runtime`,
 * known once the definitions have loaded). A link to "all deposits" names the resource, not a path.
 */
export function resourceListPath(resource: string, runtime: readonly ResolvedRoute[] = getRuntimeRoutes()): string | undefined {
  return [...CONSOLE_ROUTES, ...runtime].find((route) => {
    const render = route.render;
    return render !== undefined && 'resource' in render && render.resource === resource && ['scope', 'scopes', 'states', 'filter', 'has', 'view'].every((key) => !(key in render));
  })?.path;
}
