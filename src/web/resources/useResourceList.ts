import { useTable } from '@refinedev/antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { choosableColumns, type ColumnPreference, type ListView } from '../../shared/resources/listViews';
import type { ResourceDefinition, ResourceRecord } from '../../shared/resources/types';
import { crudSorters, listParams, listStateParams, queueDefaults, readListState, withFixedFilters, withFixedStates, withPresent, type ListState } from './listQuery';
import { useListViews } from './useListViews';

/** What a list route fixes (menu.json render): see ResourceList's props. */
export interface ListRoute {
  scope?: string;
  states?: string[];
  filter?: Record<string, string[]>;
  has?: string[];
  scopes?: string[];
}

const NO_SCOPES: string[] = [];

/**
 * The headless list controller (issue 32): the list's state with the URL as its only owner
 * (filters, sort, page, page size, columns, the view opened), the request it makes (refine's
 * useTable, fed the API's own parameters, which the server alone parses), the saved views and the
 * user's columns (kept on the server), and what changes them: each change is a new URL.
 * ResourceList is its view.
 */
export function useResourceList(full: ResourceDefinition, route: ListRoute) {
  const { scope: fixedScope, states: fixedStates, filter: fixedFilter, has, scopes = NO_SCOPES } = route;
  // A route listing some states (or enum values) offers only those in its filter.
  const definition = useMemo(() => {
    let narrowed = fixedStates && full.states ? { ...full, states: { ...full.states, values: full.states.values.filter((s) => fixedStates.includes(s)) } } : full;
    for (const [field, values] of Object.entries(fixedFilter ?? {})) {
      const property = narrowed.record.properties[field];
      if (!property?.enum) continue;
      const properties = { ...narrowed.record.properties, [field]: { ...property, enum: property.enum.filter((v) => values.includes(String(v))) } };
      narrowed = { ...narrowed, record: { ...narrowed.record, properties } };
    }
    return narrowed;
  }, [full, fixedStates, fixedFilter]);
  const choosable = useMemo(() => choosableColumns(definition), [definition]);
  const [params, setParams] = useSearchParams();
  // An operations queue opens on what is pending there (issue 17); the user may clear it.
  const defaults = useMemo(() => queueDefaults(full, { resource: full.name, scope: fixedScope, states: fixedStates, has }), [full, fixedScope, fixedStates, has]);
  const state = useMemo(() => readListState(definition, params, fixedScope, defaults, scopes, choosable), [definition, params, fixedScope, defaults, scopes, choosable]);
  const write = (next: ListState, replace = false) => setParams(listStateParams(definition, next, defaults, scopes), { replace });
  /** A change of the list: a new URL, the page back to 1 unless the change is the page. */
  const setState = (patch: Partial<ListState>) => write({ ...state, ...patch });

  // What the request sends: the user's filters within what the route fixes.
  const sent = useMemo(() => ({ ...state, filters: withPresent(withFixedFilters(withFixedStates(state.filters, fixedStates), fixedFilter), has) }), [state, fixedStates, fixedFilter, has]);
  const filters = useMemo(() => listParams(sent), [sent]);
  const sorters = useMemo(() => crudSorters(state.sort), [state.sort]);

  const table = useTable<ResourceRecord>({
    resource: definition.name,
    syncWithLocation: false,
    pagination: { currentPage: state.pageNo, pageSize: state.pageSize, mode: 'server' },
    filters: { initial: filters, defaultBehavior: 'replace' },
    sorters: { initial: sorters },
    // The page shows its own error state; a toast on top would say it twice.
    meta: { silent: true },
    // The rows shown stay while the next page loads (react-query's keepPreviousData).
    queryOptions: { placeholderData: (previous) => previous, retry: false },
  });
  // The URL leads (a link, "back", a reload) and useTable's own state follows it in the same
  // render: refine folds the URL's query into the request's meta, so a state lagging one render
  // behind would send one request with the new meta and the old filters.
  const [followed, setFollowed] = useState(state);
  if (followed !== state) {
    setFollowed(state);
    table.setCurrentPage(state.pageNo);
    table.setPageSize(state.pageSize);
    table.setFilters(filters, 'replace');
    table.setSorters(sorters);
  }

  const saved = useListViews(definition.name);
  // A change of the columns shows at once, while the server keeps it (then its answer is read).
  const [changing, setChanging] = useState<ColumnPreference | null>(null);
  const preference = changing ?? saved.columns;
  // Columns: the URL's (a shared link, a view), else the user's kept ones, else the resource file's.
  const keptColumns = preference?.columns.filter((c) => choosable.includes(c));
  const columns = state.columns ?? (keptColumns?.length ? keptColumns : definition.list.columns);
  const widths = preference?.widths ?? {};
  const keepColumns = async (next: ColumnPreference | null, work: () => Promise<void>) => {
    setChanging(next ?? { columns: definition.list.columns, widths: {} });
    if (state.columns) setState({ columns: null });
    try {
      await work();
    } finally {
      setChanging(null);
    }
  };

  /** Opens a view: its state becomes the URL (so the link says it all), on page 1. */
  const openView = (view: ListView, replace = false) =>
    write(
      {
        ...state,
        filters: Object.fromEntries(Object.entries(view.filters).filter(([field]) => definition.list.filters.some((f) => f.field === field))),
        sort: view.sort ?? definition.list.defaultSort,
        pageSize: view.pageSize ?? state.pageSize,
        columns: view.columns ?? null,
        pageNo: 1,
        view: view.id,
      },
      replace,
    );

  // A plain list (nothing in its URL) opens on the user's default view, once.
  const [defaultChecked, setDefaultChecked] = useState(false);
  useEffect(() => {
    if (defaultChecked || !saved.loaded) return;
    setDefaultChecked(true);
    const preferred = saved.views.find((v) => v.isDefault);
    if (preferred && params.size === 0) openView(preferred, true);
    // Only on the first answer: later changes of the views never move the user's list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.loaded]);

  const view = state.view ? saved.views.find((v) => v.id === state.view) : undefined;

  return {
    definition,
    state,
    setState,
    /** The list's state as the request sends it (with the route's fixed filters): what export asks for. */
    sent,
    table,
    /** The columns shown, in order, and the widths the user set. */
    columns,
    widths,
    choosable,
    views: saved,
    view,
    openView,
    /** Sets the columns shown for this user (kept on the server) and takes them out of the URL. */
    setColumns: (next: string[], nextWidths: Record<string, number> = widths) => {
      const preferenceNext = { columns: next, widths: Object.fromEntries(Object.entries(nextWidths).filter(([c]) => next.includes(c))) };
      return keepColumns(preferenceNext, () => saved.saveColumns(preferenceNext));
    },
    /** Back to the resource file's columns: the user's kept ones are forgotten. */
    resetColumns: () => keepColumns(null, saved.resetColumns),
  };
}

export type ResourceListController = ReturnType<typeof useResourceList>;
