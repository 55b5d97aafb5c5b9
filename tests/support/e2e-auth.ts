// Helpers for the sign-in journeys (tests/e2e/auth.test.ts).
//
// startAuthE2e is startE2e (tests/support/browser.ts) on a server clock the test can move
// forward. One journey sends three SMS codes to the same phone
// (register, SMS sign-in, forgotten password) and the server allows one send per phone per
// 60 s; moving the server's clock past that window keeps the journey fast without weakening
// the rule. The browser keeps real time (its countdown is what the user sees).
import type { Locator, Page, Response } from 'playwright-core';
import type { CaptchaResponse, Envelope } from '../../src/shared/api';
import { SkewedClock, startE2e, type E2eApp } from './browser';

export interface AuthE2eApp extends E2eApp {
  clock: SkewedClock;
}

/** One server (built console of `main` + API + fresh in-memory PGlite) on a movable clock, and one Chromium. */
export async function startAuthE2e(env: Record<string, string> = {}): Promise<AuthE2eApp> {
  const clock = new SkewedClock();
  return { ...(await startE2e(env, ['main'], { clock })), clock };
}

/**
 * Which captcha the login form shows. Every GET /api/captchaImage response the page receives
 * is remembered by its image; shown() reads the <img> the user sees and returns the uuid it
 * was served with. Matching the picture, rather than taking the first response, stays right
 * when a page asks for more than one (React's StrictMode runs effects twice in a development
 * build, a click on the image asks for a new one).
 */
export function trackCaptchas(page: Page, timeoutMs = 10_000) {
  const uuidByImage = new Map<string, string>();
  const reading: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (new URL(res.url()).pathname !== '/api/captchaImage' || res.request().method() !== 'GET') return;
    reading.push(
      res
        .json()
        .then((body: Envelope<CaptchaResponse>) => {
          uuidByImage.set(body.data.img, body.data.uuid);
        })
        .catch(() => {}),
    );
  });
  // Its alt text in either language.
  const image = page.getByRole('img', { name: /^(图形验证码|Image verification code)$/ });
  return {
    /** The uuid of the captcha image now on screen, once one is. */
    async shown(): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        await Promise.all(reading);
        const src = (await image.count()) > 0 ? await image.first().getAttribute('src') : null;
        const uuid = src ? uuidByImage.get(src) : undefined;
        if (uuid) return uuid;
        if (Date.now() > deadline) throw new Error('no captcha image served by GET /api/captchaImage is on screen');
        await page.waitForTimeout(100);
      }
    },
    /** Waits until the captcha on screen is another one than `uuid`; returns the new uuid. */
    async replaced(uuid: string): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const now = await this.shown();
        if (now !== uuid) return now;
        if (Date.now() > deadline) throw new Error(`the captcha ${uuid} was not replaced`);
        await page.waitForTimeout(100);
      }
    },
  };
}

export type CaptchaTracker = ReturnType<typeof trackCaptchas>;

/**
 * The messages tied to a form control (aria-describedby), as assistive technology reads them:
 * antd puts a field's errors and hint there, the login page's fields their error.
 */
export function fieldMessage(control: Locator): Promise<string> {
  return control.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .filter(Boolean)
      .join(' | '),
  );
}

let phoneSeq = 0;
/** A fresh, valid mainland mobile number per call (unique within one server). */
export function newPhone(): string {
  phoneSeq += 1;
  return `137${String(Date.now() % 100_000).padStart(5, '0')}${String(phoneSeq).padStart(3, '0')}`;
}

/** SPEC §9 masking: first 3 and last 4. Written out here rather than imported, so a wrong mask fails. */
export const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
