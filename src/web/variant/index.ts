// The variant this bundle was built for (VARIANT at build time, see scripts/lib/vite-variant.ts).
// Tests run without the build plugin and get the main variant.
import { getVariant, isVariantId, VARIANTS, type Variant, type VariantId } from '../../shared/menu';
import type { LocalizedText } from '../../shared/schema/types';
import type { Language } from '../../shared/constants';

declare const __LSF_VARIANT__: string | undefined;
declare const __LSF_PLATFORMS__: PlatformInfo[] | undefined;

export interface PlatformInfo {
  id: string;
  platform: string;
  name: LocalizedText;
}

export const VARIANT_ID: VariantId = (() => {
  const id = typeof __LSF_VARIANT__ === 'string' ? __LSF_VARIANT__ : 'main';
  if (!isVariantId(id)) throw new Error(`unknown variant ${id}`);
  return id;
})();

export const VARIANT: Variant = getVariant(VARIANT_ID);

/** Every notice platform of the product (ops publish notices for any of them). */
export const PLATFORMS: readonly PlatformInfo[] =
  typeof __LSF_PLATFORMS__ !== 'undefined'
    ? __LSF_PLATFORMS__
    : Object.values(VARIANTS).map((v) => ({ id: v.id, platform: v.noticePlatform, name: v.name }));

/** The main platform signs users in; variant builds send them there (SPEC §4 Session). */
export const signsInOnMainPlatform = (variant: Variant = VARIANT): boolean => variant.loginMode !== 'own';

/** The main platform's login URL from the variant file: the fallback when /api/meta/origins does not say. */
export const configuredMainLogin = (variant: Variant = VARIANT): string | null =>
  typeof variant.loginMode === 'object' ? variant.loginMode.mainPlatform : null;

export const localized = (text: LocalizedText, language: Language): string => text[language] ?? text['zh-CN'];
