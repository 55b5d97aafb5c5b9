import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { isLanguage, readStoredLanguage, storeLanguage } from './language';
import { addMoneyFormat } from '../../shared/money';

/**
 * Namespaces needed at start: `app` and `auth` belong to the web console, `validation` and
 * `common` are shared with the server. They are bundled into the entry in both languages (a few
 * KB gzip), so the first page renders without waiting for locale downloads. Every other
 * namespace (`legal`, page namespaces) is its own chunk, loaded when a page first asks for it.
 */
export const NAMESPACES = ['app', 'auth', 'validation', 'common'] as const;

const startupFiles = import.meta.glob<Record<string, unknown>>('../../shared/locales/*/{app,auth,validation,common}.json', {
  eager: true,
  import: 'default',
});
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../../shared/locales/*/*.json',
  '!../../shared/locales/*/{app,auth,validation,common}.json',
]);

/** The startup namespaces as i18next resources: { language: { namespace: texts } }. */
function startupResources(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [file, texts] of Object.entries(startupFiles)) {
    const [language, name] = file.split('/').slice(-2);
    (resources[language] ??= {})[name.replace(/\.json$/, '')] = texts;
  }
  return resources;
}

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
    resources: startupResources(),
    // Bundled resources for the startup namespaces; the backend still serves the others.
    partialBundledLanguages: true,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'app',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
// `{{amount, money}}` in the locale files: one money format, the server's too (1,234.50). init
// made the formatter already (before its resources load).
addMoneyFormat(i18n);
