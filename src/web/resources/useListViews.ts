import { useCallback } from 'react';
import type { ColumnPreference, ListView, ListViewState } from '../../shared/resources/listViews';
import { useSystemCache, useSystemCall, useSystemQuery } from '../refine/systemData';

// A list's saved views and the user's columns of it, kept on the server (GET /api/list-views),
// read through refine's `system` provider into its cache; a change answers what is now true and
// the cached read is read again.

const VIEWS_URL = '/list-views';

export interface ListViewsAnswer {
  views: ListView[];
  columns: ColumnPreference | null;
}

export interface ViewInput extends ListViewState {
  name: string;
  shared?: boolean;
  isDefault?: boolean;
}

export function useListViews(resource: string) {
  const query = useSystemQuery<ListViewsAnswer>(VIEWS_URL, { query: { resource }, silent: true, staleTime: 60_000, retry: false });
  const call = useSystemCall();
  const cache = useSystemCache();
  const refresh = useCallback(() => cache.refresh(VIEWS_URL), [cache]);

  const save = useCallback(
    async (input: ViewInput, id?: string) => {
      const view = id
        ? await call<ListView>('put', `${VIEWS_URL}/${encodeURIComponent(id)}`, { payload: input, silent: true })
        : await call<ListView>('post', VIEWS_URL, { payload: { resource, ...input }, silent: true });
      await refresh();
      return view;
    },
    [call, refresh, resource],
  );
  const remove = useCallback(
    async (id: string) => {
      await call('delete', `${VIEWS_URL}/${encodeURIComponent(id)}`);
      await refresh();
    },
    [call, refresh],
  );
  const saveColumns = useCallback(
    async (preference: ColumnPreference) => {
      await call('put', `${VIEWS_URL}/columns/${encodeURIComponent(resource)}`, { payload: preference });
      await refresh();
    },
    [call, refresh, resource],
  );
  const resetColumns = useCallback(async () => {
    await call('delete', `${VIEWS_URL}/columns/${encodeURIComponent(resource)}`);
    await refresh();
  }, [call, refresh, resource]);

  return { views: query.data?.views ?? [], columns: query.data?.columns ?? null, loaded: query.isSuccess || query.isError, save, remove, saveColumns, resetColumns };
}
