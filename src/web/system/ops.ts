import { useInvalidate, useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { NoticeView } from '../../shared/api';
import { SYSTEM, useSystemCall } from '../refine/systemData';

// SPEC §7 Notices, the ops side: publish, edit and delete announcements per platform, through
// refine's `system` data provider (the `notices` list, and its custom calls for writes).

/** A notice as the ops list answers it (src/shared/api.ts), without the reader's read flag. */
export type ManagedNotice = Omit<NoticeView, 'read'>;

export interface NoticeInput {
  noticeTitle: string;
  /** HTML; the server sanitizes it on write. */
  noticeContent: string;
  platforms: string[];
}

/** One page of the notices (POST /api/system/notice/list); the previous page stays shown while the next loads. */
export function useNotices(pageNo: number, pageSize: number) {
  const { query, result } = useList<ManagedNotice>({
    resource: 'notices',
    dataProviderName: SYSTEM,
    pagination: { currentPage: pageNo, pageSize },
    queryOptions: { retry: false, placeholderData: (previous) => previous },
  });
  return { records: result.data, total: result.total ?? 0, loading: query.isFetching };
}

const noticePath = (id: string) => `/system/notice/${encodeURIComponent(id)}`;

/** Publish, edit (their errors are shown by the form) and delete; each reads the list again. */
export function useNoticeActions() {
  const call = useSystemCall();
  const invalidate = useInvalidate();
  return useMemo(() => {
    const changed = () => invalidate({ resource: 'notices', dataProviderName: SYSTEM, invalidates: ['list'] });
    return {
      create: async (input: NoticeInput) => {
        await call<ManagedNotice>('post', '/system/notice', { payload: input, silent: true });
        void changed();
      },
      update: async (id: string, input: NoticeInput) => {
        await call<ManagedNotice>('put', noticePath(id), { payload: input, silent: true });
        void changed();
      },
      remove: async (id: string) => {
        await call<null>('delete', noticePath(id));
        void changed();
      },
    };
  }, [call, invalidate]);
}
