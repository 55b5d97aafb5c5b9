import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { SYSTEM } from './systemData';

// useSystemCache().write for an answer that tells part of a read: the cached reads of `url`
// (the `system` provider's custom reads, keyed like useSystemQuery's) are changed by `change`
// without a request. Reads not in the cache stay unread.

const isSystemRead = (url: string) => (query: Query) => {
  const [data, provider, kind, params] = query.queryKey as [unknown, unknown, unknown, { url?: string } | undefined];
  return data === 'data' && provider === SYSTEM && kind === 'custom' && params?.url === url;
};

export function useSystemCacheUpdate() {
  const client = useQueryClient();
  return useCallback(
    <T>(url: string, change: (data: T) => T) =>
      client.setQueriesData({ predicate: isSystemRead(url) }, (old: { data: T } | undefined) => (old === undefined ? old : { ...old, data: change(old.data) })),
    [client],
  );
}
