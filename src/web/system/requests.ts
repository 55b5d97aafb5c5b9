import { useSystemQuery } from '../refine/systemData';

// Payment requests' own reads (src/server/domains/requests/routes.ts) through refine's `system`
// provider; the records and their steps are the resource pages' (/api/r/paymentRequests).

export interface RequestPayment {
  transferId: string;
  amount: string;
  time: string;
  receipt?: string;
}

export interface RequestHeadroom {
  available: string;
  contractTitle: string;
}

/** A request's payments; keyed by its version, so a payment adds its line. */
export const useRequestPayments = (id: string, version?: number) =>
  useSystemQuery<RequestPayment[]>(`/paymentRequests/${encodeURIComponent(id)}/payments`, { silent: true, retry: false, enabled: Boolean(id), cacheKey: version });

/** What a new request may still ask for under the contract or bill chosen (nothing asked until one is). */
export const useRequestHeadroom = (ref: { contractId?: string; billId?: string }) =>
  useSystemQuery<RequestHeadroom>('/paymentRequests/headroom', {
    query: ref.billId ? { billId: ref.billId } : { contractId: ref.contractId },
    silent: true,
    retry: false,
    enabled: Boolean(ref.billId || ref.contractId),
  });
