import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Page title = route title + ' - ' + product title (SPEC §2), in the current language. */
export function usePageTitle(titleKey: string): void {
  const { t } = useTranslation();
  const title = `${t(titleKey)} - ${t('app:productName')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
