import { useInvalidate, useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { MessageView } from '../../shared/api';
import { SYSTEM, useSystemCall } from '../refine/systemData';

// SPEC §7 Messages: the caller's own messages, through refine's `system` data provider (the
// `messages` list, and its custom calls for the detail and the writes).

/** A message as the server answers it (src/shared/api.ts). */
export type Message = MessageView;

/** One page of messages (POST /api/system/message/list, `read: false` for unread only); the previous page stays shown while the next loads. */
export function useMessages(query: { pageNo: number; pageSize: number; unreadOnly: boolean }) {
  const { query: list, result } = useList<Message>({
    resource: 'messages',
    dataProviderName: SYSTEM,
    pagination: { currentPage: query.pageNo, pageSize: query.pageSize },
    filters: query.unreadOnly ? [{ field: 'read', operator: 'eq', value: false }] : [],
    queryOptions: { retry: false, placeholderData: (previous) => previous },
  });
  return { records: result.data, total: result.total ?? 0, loading: list.isFetching };
}

/** The detail (reading a message marks it read), the writes, and reading the list again after them. */
export function useMessageActions() {
  const call = useSystemCall();
  const invalidate = useInvalidate();
  return useMemo(
    () => ({
      detail: (id: string) => call<Message>('get', '/system/message/detail', { query: { id } }),
      readAll: () => call<null>('get', '/system/message/readall'),
      batchRead: (ids: string[]) => call<null>('post', '/system/message/batchRead', { payload: { ids } }),
      batchDelete: (ids: string[]) => call<null>('post', '/system/message/batchDelete', { payload: { ids } }),
      refreshList: () => void invalidate({ resource: 'messages', dataProviderName: SYSTEM, invalidates: ['list'] }),
    }),
    [call, invalidate],
  );
}
