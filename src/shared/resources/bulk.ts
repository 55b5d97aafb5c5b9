// What POST /api/r/:resource/bulk/actions/:action answers (src/server/resources/bulk.ts): a result
// per selected record, read by the console's results table (src/web/resources/BulkBar.tsx).
import type { ResourceRecord } from './types';

export interface BulkResult {
  id: string;
  status: 'done' | 'refused';
  /** Why a record was refused, in the caller's language. */
  reason?: string;
  /** The HTTP code the action alone would have answered (403 not the caller's, 409 its state, 400 its input). */
  code?: number;
  /** The record after the action (done), or as it is (refused, when the caller may read it). */
  record?: ResourceRecord;
}

export interface BulkAnswer {
  action: string;
  total: number;
  done: number;
  refused: number;
  results: BulkResult[];
}
