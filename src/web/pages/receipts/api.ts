import type { PublicReceiptView, ReceiptView, RecordReceipt } from '../../../shared/receipts';
import { http } from '../../providers/http';

// Receipts (issue 8): GET /api/receipts/:transferId, the receipts of a record, and the public
// verification (no sign-in). Errors are shown by the pages themselves (silent).

export const getReceipt = (transferId: string, template: string) =>
  http.get<ReceiptView>(`/receipts/${encodeURIComponent(transferId)}`, { query: { template }, silent: true });

export const getRecordReceipts = (resource: string, id: string) => http.get<RecordReceipt[]>('/receipts', { query: { resource, id }, silent: true });

export const verifyReceipt = (transferId: string, template: string | null) =>
  http.get<PublicReceiptView>(`/public/receipts/${encodeURIComponent(transferId)}`, { query: template ? { template } : undefined, silent: true });

export const receiptKey = (...parts: (string | null | undefined)[]) => ['lsf', 'receipts', ...parts] as const;
