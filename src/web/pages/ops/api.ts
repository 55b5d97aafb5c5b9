import type { NoticeView, Page } from '../../../shared/api';
import { http } from '../../providers/http';

// SPEC §7 Notices, the ops side: publish, edit and delete announcements per platform.

/** A notice as the ops list answers it (src/shared/api.ts), without the reader's read flag. */
export type ManagedNotice = Omit<NoticeView, 'read'>;

export interface NoticeInput {
  noticeTitle: string;
  /** HTML; the server sanitizes it on write. */
  noticeContent: string;
  platforms: string[];
}

export const listNotices = (pageNo: number, pageSize: number) => http.post<Page<ManagedNotice>>('/system/notice/list', { pageNo, pageSize });
export const createNotice = (input: NoticeInput) => http.post<ManagedNotice>('/system/notice', input, { silent: true });
export const updateNotice = (id: string, input: NoticeInput) => http.put<ManagedNotice>(`/system/notice/${encodeURIComponent(id)}`, input, { silent: true });
export const deleteNotice = (id: string) => http.delete<null>(`/system/notice/${encodeURIComponent(id)}`);
