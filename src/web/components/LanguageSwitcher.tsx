import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../shared/constants';
import { isLanguage } from '../i18n/language';

/** 中文 / English; the choice is remembered (i18n/language.ts). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('app');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : LANGUAGES[0];
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('language.label')}
      value={current}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(language) => void i18n.changeLanguage(language)}
    />
  );
}
