import type { MessageView, Page } from '../../../shared/api';
import { http } from '../../providers/http';

// SPEC §7 Messages: the caller's own messages.

/** A message as the server answers it (src/shared/api.ts). */
export type Message = MessageView;

export const listMessages = (query: { pageNo: number; pageSize: number; unreadOnly: boolean }) =>
  http.post<Page<Message>>('/system/message/list', {
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    ...(query.unreadOnly ? { read: false } : {}),
  });

/** Reading a message marks it read. */
export const messageDetail = (id: string) => http.get<Message>('/system/message/detail', { query: { id } });
export const readAll = () => http.get<null>('/system/message/readall');
export const batchRead = (ids: string[]) => http.post<null>('/system/message/batchRead', { ids });
export const batchDelete = (ids: string[]) => http.post<null>('/system/message/batchDelete', { ids });
