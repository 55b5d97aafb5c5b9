import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { Language } from '../../shared/constants';
import { i18n } from './index';
import { isLanguage } from './language';

// dayjs (antd's date pickers, formatted dates) follows the chosen language. Imported by the
// signed-in area only: the sign-in pages show no dates and need not download dayjs.
const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', 'en-US': 'en' };

const apply = (language: string) => {
  if (isLanguage(language)) dayjs.locale(DAYJS_LOCALES[language]);
};

apply(i18n.resolvedLanguage ?? i18n.language);
i18n.on('languageChanged', apply);
