// Saved views and column preferences of a list (issue 32), checked the same way by the server
// (src/server/domains/listViews) and the console (src/web/resources): a view names only the
// filters and columns its resource declares, a sort it allows and a page size the list offers.
import type { ResourceDefinition } from './types';

/** The page sizes a list offers; a view's page size is one of them. */
export const LIST_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_LIST_PAGE_SIZE = 10;
/** A filter value as the API takes it ('text', 'a,b', 'from,to'): never longer. */
const MAX_FILTER_LENGTH = 200;
export const MAX_VIEW_NAME = 40;
/** The narrowest and widest a column may be set (px). */
export const COLUMN_WIDTH = { min: 60, max: 800 } as const;

/** What a view keeps of a list: the API's list parameters (filters, sort, page size) and the columns shown. */
export interface ListViewState {
  /** Declared filter -> its value as the API takes it. */
  filters: Record<string, string>;
  /** `field` or `-field`; absent, the resource's default. */
  sort?: string;
  /** Shown columns in order; absent, the user's columns (or the resource's). */
  columns?: string[];
  pageSize?: number;
}

/** A view as GET /api/list-views answers it: a user's (`mine` when the caller's) or one the resource file declares (`builtIn`). */
export interface ListView extends ListViewState {
  /** A uuid, or `builtin:<key>` for a declared view. */
  id: string;
  resource: string;
  name: string;
  shared: boolean;
  isDefault: boolean;
  mine: boolean;
  builtIn: boolean;
  /** The owner's name, for a view another user shared. */
  ownerName?: string;
}

/** A built-in view (list.views in a resource file): an operations queue, its label `views.<key>` in the labels. */
export interface BuiltInView {
  key: string;
  filters: Record<string, string>;
  sort?: string;
  /** Offered to the callers who may take this action (confirm a deposit: operations). */
  action?: string;
}

/** A user's columns of a list: shown ones in order, and the widths set (px). */
export interface ColumnPreference {
  columns: string[];
  widths: Record<string, number>;
}

type Listed = Pick<ResourceDefinition, 'list' | 'record' | 'states'>;

/** The column kinds a list cell shows on one line; documents, signatures and nested objects stay on the record's page. */
const LISTABLE_TYPES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The columns a user may choose: the declared columns first, then every other scalar field of
 * the record (files, signatures and objects are not list cells), then the record's times.
 */
export function choosableColumns(definition: Listed): string[] {
  const others = Object.entries(definition.record.properties)
    .filter(([name, field]) => LISTABLE_TYPES.has(field.type) && !definition.list.columns.includes(name))
    .map(([name]) => name);
  const system = ['state', 'createdAt', 'updatedAt'].filter((f) => (f !== 'state' || definition.states) && !definition.list.columns.includes(f) && !others.includes(f));
  return [...definition.list.columns, ...others, ...system];
}

export const builtInViewId = (key: string) => `builtin:${key}`;

/** The sortable fields of a list: its declared ones and its default sort's. */
export const sortableFieldsOf = (definition: Pick<ResourceDefinition, 'list'>): Set<string> =>
  new Set([...definition.list.sortable, definition.list.defaultSort.replace(/^-/, '')]);

function enumValuesOf(definition: Listed, field: string): string[] | undefined {
  if (field === 'state') return definition.states?.values;
  return definition.record.properties[field]?.enum?.map(String);
}

/** A message key of the `api` namespace, with its parameters when it names something. */
export type ViewError = string | { key: string; params: Record<string, string> };

/** What is wrong with a column preference's widths: a column not shown, or a width out of range. */
export function columnWidthErrors(columns: readonly string[], widths: Record<string, unknown>): Record<string, ViewError> {
  for (const [column, width] of Object.entries(widths)) {
    if (!columns.includes(column)) return { widths: { key: 'api:viewUnknownColumn', params: { column } } };
    if (typeof width !== 'number' || !Number.isInteger(width) || width < COLUMN_WIDTH.min || width > COLUMN_WIDTH.max) return { [`widths.${column}`]: 'api:columnWidthRange' };
  }
  return {};
}

/**
 * What is wrong with a view's state, by field (`filters.<name>`, `sort`, `columns`, `pageSize`),
 * as message keys of the `api` namespace; empty when it is a state the list can show.
 */
export function listViewStateErrors(definition: Listed, state: Partial<ListViewState>): Record<string, ViewError> {
  const errors: Record<string, ViewError> = {};
  const declared = new Map(definition.list.filters.map((f) => [f.field, f.kind]));
  for (const [name, value] of Object.entries(state.filters ?? {})) {
    const kind = declared.get(name);
    if (!kind) errors[`filters.${name}`] = 'api:viewUnknownFilter';
    else if (typeof value !== 'string' || value.length > MAX_FILTER_LENGTH) errors[`filters.${name}`] = 'api:viewBadFilterValue';
    else if (kind === 'enum' && value && !value.split(',').every((v) => enumValuesOf(definition, name)?.includes(v))) errors[`filters.${name}`] = 'api:viewBadFilterValue';
  }
  if (state.sort !== undefined && !sortableFieldsOf(definition).has(state.sort.replace(/^-/, ''))) errors.sort = 'api:viewBadSort';
  if (state.columns !== undefined) {
    const choosable = new Set(choosableColumns(definition));
    if (!Array.isArray(state.columns) || state.columns.length === 0) errors.columns = 'api:viewNoColumns';
    else if (new Set(state.columns).size !== state.columns.length) errors.columns = 'api:viewColumnTwice';
    else {
      const unknown = state.columns.find((c) => !choosable.has(c));
      if (unknown) errors.columns = { key: 'api:viewUnknownColumn', params: { column: unknown } };
    }
  }
  if (state.pageSize !== undefined && !(LIST_PAGE_SIZES as readonly number[]).includes(state.pageSize)) errors.pageSize = 'api:viewBadPageSize';
  return errors;
}
