// Shell settings (SPEC §9): persisted per browser in localStorage, defaults from the variant file.
import type { VariantSettings } from '../../../shared/schema/types';

export type ShellSettings = VariantSettings;

/** Primary colour presets (antd's classic palette); the variant's own colour is always offered too. */
export const PRIMARY_COLORS = ['#1890ff', '#f5222d', '#fa541c', '#faad14', '#13c2c2', '#52c41a', '#2f54eb', '#722ed1'] as const;

const CHOICES = {
  theme: ['dark', 'light'],
  layout: ['sidemenu', 'topmenu'],
  contentWidth: ['fluid', 'fixed'],
} as const;
const FLAGS = ['fixedHeader', 'fixedSidebar', 'weakMode', 'multiTab'] as const;

export const settingsStorageKey = (variantId: string) => `lsf.settings.${variantId}`;

/** Stored settings over the defaults, field by field: a stale or hand-edited value falls back alone. */
export function mergeSettings(defaults: ShellSettings, stored: unknown): ShellSettings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const merged: ShellSettings = { ...defaults };
  for (const [field, options] of Object.entries(CHOICES) as [keyof typeof CHOICES, readonly string[]][]) {
    const value = source[field];
    if (typeof value === 'string' && options.includes(value)) (merged as unknown as Record<string, string>)[field] = value;
  }
  for (const field of FLAGS) if (typeof source[field] === 'boolean') merged[field] = source[field];
  if (typeof source.primaryColor === 'string' && /^#[0-9a-fA-F]{6}$/.test(source.primaryColor)) merged.primaryColor = source.primaryColor;
  return merged;
}

export function readSettings(key: string, defaults: ShellSettings): ShellSettings {
  try {
    const raw = localStorage.getItem(key);
    return mergeSettings(defaults, raw ? JSON.parse(raw) : null);
  } catch {
    return { ...defaults };
  }
}

export function writeSettings(key: string, settings: ShellSettings): void {
  try {
    localStorage.setItem(key, JSON.stringify(settings));
  } catch {
    /* storage unavailable: the choice lasts for this visit only */
  }
}
