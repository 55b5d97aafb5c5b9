import { resolveRoutes, type ResolvedRoute, type RouteRender, type Variant } from '../menu';
import type { MenuFile } from '../schema/types';
import { runtimeResourceRoutes } from './runtimeMenu';
import type { ResourceDefinition } from './types';

// Which console page opens a record: the one answer for links the server stores (messages,
// todos), answers (receipts) and the console shows (references, result pages). Derived from the
// routes of schemas/menu.json (and of runtime resource files), never from paths written in code.

/** What a record's page depends on: its fields (a route's fixed filter), state, owner and parties. */
export type RecordFacts = Record<string, unknown> & { accountId?: string | null; parties?: Record<string, string>; state?: string | null };

/** Who opens it: the account (its side of the record) and whether it is platform operations. */
export interface RecordViewer {
  accountId?: string;
  ops?: boolean;
}

export interface RecordTarget {
  resource: string;
  id: string;
  /** The record, when known: picks the route whose list holds it (a contract's side, a mutual-promise one). */
  record?: RecordFacts;
  viewer?: RecordViewer;
  /** `document`: the record's text page (the show route's documentRoute) instead of its page. */
  page?: 'show' | 'document';
}

/** No variant: every route menu.json declares (what the server links to, whatever the console's variant). */
const EVERY_ROUTE = { hidden: [], removed: [] } as unknown as Variant;

/** The console routes records open on: menu.json's (for `variant`) and those of runtime resource files. */
export function recordRoutes(menu: MenuFile, definitions: readonly ResourceDefinition[], variant: Variant = EVERY_ROUTE): ResolvedRoute[] {
  return [...resolveRoutes(variant, menu), ...runtimeResourceRoutes(definitions, variant, menu)];
}

type ResourceRender = Extract<RouteRender, { resource: string }>;
const renderOf = (route: ResolvedRoute): ResourceRender | undefined => (route.render && 'resource' in route.render ? route.render : undefined);

/** Whether `render`'s list would hold `record` for the viewer: its fixed filter, states and set fields (has) match, and its party scope is the viewer's. */
function holds(render: ResourceRender, record: RecordFacts, accountId: string | undefined): boolean {
  const filtered = Object.entries(render.filter ?? {}).every(([field, values]) => values.includes(String(record[field])));
  const inState = !render.states || render.states.includes(String(record.state));
  const scoped = !render.scope || render.scope === 'mine' || record.parties?.[render.scope] === accountId;
  const present = (render.has ?? []).every((field) => record[field] !== undefined && record[field] !== null);
  return filtered && inState && scoped && present;
}

/** Whether the viewer is the record's owner or one of its parties. */
const concerns = (record: RecordFacts | undefined, accountId: string | undefined): boolean =>
  !!record && !!accountId && (record.accountId === accountId || Object.values(record.parties ?? {}).includes(accountId));

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;

/**
 * The console path that opens a record, from `routes` (recordRoutes): among the routes listing
 * its resource (not a create or show view), those of the viewer's side: platform operations'
 * (render.scope ops) for an ops viewer the record does not concern, else the account's (ops'
 * only when no other lists it). Of those, the first whose list would hold the record, one
 * singling it out by a fixed filter first (a mutual-promise contract: contractChain), else the
 * first (a contract as buyer: contractbuy; as seller: contractsell). It opens at that route's
 * detail page (render.showRoute, `?id=`) when it declares one, else at `<path>/show/<id>`.
 * Platform operations' pages (scope ops, or in the ops group) are never given to a viewer known
 * not to be ops (`ops: false`). Without a list for the viewer, a show route of the resource
 * outside the ops group (`?id=`); undefined when there is none either (or, for `document`, the
 * page has no text page).
 */
