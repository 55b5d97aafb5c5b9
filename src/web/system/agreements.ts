import { useList } from '@refinedev/core';
import type { AgreementDocumentView, AgreementListItem } from '../../shared/api';
import { SYSTEM, useSystemQuery } from '../refine/systemData';
import { VARIANT } from '../variant';

// SPEC §7 Personal and agreements (see docs/decisions.md, Operators and the account centre),
// through refine's `system` provider: the two lists are its SYSTEM_LISTS `agreements` and
// `historicalRules`, the documents custom reads.

/** One page of the agreements the account accepted. */
export const useAgreementList = (page: number, pageSize: number) =>
  useList<AgreementListItem>({
    resource: 'agreements',
    dataProviderName: SYSTEM,
    pagination: { currentPage: page, pageSize, mode: 'server' },
    // The mutual-promise variant adds its platform (SPEC §7), declared in variants/xhn.json.
    meta: { params: VARIANT.extraParams.agreementlist },
  });

/** One page of the settlement rules in force before. */
export const useHistoricalRules = (page: number, pageSize: number) =>
  useList<AgreementDocumentView>({ resource: 'historicalRules', dataProviderName: SYSTEM, pagination: { currentPage: page, pageSize, mode: 'server' } });

/** An accepted agreement's document; none read while `id` is null. */
export const useAgreement = (id: string | null) =>
  useSystemQuery<AgreementDocumentView>(`/system/personal/agreement/${encodeURIComponent(id ?? '')}`, { enabled: id !== null });

export const useDemoTerms = () => useSystemQuery<AgreementDocumentView>('/system/personal/demoDetail');
export const useServiceAgreement = () => useSystemQuery<AgreementDocumentView>('/system/personal/serviceAgreement', { retry: false });
