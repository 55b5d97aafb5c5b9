// An action a variant file may switch off (a resource file's `variantSwitch`, e.g. passing a bill
// on: settlement.passOn). One API serves every variant it is started with, so an action is off
// when any served variant sets its option false, as the domain that refuses it decides
// (shared/passOn.ts); the resource definitions the server hands the console then leave it out.
import { BUNDLED_VARIANTS } from '../schema/variants';
import type { ActionDeclaration } from './types';

type VariantFiles = Readonly<Record<string, unknown>>;

/** Whether `action` is switched off by any of `variantIds` (an unknown id or option switches nothing off). */
export function switchedOff(action: Pick<ActionDeclaration, 'variantSwitch'>, variantIds: readonly string[], files: VariantFiles = BUNDLED_VARIANTS): boolean {
  if (!action.variantSwitch) return false;
  const [section, option] = action.variantSwitch.split('.');
  return variantIds.some((id) => {
    const file = files[id] as Record<string, Record<string, unknown> | undefined> | undefined;
    return file?.[section]?.[option] === false;
  });
}