export function recordConsolePath(routes: readonly ResolvedRoute[], target: RecordTarget): string | undefined {
  const { resource, id, record, viewer = {} } = target;
  const listing = routes.filter((route) => renderOf(route)?.resource === resource && !renderOf(route)?.view);
  // Platform operations' pages: those scoped to them, and every page of the ops group (/ops/clearingRuns).
  const isOps = (route: ResolvedRoute) => renderOf(route)?.scope === 'ops' || route.parentKeys.includes('ops');
  const ops = listing.filter(isOps);
  const account = listing.filter((route) => !isOps(route));
  const opsSide = viewer.ops === true && !concerns(record, viewer.accountId) && ops.length > 0;
  // A viewer known not to be ops never gets an ops page (a 403): no link rather than that.
  const candidates = opsSide ? ops : account.length ? account : viewer.ops === false ? [] : ops;
  const holding = record ? candidates.filter((route) => holds(renderOf(route)!, record, viewer.accountId)) : [];
  const route = holding.find((r) => renderOf(r)?.filter) ?? holding[0] ?? candidates[0];
  const byKey = (key: string | undefined) => (key ? routes.find((r) => r.key === key) : undefined);
  if (!route) {
    // No list of the resource for this viewer, but a page showing one (main keeps the clearing runs' detail, not their list).
    const only = routes.find((r) => renderOf(r)?.resource === resource && renderOf(r)?.view === 'show' && !isOps(r));
    const page = target.page === 'document' ? byKey(only && renderOf(only)?.documentRoute) : only;
    return page ? withId(page.path, id) : undefined;
  }
  const show = byKey(renderOf(route)?.showRoute);
  if (target.page === 'document') {
    const document = byKey(show && renderOf(show)?.documentRoute);
    return document ? withId(document.path, id) : undefined;
  }
  return show ? withId(show.path, id) : `${route.path}/show/${encodeURIComponent(id)}`;
}

/** What a stored record link opens: its resource, id and page (a show route's `?id=`, its text page's `?id=`, or `<list>/show/<id>`). */
export interface LinkedRecord {
  resource: string;
  id: string;
  page: 'show' | 'document';
}

/**
 * The record a console link opens, read against `routes` (every route the link may have been
 * made for: recordRoutes without a variant): `/contract/details?id=X` -> contracts X (show),
 * `/contract/detailspact?id=X` -> contracts X (document), `/payment/flows/show/X` -> accountFlows X.
 * Undefined for a page that opens no record (/businessAuthentication) or a path no route has.
 */
export function linkedRecord(routes: readonly ResolvedRoute[], link: string): LinkedRecord | undefined {
  const [beforeHash] = link.split('#');
  const [path, query = ''] = beforeHash.split('?');
  const id = new URLSearchParams(query).get('id');
  const route = routes.find((r) => r.path === path);
  if (route && id) {
    const render = renderOf(route);
    if (render?.view === 'show') return { resource: render.resource, id, page: 'show' };
    const show = routes.find((r) => renderOf(r)?.view === 'show' && renderOf(r)?.documentRoute === route.key);
    if (show) return { resource: renderOf(show)!.resource, id, page: 'document' };
    return undefined;
  }
  const match = /^(.*)\/show\/([^/]+)$/.exec(path);
  const list = match ? routes.find((r) => r.path === match[1]) : undefined;
  const render = list && renderOf(list);
  return render && !render.view ? { resource: render.resource, id: decodeURIComponent(match![2]), page: 'show' } : undefined;
}

/** Whether `link` opens a page of `routes` (a variant's): its path is a route, or `<list>/show/<id>` of a listing route. */
export function opensIn(routes: readonly ResolvedRoute[], link: string): boolean {
  const path = link.split('#')[0].split('?')[0];
  if (routes.some((r) => r.path === path)) return true;
  const match = /^(.*)\/show\/[^/]+$/.exec(path);
  return !!match && routes.some((r) => r.path === match[1] && !!renderOf(r) && !renderOf(r)!.view);
}

/**
 * A link the server stored (made over every route) as a reader of a variant opens it: unchanged
 * when `variantRoutes` has its page; else, for a record link, the page of the same record that
 * the variant has (recordConsolePath over its routes, with the record's facts when known); else
 * undefined (a page the variant removed: no link rather than a dead one).
 */
export function linkInVariant(
  everyRoute: readonly ResolvedRoute[],
  variantRoutes: readonly ResolvedRoute[],
  link: string,
  record?: RecordFacts,
  viewer?: RecordViewer,
): string | undefined {
  if (opensIn(variantRoutes, link)) return link;
  const target = linkedRecord(everyRoute, link);
  return target ? recordConsolePath(variantRoutes, { ...target, record, viewer }) : undefined;
}
