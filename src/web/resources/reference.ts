import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { CONSOLE_ROUTES } from '../refine/resources';
import { http } from '../providers/http';
import { loadedDefinition } from './loadedDefinitions';
import { recordPath } from './paths';
import { getRuntimeRoutes } from './runtimeRoutes';

// x-kind reference: a field holding the id of a record of another resource (x-ref). The record
// reads as its title (the target's first list column) and links to its show page under the
// first console route that lists that resource.

export const titleFieldOf = (definition: Pick<ResourceDefinition, 'list'> | undefined): string => definition?.list.columns[0] ?? 'id';

export function referenceTitle(resource: string, record: ResourceRecord): string {
  const value = record[titleFieldOf(loadedDefinition(resource))];
  return typeof value === 'string' && value ? value : record.id;
}

/**
 * The show page of a record under the first route listing its resource for the account (a
 * platform operations route, scope ops, only when no other lists it), runtime routes included.
 */
export function referencePath(resource: string, id: string): string | undefined {
  const listing = [...CONSOLE_ROUTES, ...getRuntimeRoutes()].filter((r) => r.render && 'resource' in r.render && r.render.resource === resource && !r.render.view);
  const route = listing.find((r) => !(r.render && 'scope' in r.render && r.render.scope === 'ops')) ?? listing[0];
  return route ? recordPath(route.path, 'show', id) : undefined;
}

export const fetchReference = (resource: string, id: string) => http.get<ResourceRecord>(`/r/${resource}/${encodeURIComponent(id)}`, { silent: true });

/** Records of `resource` whose title matches `keyword` (the target's text filter on its title field, if it has one). */
export function searchReferences(resource: string, keyword: string) {
  const definition = loadedDefinition(resource);
  const titleField = titleFieldOf(definition);
  const searchable = definition?.list.filters.some((f) => f.field === titleField && f.kind === 'text');
  return http.get<{ records: ResourceRecord[] }>(`/r/${resource}`, { query: { pageSize: 20, ...(searchable && keyword ? { [titleField]: keyword } : {}) }, silent: true });
}
