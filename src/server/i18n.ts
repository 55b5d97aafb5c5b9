// Server-side messages come from the same locale files as the console (src/shared/locales),
// so a field error reads the same in a form and in an API response.
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, type Language } from '../shared/constants';
import { addMoneyFormat } from '../shared/money';
import enAgreements from '../shared/locales/en-US/agreements.json';
import enApi from '../shared/locales/en-US/api.json';
import enAudit from '../shared/locales/en-US/audit.json';
import enCounterparties from '../shared/locales/en-US/counterparties.json';
import enDocuments from '../shared/locales/en-US/documents.json';
import enErrors from '../shared/locales/en-US/errors.json';
import enFormats from '../shared/locales/en-US/formats.json';
import enMachines from '../shared/locales/en-US/machines.json';
import enMessages from '../shared/locales/en-US/messages.json';
import enOperators from '../shared/locales/en-US/operators.json';
import enPromotion from '../shared/locales/en-US/promotion.json';
import enReceipts from '../shared/locales/en-US/receipts.json';
import enTrading from '../shared/locales/en-US/trading.json';
import enValidation from '../shared/locales/en-US/validation.json';
import zhAgreements from '../shared/locales/zh-CN/agreements.json';
import zhApi from '../shared/locales/zh-CN/api.json';
import zhAudit from '../shared/locales/zh-CN/audit.json';
import zhCounterparties from '../shared/locales/zh-CN/counterparties.json';
import zhDocuments from '../shared/locales/zh-CN/documents.json';
import zhErrors from '../shared/locales/zh-CN/errors.json';
import zhFormats from '../shared/locales/zh-CN/formats.json';
import zhMachines from '../shared/locales/zh-CN/machines.json';
import zhMessages from '../shared/locales/zh-CN/messages.json';
import zhOperators from '../shared/locales/zh-CN/operators.json';
import zhPromotion from '../shared/locales/zh-CN/promotion.json';
import zhReceipts from '../shared/locales/zh-CN/receipts.json';
import zhTrading from '../shared/locales/zh-CN/trading.json';
import zhValidation from '../shared/locales/zh-CN/validation.json';

const resources = {
  'zh-CN': { errors: zhErrors, validation: zhValidation, messages: zhMessages, agreements: zhAgreements, formats: zhFormats, api: zhApi, audit: zhAudit, counterparties: zhCounterparties, documents: zhDocuments, operators: zhOperators, promotion: zhPromotion, receipts: zhReceipts, trading: zhTrading, machines: zhMachines },
  'en-US': { errors: enErrors, validation: enValidation, messages: enMessages, agreements: enAgreements, formats: enFormats, api: enApi, audit: enAudit, counterparties: enCounterparties, documents: enDocuments, operators: enOperators, promotion: enPromotion, receipts: enReceipts, trading: enTrading, machines: enMachines },
};
const SERVER_NAMESPACES = Object.keys(resources['zh-CN']);

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: SERVER_NAMESPACES,
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  initAsync: false,
});
// `{{amount, money}}`: amounts in messages, todos and field errors as every page shows them (1,234.50).
addMoneyFormat(instance);

/** Picks zh-CN or en-US from an Accept-Language header; zh-CN when absent or unknown. */
export function languageFrom(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

export function translatorFor(lng: Language): TFunction {
  return instance.getFixedT(lng);
}

/**
 * The platform operations account's name (and its users'): the header greets operations with it,
 * not a phone. Stored in the default language, as every account's name is (locales api.platformOpsName).
 */
export const PLATFORM_OPS_NAME: string = translatorFor(DEFAULT_LANGUAGE)('api:platformOpsName');
