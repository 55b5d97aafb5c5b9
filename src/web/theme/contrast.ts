// WCAG 2.x contrast of CSS colours (#rrggbb, #rgb, rgb(a)()), for choosing theme colours that
// stay readable: 4.5:1 for body text (WCAG 1.4.3, AA; axe-core's color-contrast rule).

type Rgba = [number, number, number, number];

function parse(css: string): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(css.trim());
  if (hex) {
    const digits = hex[1].length === 3 ? [...hex[1]].map((d) => d + d).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const [r = 0, g = 0, b = 0, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  return [r, g, b, a];
}

const luminance = ([r, g, b]: Rgba) => {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
};

/** The contrast ratio of `foreground` (its alpha composited) over the opaque `background`. */
export function contrast(foreground: string, background: string): number {
  const bg = parse(background);
  const fg = parse(foreground);
  const a = fg[3];
  const shown: Rgba = [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a)).concat(1) as Rgba;
  const [light, dark] = [luminance(shown), luminance(bg)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` moved `amount` (0..1) of the way toward `target` (#rrggbb both), as #rrggbb. */
export function mix(hex: string, target: string, amount: number): string {
  const from = parse(hex);
  const to = parse(target);
  return `#${[0, 1, 2].map((i) => Math.round(from[i] + (to[i] - from[i]) * amount).toString(16).padStart(2, '0')).join('')}`;
}
