import { useCustom, useDataProvider, type BaseRecord, type CustomParams, type HttpError } from '@refinedev/core';
import { useQueryClient, type Query as CachedQuery, type QueryObserverResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Query } from '../providers/http';

// The console's calls to the endpoints that are not resources, through refine's named `system`
// DataProvider (providers/systemDataProvider.ts): reads with useCustom (refine's cache), calls
// that change something with the provider's `custom`, and the cache of a read refreshed or
// written by its path. Pages use these (or useList/useTable with `dataProviderName: 'system'`),
// never the HTTP client or react-query.

export const SYSTEM = 'system';

export interface SystemReadOptions<T> {
  enabled?: boolean;
  retry?: boolean | number;
  staleTime?: number;
  refetchOnWindowFocus?: boolean;
  /** Milliseconds between reads while the page stays open, from the last answer; false: no polling. */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
  query?: Query;
  /** A POST read (SPEC §7 lists some reads as POST) sends its parameters as this body. */
  payload?: unknown;
  method?: 'get' | 'post';
  /** The page shows the error itself: no notification. */
  silent?: boolean;
  /** Part of the cache key only (never sent): a new value reads again (a record's version). */
  cacheKey?: string | number;
}

/** A read of `url` (under /api) kept in refine's cache; `data` is the envelope's data. */
export function useSystemQuery<T>(url: string, options: SystemReadOptions<T> = {}) {
  const { query: params, payload, method = 'get', silent, cacheKey, refetchInterval, ...queryOptions } = options;
  const { query } = useCustom<BaseRecord>({
    url,
    method,
    config: { query: params, payload },
    meta: silent || cacheKey !== undefined ? { silent: silent === true, ...(cacheKey === undefined ? {} : { cacheKey }) } : undefined,
    dataProviderName: SYSTEM,
    queryOptions: {
      ...queryOptions,
      ...(refetchInterval === undefined
        ? {}
        : { refetchInterval: typeof refetchInterval === 'function' ? (q) => refetchInterval(q.state.data?.data as T | undefined) : refetchInterval }),
    },
  });
  return unwrapped<T>(query);
}

/** refine's query with `data` the envelope's data, keeping react-query's narrowing (isSuccess -> data). */
export function unwrapped<T>(query: QueryObserverResult<{ data: unknown }, HttpError>): QueryObserverResult<T, HttpError> {
  return { ...query, data: query.data?.data } as QueryObserverResult<T, HttpError>;
}

export interface SystemCallOptions {
  query?: Query;
  payload?: unknown;
  headers?: Record<string, string>;
  silent?: boolean;
  /** The intent's Idempotency-Key (a POST without one gets a fresh one). */
  idempotencyKey?: string;
}

/** Calls that change something (or read on demand): the `system` provider's custom, answering the envelope's data. */
export function useSystemCall() {
  const provider = useDataProvider()(SYSTEM);
  return useCallback(
    async <T = unknown>(method: CustomParams['method'], url: string, options: SystemCallOptions = {}): Promise<T> => {
      const { query, payload, headers, silent, idempotencyKey } = options;
      const answer = await provider.custom!<BaseRecord>({
        url,
        method,
        query,
        payload: payload as object,
        headers,
        meta: { silent: silent === true, ...(idempotencyKey ? { idempotencyKey } : {}) },
      });
      return answer.data as T;
    },
    [provider],
  );
}

const isSystemRead = (url: string) => (query: CachedQuery) => {
  const [data, provider, kind, params] = query.queryKey as [unknown, unknown, unknown, { url?: string } | undefined];
  return data === 'data' && provider === SYSTEM && kind === 'custom' && params?.url === url;
};

/** The cached reads of a path: refresh them, or write what an answer already told (no request). */
export function useSystemCache() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      refresh: (url: string) => client.invalidateQueries({ predicate: isSystemRead(url) }),
      write: <T>(url: string, data: T) => client.setQueriesData({ predicate: isSystemRead(url) }, (old: unknown) => (old === undefined ? old : { data })),
    }),
    [client],
  );
}
