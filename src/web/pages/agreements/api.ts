import type { AgreementDocumentView, AgreementListItem, Page } from '../../../shared/api';
import { http } from '../../providers/http';
import { VARIANT } from '../../variant';

// SPEC §7 Personal and agreements (see docs/decisions.md, Operators and the account centre).

export const AGREEMENTS_KEY = ['lsf', 'agreements'] as const;

export const listAgreements = (pageNo: number, pageSize: number) =>
  // The mutual-promise variant adds its platform (SPEC §7), declared in variants/xhn.json.
  http.post<Page<AgreementListItem>>('/system/personal/agreementlist', { pageNo, pageSize, ...VARIANT.extraParams.agreementlist });
export const getAgreement = (id: string) => http.get<AgreementDocumentView>(`/system/personal/agreement/${encodeURIComponent(id)}`);
export const listHistoricalRules = (pageNo: number, pageSize: number) =>
  http.post<Page<AgreementDocumentView>>('/system/personal/historyagreement', { pageNo, pageSize });
export const getDemoTerms = () => http.get<AgreementDocumentView>('/system/personal/demoDetail');
export const getServiceAgreement = () => http.get<AgreementDocumentView>('/system/personal/serviceAgreement');
