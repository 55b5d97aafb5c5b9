import type { CrudFilter, CrudSort } from '@refinedev/core';
import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES, sortableFieldsOf } from '../../shared/resources/listViews';
import { isOpsQueue, opsPendingQuery } from '../../shared/resources/opsQueue';
import type { ResourceDefinition } from '../../shared/resources/types';

// A list page's state lives in its URL, in the API's own parameter names (pageNo, pageSize,
// sort, one parameter per declared filter), so a reload, a shared link or "back" from a record
// shows the same page, and the export asks for exactly what the table shows. The columns shown
// (`columns=a,b`) and the saved view opened (`view=`) are in it too. Filter values keep the one
// shape the API takes ('text', 'a,b', 'from,to') all the way: the server alone parses them.

export const PAGE_SIZES = LIST_PAGE_SIZES;
export const DEFAULT_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE;

export interface ListState {
  pageNo: number;
  pageSize: number;
  /** `field` or `-field`, one of the sortable fields. */
  sort: string;
  /** Filter parameters as the API takes them: 'text', 'a,b', 'from,to'. */
  filters: Record<string, string>;
  /** `mine`, `market` (resources with visibility.market) or a party role fixed by the route (`buyer`). */
  scope: string;
  /** The columns the URL names (a shared link, a view opened), in order; null: the user's own or the resource's. */
  columns?: string[] | null;
  /** The saved view opened (its id, or `builtin:<key>`); null when none is. */
  view?: string | null;
}

type Listed = Pick<ResourceDefinition, 'list'> & Partial<Pick<ResourceDefinition, 'visibility' | 'parties'>>;

export const sortableFields = (definition: Listed): Set<string> => sortableFieldsOf(definition);

/** The URL's columns: names separated by commas, kept only when each is one the list may show. */
function urlColumns(raw: string | null, choosable: readonly string[] | undefined): string[] | null {
  if (!raw || !choosable) return null;
  const columns = raw.split(',').filter(Boolean);
  return columns.length && new Set(columns).size === columns.length && columns.every((c) => choosable.includes(c)) ? columns : null;
}

const positiveInt = (raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= max ? n : fallback;
};

/**
 * `fixedScope`: the route's render.scope, which the URL cannot change. `defaults`: filters the
 * page opens with (an operations queue: its pending states) while the URL names none; an empty
 * parameter (`?state=`) is the user's "all" instead.
 */
export function readListState(definition: Listed, params: URLSearchParams, fixedScope?: string, defaults: Record<string, string> = {}, scopes: readonly string[] = [], choosable?: readonly string[]): ListState {
  const sort = params.get('sort') ?? '';
  const filters: Record<string, string> = {};
  for (const { field } of definition.list.filters) {
    const value = params.has(field) ? params.get(field)?.trim() : defaults[field];
    if (value) filters[field] = value;
  }
  const pageSize = positiveInt(params.get('pageSize'), DEFAULT_PAGE_SIZE, 100);
  return {
    pageNo: positiveInt(params.get('pageNo'), 1),
    pageSize,
    sort: sortableFields(definition).has(sort.replace(/^-/, '')) ? sort : definition.list.defaultSort,
    filters,
    scope: fixedScope ?? urlScope(definition, params.get('scope'), scopes),
    columns: urlColumns(params.get('columns'), choosable),
    view: params.get('view') || null,
  };
}

/** The URL's scope: the market (a resource with one) or a party role the route offers (render.scopes), else the caller's own. */
function urlScope(definition: Listed, scope: string | null, scopes: readonly string[]): string {
  if (scope === 'market' && definition.visibility?.market) return 'market';
  return scope && scopes.includes(scope) ? scope : 'mine';
}

