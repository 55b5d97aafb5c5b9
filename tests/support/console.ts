// Locators of the console's shell that the browser journeys share.
import type { Page } from 'playwright-core';
import { STEP_MS } from './browser';

/** The page of the active tab (inactive tabs stay mounted, hidden). */
export const activePane = (page: Page) => page.locator('.shell-pane:not([hidden])');

/**
 * Waits until a message toast saying `text` shows, as long as any step may take (STEP_MS). It was
 * 15 s, half the bound of every other step: on a busy machine a money action's toast may come
 * later, the likeliest cause found of contract-money passing only on its retry in CI runs.
 */
export const toast = (page: Page, text: string, timeout = STEP_MS) => page.locator('.ant-message-notice', { hasText: text }).waitFor({ state: 'visible', timeout });

/** A figure of the wallet card (available, held, escrow, objectionDeposits) as the page shows it. */
export const walletFigure = async (page: Page, name: string) => (await activePane(page).getByTestId(`wallet-${name}`).locator('.funds-figure__value').innerText()).trim();

/** The trimmed text of the element with `testId` (a figure of a record or receipt). */
export const testIdText = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** What a record action with an SMS code needs of a journey's server: its clock and its outbox. */
interface SmsServer {
  clock: { advance(ms: number): void };
  latestSms(phone: string): Promise<string>;
}

/**
 * Runs the record action `label` on the open show page as the user does: opens its dialog, lets
 * `fill` enter its inputs, asks for an SMS code (the server's clock first moved past the resend
 * window of the last one), types the code the outbox holds for `phone` and submits.
 */
export async function actWithSmsCode(server: SmsServer, page: Page, phone: string, label: string | RegExp, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>): Promise<void> {
  await activePane(page).getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog');
  if (fill) await fill(dialog);
  server.clock.advance(61_000);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  // The countdown, or the error the console showed instead (said in the failure, not a bare timeout).
  const refused = page.locator('.ant-message-notice-error');
  await dialog.getByRole('button', { name: /秒/ }).or(refused).first().waitFor();
  if (await refused.isVisible()) throw new Error(`the SMS code was not sent: ${await refused.first().innerText()}`);
  await dialog.getByLabel('短信验证码').fill(await server.latestSms(phone));
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
}
