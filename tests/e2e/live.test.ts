// Browser journey of the console that updates itself (issue 27, DESIGN §10) in real Chromium: a
// buyer has its contracts list open in one browser and the contract's page in another; the
// seller, in a third, confirms delivery. Without a reload the buyer's row and page show the new
// state with a quiet "updated" mark, and the unread badge counts the seller's message. (The time
// from a move to the open stream is measured by `npm run bench live`, not here.)
import { describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, shot, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane } from '../support/console';
import { offerBody } from '../support/trading';
import { apiPost, apiSignIn, approvedParty, attemptTag, freshSmsCode, openSignedIn, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000095', ADMIN_PASSWORD: 'Ops#Live2026' };

describe.skipIf(!chromiumPath)('browser journey: lists, a record page and the badge update themselves when another user acts (issue 27)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['main'], { clock });

  it("shows the seller's delivery on the buyer's open list, record page and badge without a reload", async () => {
    const tag = attemptTag();
    const title = `实时旅程合同 ${tag}`;
    const opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'lsf');
    const buyer = await approvedParty(e2e, `杭州实时旅程买方${tag}有限公司`);
    const seller = await approvedParty(e2e, `苏州实时旅程卖方${tag}有限公司`);
    const post = (path: string, token: string, body: unknown = {}) => apiPost(e2e, path, token, body);
    const code = (who: { phone: string; token: string }) => freshSmsCode(e2e, clock, who.phone, who.token);
    const deposit = await post('/api/r/deposits', buyer.token, { amount: '50000.00', payerName: buyer.name, payerAccount: '6222020200998877665', transferDate: '2026-11-19', reference: `E2E-LIVE-${tag}` });
    await post(`/api/r/deposits/${deposit.id}/actions/confirm`, opsToken);
    const offer = await post('/api/r/purchaseOffers', buyer.token, offerBody(title, { quantity: 5 }));
    await post(`/api/r/purchaseOffers/${offer.id}/actions/publish`, buyer.token);
    const id = String((await post(`/api/r/purchaseOffers/${offer.id}/actions/accept`, seller.token)).contractId);
    for (const who of [buyer, seller]) await post(`/api/r/contracts/${id}/actions/sign`, who.token, { smsCode: await code(who) });
    await post(`/api/r/contracts/${id}/actions/payCollateral`, buyer.token, { smsCode: await code(buyer) });

    // The buyer: its list in one browser, the contract's page in another.
    const list = await openSignedIn(e2e, buyer.token, STEP_MS);
    await list.page.goto('/contract/contractbuy');
    const row = pane(list.page).locator('tr', { hasText: title });
    await row.getByText('保证金已托管').waitFor({ timeout: STEP_MS });
    const record = await openSignedIn(e2e, buyer.token, STEP_MS);
    await record.page.goto(`/contract/details?id=${id}`);
    const state = pane(record.page).locator('.resource-show__title');
    await state.getByText('保证金已托管').waitFor({ timeout: STEP_MS });
    const bell = record.page.locator('a[href="/message"]');
    const unreadBefore = await bell.getAttribute('aria-label');

    // The seller confirms delivery in its own browser.
    const s = await openSignedIn(e2e, seller.token, STEP_MS);
    await s.page.goto(`/contract/supplyDetails?id=${id}`);
    await pane(s.page).getByRole('button', { name: '确认交付' }).click();
    const dialog = s.page.getByRole('dialog');
    await dialog.getByLabel('交付说明').fill('已按合同发货，实时旅程');
    await dialog.getByRole('button', { name: /提\s*交|确\s*定/ }).click();
    await pane(s.page).locator('.resource-show__title').getByText('已交付').waitFor({ timeout: STEP_MS });

    // Without a reload: the buyer's row, its page (with the mark) and its badge.
    await row.getByText('已交付').waitFor({ timeout: 5000 });
    await state.getByText('已交付').waitFor({ timeout: 5000 });
    await pane(record.page).getByTestId('live-mark').waitFor({ timeout: 5000 });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 5000 }).not.toBe(unreadBefore);
    await pane(list.page).getByTestId('live-mark').waitFor({ timeout: 5000 });
    await shot(record.page, 'live-record');
    for (const p of [list, record, s]) expect(p.errors).toEqual([]);
  });
});
