import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../shared/constants';
import { isLanguage } from '../i18n/language';

/** The two language names as plain text buttons; the choice is remembered (i18n/language.ts). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('app');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : LANGUAGES[0];
  return (
    <div className="language-switcher" role="group" aria-label={t('language.label')}>
      {LANGUAGES.map((language, index) => (
        <Fragment key={language}>
          {index > 0 && <span className="language-switcher__divider" aria-hidden>|</span>}
          <button
            type="button"
            lang={language}
            aria-pressed={language === current}
            className="language-switcher__option"
            onClick={() => void i18n.changeLanguage(language)}
          >
            {t(`language.${language}`)}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
