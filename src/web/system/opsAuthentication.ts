import { useInvalidate, useList, useOne } from '@refinedev/core';
import { useCallback, useMemo } from 'react';
import { SYSTEM, unwrapped, useSystemCall } from '../refine/systemData';
import type { AuthSubmission, ReviewRecord, ReviewStatus } from './authentication';

// The operations review of authentications through refine's `system` data provider: the queue
// is its `authenticationReviews` list (GET /api/ops/authentications, one entry by id), the
// decisions its custom calls. All silent: the page and the drawer show the errors themselves.

const REVIEWS = 'authenticationReviews';
const SILENT = { silent: true };

/** One page of the queue of a status; the previous page stays shown while the next loads. */
export function useReviewQueue(status: ReviewStatus, paging: { pageNo: number; pageSize: number }, pollMs: number | false) {
  const { query, result } = useList<ReviewRecord>({
    resource: REVIEWS,
    dataProviderName: SYSTEM,
    pagination: { currentPage: paging.pageNo, pageSize: paging.pageSize },
    filters: [{ field: 'status', operator: 'eq', value: status }],
    meta: SILENT,
    queryOptions: { retry: false, placeholderData: (previous) => previous, refetchInterval: pollMs },
  });
  return { query, records: result.data, total: result.total ?? 0 };
}

/** The whole submission of a queue row (GET /api/ops/authentications/:id). */
export function useReview(id: string | undefined) {
  const { query } = useOne<AuthSubmission>({
    resource: REVIEWS,
    id: id ?? '',
    dataProviderName: SYSTEM,
    meta: SILENT,
    queryOptions: { enabled: Boolean(id), retry: false },
  });
  return unwrapped<AuthSubmission>(query);
}

/** Reads the queue and the submissions shown again (a decision was made, or the user asks). */
export function useRefreshReviews() {
  const invalidate = useInvalidate();
  return useCallback(() => void invalidate({ resource: REVIEWS, dataProviderName: SYSTEM, invalidates: ['resourceAll'] }), [invalidate]);
}

const decisionPath = (id: string, decision: 'approve' | 'reject') => `/ops/authentications/${encodeURIComponent(id)}/${decision}`;

/** Approve, or reject with a reason; each answers the submission as it now is. */
export function useReviewDecisions() {
  const call = useSystemCall();
  return useMemo(
    () => ({
      approve: (id: string) => call<AuthSubmission>('post', decisionPath(id, 'approve'), SILENT),
      reject: (id: string, reason: string) => call<AuthSubmission>('post', decisionPath(id, 'reject'), { payload: { reason }, silent: true }),
    }),
    [call],
  );
}
