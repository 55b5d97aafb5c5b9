// Locators of the console's shell that the browser journeys share.
import type { Page } from 'playwright-core';

/** The page of the active tab (inactive tabs stay mounted, hidden). */
export const activePane = (page: Page) => page.locator('.shell-pane:not([hidden])');

/** Waits until a message toast saying `text` shows. */
export const toast = (page: Page, text: string, timeout = 15_000) => page.locator('.ant-message-notice', { hasText: text }).waitFor({ state: 'visible', timeout });

/** A figure of the wallet card (available, held, escrow, objectionDeposits) as the page shows it. */
export const walletFigure = async (page: Page, name: string) => (await activePane(page).getByTestId(`wallet-${name}`).locator('.funds-figure__value').innerText()).trim();

/** The trimmed text of the element with `testId` (a figure of a record or receipt). */
export const testIdText = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();
