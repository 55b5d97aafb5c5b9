import type { BillFamilyNode } from '../../shared/billFamily';
import type { ClearingPreview } from '../../shared/clearingPreview';
import type { ResourceRecord } from '../../shared/resources/types';
import { useSystemCall, useSystemQuery } from '../refine/systemData';

// Settlement (DESIGN §8, issue 31) through refine's `system` provider: paying several bills at
// once, the clearing run and its preview, a bill's family.

/** What POST /api/settlement/payments answers (settlement/routes.ts). */
export interface PaymentAnswer {
  paymentId: string;
  amount: string;
  bills: ResourceRecord[];
  receipt?: string;
}

/** What POST /api/settlement/clearing-runs answers: the run's figures. */
export interface StartedRun {
  billsIn: number;
  participants: number;
  amountCleared: string;
  amountSettled: string;
}

/** A bill's family (GET /api/settlement/bills/:id/family); keyed by the bill's version, so a split or a payment reads it again. */
export const useBillFamily = (id: string, version?: number) =>
  useSystemQuery<BillFamilyNode>(`/settlement/bills/${encodeURIComponent(id)}/family`, { silent: true, retry: false, enabled: Boolean(id), cacheKey: version });

/** What a clearing run would do now (GET /api/settlement/clearing-preview), read each time `asked` grows (0: not yet). */
export const useClearingPreview = (asked: number) =>
  useSystemQuery<ClearingPreview>('/settlement/clearing-preview', { silent: true, retry: false, enabled: asked > 0, cacheKey: asked });

/** The calls that move money or run the clearing; each carries its intent's Idempotency-Key. */
export function useSettlementCalls() {
  const call = useSystemCall();
  return {
    /** POST /api/settlement/payments: several bills with one confirmation; the form shows a refusal on its lines (silent). */
    payBills: (body: { items: { billId: string; amount: string }[] } & Record<string, unknown>, idempotencyKey: string) =>
      call<PaymentAnswer>('post', '/settlement/payments', { payload: body, idempotencyKey, silent: true }),
    /** POST /api/settlement/clearing-runs (ops): runs a clearing now. */
    startClearingRun: (idempotencyKey: string) => call<StartedRun>('post', '/settlement/clearing-runs', { idempotencyKey }),
  };
}
