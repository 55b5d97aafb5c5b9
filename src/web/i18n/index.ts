import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { isLanguage, readStoredLanguage, storeLanguage } from './language';

/**
 * Namespaces loaded at start: `app` and `auth` belong to the web console, `validation` and
 * `common` are shared with the server. Others (`legal`: the registration agreement and the
 * terms of service) load when a page first asks for them.
 */
export const NAMESPACES = ['app', 'auth', 'validation', 'common'] as const;

// Each locale file becomes its own chunk, so a visitor downloads only the languages in use.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../shared/locales/*/*.json');

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeFiles[`../../shared/locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

/** The language currently shown; always one of LANGUAGES. */
export const currentLanguage = (): Language =>
  isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : readStoredLanguage();

i18n.on('languageChanged', (language) => {
  if (!isLanguage(language)) return;
  storeLanguage(language);
  document.documentElement.lang = language;
});

export const i18nReady = i18n
  .use(lazyLocaleBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'app',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
