import type { AnyReceiptView, EventRecordReceipt, RecordReceipt } from '../../shared/receipts';
import { useSystemQuery } from '../refine/systemData';

// Receipts (issue 8) through refine's `system` provider: GET /api/receipts/:id (a transfer's or a recorded step's) and the
// receipts of a record. Errors are shown by the pages themselves (silent). The public
// verification (no sign-in, no refine) is providers/publicApi.ts.

export const useReceipt = (transferId: string | null | undefined, template: string | undefined) =>
  useSystemQuery<AnyReceiptView>(`/receipts/${encodeURIComponent(transferId ?? '')}`, {
    query: { template },
    silent: true,
    retry: false,
    enabled: Boolean(transferId && template),
  });

/** Keyed by the record's version when given: a money action that moved the record adds its receipt. */
export const useRecordReceipts = (resource: string, id: string, version?: number | string) =>
  useSystemQuery<(RecordReceipt | EventRecordReceipt)[]>('/receipts', { query: { resource, id }, silent: true, retry: false, enabled: Boolean(id), cacheKey: version });
