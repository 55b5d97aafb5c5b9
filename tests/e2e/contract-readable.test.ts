// Issue 17 defect 1, in real Chromium: the contract document (its printable page and the
// signing dialog) must be readable in the default dark theme and in the light one. The text's
// computed colour, composited over the first opaque background behind it, must have a WCAG
// contrast ratio of at least 4.5 against that background.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, startE2e, type E2eApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { offerBody } from '../support/trading';
import { apiPost, approvedParty, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000171', ADMIN_PASSWORD: 'Ops#Read2026' };

type Rgba = [number, number, number, number];

/** The text colour and the opaque background behind the element, as rgba arrays. */
async function colours(element: Locator): Promise<{ text: Rgba; background: Rgba }> {
  return element.evaluate((el) => {
    const parse = (css: string): [number, number, number, number] => {
      const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, a];
    };
    // Backgrounds from the page down to the element, each composited over the ones behind it.
    const layers: string[] = [];
    for (let node: Element | null = el; node; node = node.parentElement) layers.unshift(getComputedStyle(node).backgroundColor);
    let background: [number, number, number, number] = [255, 255, 255, 1];
    for (const layer of layers) {
      const [r, g, b, a] = parse(layer);
      background = [r * a + background[0] * (1 - a), g * a + background[1] * (1 - a), b * a + background[2] * (1 - a), 1];
    }
    return { text: parse(getComputedStyle(el).color), background };
  });
}

/** WCAG 2.x contrast ratio of a (possibly translucent) text colour over an opaque background. */
function contrastRatio(text: Rgba, background: Rgba): number {
  const a = text[3];
  const shown = [0, 1, 2].map((i) => text[i] * a + background[i] * (1 - a));
  const luminance = (rgb: number[]) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(shown), luminance(background.slice(0, 3))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const contrastOf = async (element: Locator) => {
  const { text, background } = await colours(element);
  const ratio = contrastRatio(text, background);
  if (process.env.E2E_LOG_CONTRAST) console.log('contrast', JSON.stringify({ text, background, ratio }));
  return ratio;
};

describe.skipIf(!chromiumPath)('browser: the contract document is readable in both themes (issue 17)', () => {
  let e2e: E2eApp;
  let buyer: Awaited<ReturnType<typeof approvedParty>>;
  let contractId: string;

  const post = <T = ResourceRecord>(path: string, token: string, body: unknown = {}) => apiPost<T>(e2e, path, token, body);

  beforeAll(async () => {
    e2e = await startE2e(ADMIN);
    buyer = await approvedParty(e2e, '杭州阅读买方有限公司');
    const seller = await approvedParty(e2e, '苏州阅读卖方有限公司');
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody('可读合同'));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    contractId = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
  });
  afterAll(async () => {
    await e2e?.close();
  });

  /** A signed-in page of the buyer in `theme` (dark is the variant's default). */
  const openIn = async (theme: 'dark' | 'light'): Promise<Page> => {
    const { context, page } = await openSignedIn(e2e, buyer.token, STEP_MS);
    if (theme === 'light') {
      await context.addInitScript(() => localStorage.setItem('lsf.settings.main', JSON.stringify({ theme: 'light' })));
    }
    return page;
  };

  for (const theme of ['dark', 'light'] as const) {
    it(`prints the contract readable in the ${theme} theme`, async () => {
      const page = await openIn(theme);
      await page.goto(`/contract/detailspact?id=${contractId}`);
      const text = pane(page).getByTestId('document-text');
      await expect.poll(() => text.innerText()).toContain('可读合同');
      expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5);
      await shot(page, `contract-document-${theme}`);
    });

    it(`shows the text to sign readable in the signing dialog, ${theme} theme`, async () => {
      const page = await openIn(theme);
      await page.goto(`/contract/details?id=${contractId}`);
      await pane(page).getByRole('button', { name: '签署合同' }).click();
      const text = page.getByRole('dialog').getByTestId('document-text');
      await expect.poll(() => text.innerText()).toContain('可读合同');
      expect(await contrastOf(text)).toBeGreaterThanOrEqual(4.5);
      await shot(page, `contract-signing-${theme}`);
    });
  }
});
