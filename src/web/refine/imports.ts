import { useCallback, useMemo } from 'react';
import type { ImportAnswer, ImportFormat, ImportPreview } from '../../shared/resources/import';
import { resourcePath } from '../providers/dataProvider';
import { download, request } from '../providers/http';

// Importing a spreadsheet into a resource (src/server/resources/import/): the template's
// download, the preview and the import, over the HTTP client with its token and error rules.
// The dialog (src/web/resources/import/) calls these, never the client.

/** Reading and checking a thousand rows takes longer than an ordinary call. */
const IMPORT_TIMEOUT_MS = 120_000;

const fileForm = (file: Blob, name: string, token?: string) => {
  const form = new FormData();
  form.append('file', file, name);
  if (token) form.append('token', token);
  return form;
};

export function useImportCalls(resource: string) {
  const base = `${resourcePath(resource)}/import`;
  const template = useCallback((format: ImportFormat) => download(`${base}/template`, { query: { format } }), [base]);
  /** Each row read and checked; nothing is written. A refused file (its format, size, header) rejects with the server's message shown. */
  const preview = useCallback((file: File) => request<ImportPreview>(`${base}/preview`, { method: 'POST', body: fileForm(file, file.name), timeoutMs: IMPORT_TIMEOUT_MS }), [base]);
  /** The valid rows written, under `key` (a retry of the same file answers the same results). */
  const run = useCallback(
    (file: File, token: string, key: string) =>
      request<ImportAnswer>(base, { method: 'POST', body: fileForm(file, file.name, token), headers: { 'Idempotency-Key': key }, timeoutMs: IMPORT_TIMEOUT_MS }),
    [base],
  );
  return useMemo(() => ({ template, preview, run }), [template, preview, run]);
}
