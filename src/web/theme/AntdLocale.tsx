import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { useTranslation } from 'react-i18next';
import { isLanguage } from '../i18n/language';
import { DEFAULT_LANGUAGE } from '../../shared/constants';
import { accessibleTheme } from './accessibleTheme';
import { VARIANT } from '../variant';

// antd's own texts (pagination, pickers, modals) follow the chosen language. The ES modules:
// antd/locale/* is CommonJS, whose default import is the {default} wrapper in a production build.
const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** Pages outside the console frame (sign-in, receipts) are light, in the variant's colour made readable; the frame sets its own (ShellTheme). */
const PAGE_THEME = accessibleTheme('light', VARIANT.settings.primaryColor);

export function AntdLocale({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return <ConfigProvider locale={ANTD_LOCALES[language]} theme={PAGE_THEME}>{children}</ConfigProvider>;
}
