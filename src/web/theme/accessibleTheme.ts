// The console's antd theme (dark or light, with the chosen primary colour) adjusted so that every
// text antd draws with it reads at 4.5:1 or more (issue 17 defect 6; tests/e2e/accessibility.test.ts
// runs axe-core on it). antd's own palettes miss by a little: #1677ff on white is 4.1:1, white on
// the dark theme's #177ddc 4.2:1, and the tertiary text and placeholders (45 % and 25 % alpha) far less.
import { theme, type ThemeConfig } from 'antd';

import { contrast, mix } from './contrast';

type AliasToken = ReturnType<typeof theme.getDesignToken>;

export type ThemeName = 'dark' | 'light';

/** A little above 4.5:1, so rounding in the browser's colour maths never drops below it. */
const TEXT = 4.6;

/**
 * Secondary text (descriptions, help, placeholders): antd's 45 % and 25 % alphas read at 2.9 and
 * 1.5:1; 60 % black on white and 55 % white on the dark theme's backgrounds read at 4.8:1 or more.
 */
const MUTED = { light: 'rgba(0, 0, 0, 0.6)', dark: 'rgba(255, 255, 255, 0.55)' } as const;

const tokensOf = (name: ThemeName, seed: string, status: Partial<Record<Status, string>> = {}) =>
  theme.getDesignToken({ algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm, token: { colorPrimary: seed, colorLink: seed, colorInfo: seed, ...status } });

/** The status colours, which antd also writes as text on their own tint (a state tag: published, in green). */
const STATUS = ['colorSuccess', 'colorWarning', 'colorError'] as const;
type Status = (typeof STATUS)[number];
const tintOf = (key: Status) => `${key}Bg` as const;

/**
 * Each status colour moved like the primary until it reads on antd's own tint of it (kept: a
 * darker seed would darken the tint with it) and on the page.
 */
function readableStatus(name: ThemeName, toward: string): Record<string, string> {
  const status: Record<string, string> = {};
  const original = tokensOf(name, theme.defaultSeed.colorPrimary);
  for (const key of STATUS) {
    const tint = original[tintOf(key)];
    let seed = theme.defaultSeed[key];
    let t = original;
    for (let step = 0; step < 40 && !(contrast(t[key], tint) >= TEXT && contrast(t[key], t.colorBgContainer) >= TEXT); step += 1) {
      seed = mix(seed, toward, 0.05);
      t = tokensOf(name, theme.defaultSeed.colorPrimary, { [key]: seed });
    }
    status[key] = seed;
    status[tintOf(key)] = tint;
  }
  return status;
}

/** The light menu's selected item: a faint tint of the primary, under text in the primary. */
const selectedBg = (primary: string) => mix(primary, '#ffffff', 0.9);

/** Does `colour` read as text on every background the theme puts text on (pages, cards, pop-ups, the selected menu item)? */
const readsOn = (colour: string, t: AliasToken, name: ThemeName) =>
  [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated, ...(name === 'light' ? [selectedBg(t.colorPrimary)] : [])].every((bg) => contrast(colour, bg) >= TEXT);

/**
 * The primary colour moved toward black (light theme) or white (dark theme), step by step, until
 * antd's primary and link colours made from it read as text on the theme's backgrounds. In the
 * light theme that also makes white text on a primary button readable; in the dark theme the
 * primary is then light, so a primary button carries dark text, and the selected menu item a
 * darker shade of it under white text.
 */
export function accessibleTheme(name: ThemeName, primary: string): ThemeConfig {
  // A few dozen token derivations (about 0.1 s): each theme and colour is worked out once.
  const key = `${name} ${primary.toLowerCase()}`;
  const known = made.get(key);
  if (known) return known;
  const config = makeTheme(name, primary);
  made.set(key, config);
  return config;
}

const made = new Map<string, ThemeConfig>();

function makeTheme(name: ThemeName, primary: string): ThemeConfig {
  const toward = name === 'dark' ? '#ffffff' : '#000000';
  let seed = primary;
  let t = tokensOf(name, seed);
  for (let step = 0; step < 40 && !(readsOn(t.colorPrimary, t, name) && readsOn(t.colorLink, t, name)); step += 1) {
    seed = mix(seed, toward, 0.05);
    t = tokensOf(name, seed);
  }
  const onPrimary = contrast('#ffffff', t.colorPrimary) >= TEXT ? '#ffffff' : '#000000';
  // The dark menu's selected item keeps white text (its open parent's title takes the same
  // colour, on the menu's navy): its background is the primary darkened until white reads on it.
  let selectedDark = t.colorPrimary;
  for (let step = 0; step < 40 && contrast('#ffffff', selectedDark) < TEXT; step += 1) selectedDark = mix(selectedDark, '#000000', 0.05);
  return {
    algorithm: name === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: seed,
      colorLink: seed,
      colorInfo: seed,
      ...readableStatus(name, toward),
      colorTextTertiary: MUTED[name],
      colorTextDescription: MUTED[name],
      colorTextPlaceholder: MUTED[name],
    },
    components: {
      Button: { primaryColor: onPrimary },
      Menu: name === 'light' ? { itemSelectedColor: t.colorPrimary, itemSelectedBg: selectedBg(t.colorPrimary), horizontalItemSelectedColor: t.colorPrimary } : { darkItemSelectedBg: selectedDark },
      Tabs: { itemSelectedColor: t.colorPrimary, itemActiveColor: t.colorPrimary },
    },
  };
}
