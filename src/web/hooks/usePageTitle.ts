import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { VARIANT } from '../variant';
import { useVariantText } from '../variant/useVariantText';

/** Page title = route title + ' - ' + the variant's product title (SPEC §2), in the current language. */
export function usePageTitle(titleKey: string | null, options?: Record<string, unknown>): void {
  // Waits for the key's namespace ('menu:routes.home' -> menu), so the title never shows a raw key.
  const { t } = useTranslation(titleKey?.includes(':') ? titleKey.split(':')[0] : undefined);
  const text = useVariantText();
  const product = text(VARIANT.productTitle);
  const title = titleKey ? `${t(titleKey, options)} - ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
