import { useOne, useResourceParams, type BaseRecord } from '@refinedev/core';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useCallback } from 'react';
import { unwrapped } from './systemData';

// A resource record in refine's cache (the default DataProvider: one record from /api/rest, lists from /api/r). The answer of an
// action is the record as it now is (with its history, like GET): it is written into the
// cached reads of that record and into the lists showing it, so neither the page the user is
// on nor the result step it goes on to asks for it again.

/** How a page reads one record (the key refine caches it under includes this meta). */
const READ_META = { silent: true };

/** How long a record the last answer told stays fresh for a page opened next (a result step). */
export const TOLD_FRESH_MS = 60_000;

type Key = readonly unknown[];
const isDefaultData = (key: Key) => key[0] === 'data' && key[1] === 'default';
const isOneOf = (id: string) => (query: Query) => isDefaultData(query.queryKey) && query.queryKey[3] === 'one' && query.queryKey[4] === id;
const isList = (query: Query) => isDefaultData(query.queryKey) && query.queryKey[3] === 'list';

/** One record of a resource, read silently (the page shows the error), fresh while the last answer is. */
export function useRecord<T extends BaseRecord>(resource: string, id: string | undefined, options: { enabled?: boolean } = {}) {
  const { query } = useOne<T>({
    resource,
    id: id ?? '',
    meta: READ_META,
    queryOptions: { retry: false, staleTime: TOLD_FRESH_MS, enabled: Boolean(id) && options.enabled !== false },
  });
  return unwrapped<T>(query);
}

/** Writes a record an answer told into refine's cache: its reads, the read a next page makes, the lists' rows. */
export function useWriteRecord() {
  const client = useQueryClient();
  const { select } = useResourceParams();
  return useCallback(
    (resource: string, record: BaseRecord & { id: string }) => {
      const id = String(record.id);
      client.setQueriesData({ predicate: isOneOf(id) }, (old: { data: BaseRecord } | undefined) => (old ? { ...old, data: record } : old));
      const identifier = select(resource).identifier ?? resource;
      client.setQueryData(['data', 'default', identifier, 'one', id, READ_META], { data: record });
      client.setQueriesData({ predicate: isList }, (old: { data: BaseRecord[] } | undefined) =>
        old?.data.some((row) => String(row.id) === id) ? { ...old, data: old.data.map((row) => (String(row.id) === id ? { ...row, ...record } : row)) } : old,
      );
      // Which lists the record now belongs to (a filter on its state) and their totals the answer
      // does not tell: they are read again when next shown, not now.
      void client.invalidateQueries({ predicate: (query) => isList(query) && query.queryKey[2] === identifier, refetchType: 'none' });
    },
    [client, select],
  );
}
