import { keys, useDataProvider, type BaseRecord } from '@refinedev/core';
import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { FileView } from '../../shared/api';
import { download, upload, type RequestOptions, type UploadOptions } from '../providers/http';
import { SYSTEM, useSystemQuery } from './systemData';

// Files in the console: the uploaded files' views (GET /api/files/:id) read through the `system`
// provider into refine's cache, and the two transfers no DataProvider method carries (an upload
// with progress, a download answered as a Blob), over the HTTP client with its token and error
// rules. Pages and widgets use these, never the HTTP client.

export type { FileView };

/** The signed URLs expire after 10 minutes: read again well before. */
export const FILE_URL_STALE_MS = 5 * 60_000;

const fileUrl = (id: string) => `/files/${encodeURIComponent(id)}`;
const FILE_READ = { silent: true, staleTime: FILE_URL_STALE_MS, retry: false } as const;

/** One uploaded file's view, silently (the caller shows the id instead). */
export const useFileView = (id: string) => useSystemQuery<FileView>(fileUrl(id), FILE_READ);

const loadedViews = (results: { data?: { data: unknown } }[]): FileView[] => results.flatMap((result) => (result.data ? [result.data.data as FileView] : []));

/** The views of several files (an upload field's saved files) that have loaded, in the cache useFileView reads. */
export function useFileViews(ids: readonly string[]): FileView[] {
  const { custom } = useDataProvider()(SYSTEM);
  return useQueries({
    queries: ids.map((id) => ({
      // useSystemQuery's key and answer for the same read: the show page and the form share it.
      queryKey: keys().data(SYSTEM).mutation('custom').params({ method: 'get', url: fileUrl(id), silent: true }).get(),
      queryFn: () => custom!<BaseRecord>({ url: fileUrl(id), method: 'get', meta: { silent: true } }),
      staleTime: FILE_URL_STALE_MS,
      retry: false,
    })),
    combine: loadedViews,
  });
}

/** POST /api/files (multipart field `file`) with progress; answers the uploaded file's view. */
export function useUploadFile() {
  return useCallback((file: Blob, options: UploadOptions = {}) => {
    const form = new FormData();
    form.append('file', file);
    return upload<FileView>('/files', form, options);
  }, []);
}

/** A file the server answers as a body (exports), fetched with the user's token; errors as request()'s. */
export function useDownload() {
  return useCallback((path: string, options: Omit<RequestOptions, 'body'> = {}) => download(path, options), []);
}
