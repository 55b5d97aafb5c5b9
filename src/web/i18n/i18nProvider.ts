import type { I18nProvider } from '@refinedev/core';
import { i18n } from './index';

// refine's translations and locale switching go through the same i18next instance as the pages.
export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    String(i18n.t(key, { ...(typeof options === 'object' ? options : {}), defaultValue: defaultMessage ?? key })),
  changeLocale: (locale) => i18n.changeLanguage(locale),
  getLocale: () => i18n.resolvedLanguage ?? i18n.language,
};
