// Server-side messages come from the same locale files as the console (src/shared/locales),
// so a field error reads the same in a form and in an API response.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../shared/constants';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shared/locales');
const SERVER_NAMESPACES = ['errors', 'validation'];

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lng of LANGUAGES) {
    resources[lng] = {};
    for (const ns of SERVER_NAMESPACES) {
      const file = path.join(localesDir, lng, `${ns}.json`);
      if (fs.existsSync(file)) resources[lng][ns] = JSON.parse(fs.readFileSync(file, 'utf8'));
    }
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadResources(),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  ns: SERVER_NAMESPACES,
  defaultNS: 'errors',
  interpolation: { escapeValue: false },
  initAsync: false,
});

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
