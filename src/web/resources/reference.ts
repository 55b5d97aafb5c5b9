import type { CrudFilter } from '@refinedev/core';
import type { ResolvedRoute, RouteRender } from '../../shared/menu';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { getUserInfo } from '../providers/session';
import { CONSOLE_ROUTES, consoleRoute } from '../refine/resources';
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

type ResourceRender = Extract<RouteRender, { resource: string }>;
const renderOf = (route: ResolvedRoute): ResourceRender | undefined => (route.render && 'resource' in route.render ? route.render : undefined);

/**
 * Whether `route`'s list would hold `record` for the caller: its fixed filter (render.filter)
 * and states match the record's, and its scope, when a party role, is one the caller holds.
 */
function routeHolds(render: ResourceRender, record: ResourceRecord, accountId: string | undefined): boolean {
  const filtered = Object.entries(render.filter ?? {}).every(([field, values]) => values.includes(String(record[field])));
  const inState = !render.states || render.states.includes(String(record.state));
  const scoped = !render.scope || render.scope === 'mine' || record.parties?.[render.scope] === accountId;
  return filtered && inState && scoped;
}

/**
 * Where a record opens: under the routes listing its resource for the account (a platform
 * operations route, scope ops, only when no other lists it; runtime routes included), the first
 * whose list would hold the record, one singling it out by a fixed filter first (a mutual-promise
 * contract under contractChain, a contract the caller sells under contractsell), else the first; at that route's detail page
 * (render.showRoute, `?id=`) when it declares one, else at `<path>/show/<id>`. Without the
 * record (not loaded yet), the first route.
 */
export function referencePath(resource: string, id: string, record?: ResourceRecord): string | undefined {
  const listing = [...CONSOLE_ROUTES, ...getRuntimeRoutes()].filter((r) => renderOf(r)?.resource === resource && !renderOf(r)?.view);
  const forAccount = listing.filter((r) => renderOf(r)?.scope !== 'ops');
  const candidates = forAccount.length ? forAccount : listing;
  const accountId = record ? getUserInfo()?.accountId : undefined;
  const holding = record ? candidates.filter((r) => routeHolds(renderOf(r)!, record, accountId)) : [];
  // A route that singles the record out by a fixed filter (contractChain) before a general one.
  const route = holding.find((r) => renderOf(r)?.filter) ?? holding[0] ?? candidates[0];
  if (!route) return undefined;
  const detail = renderOf(route)?.showRoute;
  const detailPath = consoleRoute(detail)?.path;
  return detailPath ? `${detailPath}?id=${encodeURIComponent(id)}` : recordPath(route.path, 'show', id);
}

/** The list filter finding records of `resource` by title (the target's text filter on its title field, if it has one). */
export function referenceFilters(resource: string, keyword: string): CrudFilter[] {
  const definition = loadedDefinition(resource);
  const titleField = titleFieldOf(definition);
  const searchable = definition?.list.filters.some((f) => f.field === titleField && f.kind === 'text');
  return searchable && keyword ? [{ field: titleField, operator: 'contains', value: keyword }] : [];
}