/** The URL query of a state; defaults are left out so a plain list has a plain URL (a default filter cleared is `field=`). */
export function listStateParams(definition: Listed, state: ListState, defaults: Record<string, string> = {}, scopes: readonly string[] = []): URLSearchParams {
  const params = new URLSearchParams();
  for (const { field } of definition.list.filters) {
    const value = state.filters[field] ?? '';
    if (value !== (defaults[field] ?? '')) params.set(field, value);
  }
  if (state.sort !== definition.list.defaultSort) params.set('sort', state.sort);
  if (state.pageNo !== 1) params.set('pageNo', String(state.pageNo));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  if (state.scope === 'market' || scopes.includes(state.scope)) params.set('scope', state.scope);
  if (state.columns?.length) params.set('columns', state.columns.join(','));
  if (state.view) params.set('view', state.view);
  return params;
}

/**
 * The list's parameters as refine filters for the data provider, each passed through as the API
 * names it (`eq` with the value's one shape): the filters, `has`, and the scope when not the caller's own.
 */
export const listParams = (sent: Pick<ListState, 'filters' | 'scope'>): CrudFilter[] => [
  ...Object.entries(sent.filters)
    .filter(([, value]) => value)
    .map(([field, value]): CrudFilter => ({ field, operator: 'eq', value })),
  ...scopeFilters(sent),
];

/**
 * The filters a request sends when the route fixes the states it lists (menu.json render.states):
 * the user's state choice within them, or all of them.
 */
export function withFixedStates(filters: Record<string, string>, fixedStates: readonly string[] | undefined): Record<string, string> {
  if (!fixedStates) return filters;
  const chosen = filters.state ? filters.state.split(',').filter((s) => fixedStates.includes(s)) : [];
  return { ...filters, state: (chosen.length ? chosen : fixedStates).join(',') };
}

/**
 * The filters a request sends when the route fixes enum values it lists (menu.json render.filter,
 * e.g. the mutual-promise contracts): the user's choice within them, or all of them.
 */
export function withFixedFilters(filters: Record<string, string>, fixed: Readonly<Record<string, readonly string[]>> | undefined): Record<string, string> {
  const sent = { ...filters };
  for (const [field, values] of Object.entries(fixed ?? {})) {
    const chosen = sent[field] ? sent[field].split(',').filter((v) => values.includes(v)) : [];
    sent[field] = (chosen.length ? chosen : values).join(',');
  }
  return sent;
}

/** The filters a request sends when the route lists only records with some fields set (menu.json render.has): `has=a,b`. */
export function withPresent(filters: Record<string, string>, has: readonly string[] | undefined): Record<string, string> {
  return has?.length ? { ...filters, has: has.join(',') } : filters;
}

/** The filters an operations queue (render.scope ops) opens with: the states operations act in (src/shared/resources/opsQueue.ts). */
export function queueDefaults(definition: Pick<ResourceDefinition, 'actions'>, render: Parameters<typeof opsPendingQuery>[1] & { scope?: string }): Record<string, string> {
  if (!isOpsQueue(render)) return {};
  const state = opsPendingQuery(definition, render)?.state;
  return state ? { state } : {};
}

/** The list's scope as a refine filter (`scope=market`); the server's default is the caller's own. */
export const scopeFilters = (state: Pick<ListState, 'scope'>): CrudFilter[] => (state.scope === 'mine' ? [] : [{ field: 'scope', operator: 'eq', value: state.scope }]);

export const crudSorters = (sort: string): CrudSort[] =>
  sort.split(',').filter(Boolean).map((part) => ({ field: part.replace(/^-/, ''), order: part.startsWith('-') ? 'desc' : 'asc' }));

/** The list's query as the API takes it, without paging: its filters, sort and scope (a selection of "all matching"). */
export const selectionQuery = (state: Pick<ListState, 'sort' | 'filters' | 'scope'>): Record<string, string> => ({
  sort: state.sort,
  ...state.filters,
  ...(state.scope === 'mine' ? {} : { scope: state.scope }),
});

/** The export's query: the list's filters and sort, no paging. */
export const exportQuery = (state: ListState, format: 'csv' | 'xlsx'): Record<string, string> => ({ format, ...selectionQuery(state) });
