// The console's antd theme (issue 17 defect 6): whatever primary colour the settings offer, in
// either theme, the primary and link colours read as text at 4.5:1 or more on the theme's
// backgrounds, so does the text on a primary button, and so does secondary text.
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { VARIANTS } from '../../src/shared/menu';
import { PRIMARY_COLORS } from '../../src/web/shell/settings/settingsModel';
import { accessibleTheme } from '../../src/web/theme/accessibleTheme';
import { contrast } from '../../src/web/theme/contrast';

const primaries = [...new Set([...PRIMARY_COLORS, ...Object.values(VARIANTS).map((v) => v.settings.primaryColor.toLowerCase())])];

describe('the accessible antd theme', () => {
  it('computes WCAG contrast as the references give it', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });

  for (const name of ['dark', 'light'] as const) {
    it.each(primaries)(`${name} theme, primary %s: text, links and buttons read at 4.5:1`, (primary) => {
      const config = accessibleTheme(name, primary);
      const t = theme.getDesignToken(config);
      for (const bg of [t.colorBgContainer, t.colorBgLayout, t.colorBgElevated]) {
        expect(contrast(t.colorPrimary, bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorLink, bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorTextDescription, bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorTextPlaceholder, bg)).toBeGreaterThanOrEqual(4.5);
        expect(contrast(t.colorTextSecondary, bg)).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(String(config.components?.Button?.primaryColor), t.colorPrimary)).toBeGreaterThanOrEqual(4.5);
      // State tags: the status colour as text on its own tint.
      expect(contrast(t.colorSuccess, t.colorSuccessBg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.colorWarning, t.colorWarningBg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(t.colorError, t.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
    });
  }
});
