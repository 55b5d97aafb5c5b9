import { useTranslation } from 'react-i18next';
import type { LocalizedText } from '../../shared/schema/types';
import { isLanguage } from '../i18n/language';
import { DEFAULT_LANGUAGE } from '../../shared/constants';
import { localized } from './index';

/** Texts of the variant file (branding, footer) in the language shown. */
export function useVariantText(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (text) => localized(text, language);
}
