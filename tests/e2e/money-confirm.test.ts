// Browser journey of confirming money with a payment password (issue 28 item 1) in real Chromium:
// a new, settled buyer (its deposit confirmed by ops, a contract signed by both parties over the
// API: this journey is not about them) opens Account security, sets a payment password (交易密码)
// with the SMS code the dev outbox gives, then pays the contract's collateral in the action dialog
// with it: the dialog offers the payment password first, a wrong one is said on its field and
// stays typed, the right one pays (screenshots of both with E2E_SHOTS, README "Tests").
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ConfirmSettings } from '../../src/shared/confirm';
import type { ResourceRecord } from '../../src/shared/resources/types';
import { chromiumPath, STEP_MS, shot, SkewedClock, journeyApp } from '../support/browser';
import { activePane as pane, testIdText, toast } from '../support/console';
import { apiCall, attemptTag, openSignedIn } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13900000098', ADMIN_PASSWORD: 'Ops#Confirm2026' };
const PAYMENT_PASSWORD = '390718';

describe.skipIf(!chromiumPath)('browser journey: a payment password set in settings confirms a money step (issue 28 item 1)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp(ADMIN, ['main'], { clock });

  /** A buyer with 50,000.00 available and a contract signed with a new seller: made per attempt (a retry starts unpaid, with no payment password). */
  const signedContract = async () => {
    const tag = attemptTag();
    const { world } = e2e;
    const buyer = await world.party({ name: `杭州交易密码买方${tag}有限公司`, approved: true, balance: '50000.00' });
    const seller = await world.party({ name: `苏州交易密码卖方${tag}有限公司`, approved: true });
    const { id } = await world.contract({ state: 'signed', buyer, seller, title: `交易密码旅程合同 ${tag}` });
    return { buyer, id };
  };

  /** The confirmation's input labelled `label` (not the method's radio of the same name). */
  const confirmInput = (scope: ReturnType<Page['getByRole']>, label: string) => scope.locator(`input[aria-label="${label}"]:not([type=radio])`);

  it('sets a payment password with an SMS code in Account security, then pays the collateral with it', async () => {
    const { buyer, id } = await signedContract();
    const settings = async () => (await apiCall<ConfirmSettings>(e2e.baseUrl, 'GET', '/api/confirm/settings', undefined, buyer.token)).data;
    expect(await settings()).toMatchObject({ paymentPassword: false, totp: false });
    const { page, errors } = await openSignedIn(e2e, buyer.token, STEP_MS);

    // Account security: nothing set up yet; the SMS code goes to the buyer's own phone.
    await page.goto('/accountSafe');
    const card = pane(page).locator('.ant-card', { hasText: '资金操作确认' });
    await card.getByText('未设置').waitFor();
    await card.getByText('未绑定').waitFor();
    await card.getByLabel('交易密码（6 位数字）').fill(PAYMENT_PASSWORD);
    await card.getByLabel('再次输入交易密码').fill(PAYMENT_PASSWORD);
    clock.advance(61_000); // past the resend window of the signing code
    await card.getByRole('button', { name: '获取验证码' }).click();
    await card.getByRole('button', { name: /秒/ }).waitFor();
    await card.getByLabel('短信验证码（发送至本人手机）').fill(await e2e.latestSms(buyer.phone));
    await shot(page, 'money-confirm-settings', { fullPage: true });
    await card.getByRole('button', { name: '设置交易密码' }).click();
    await toast(page, '交易密码已保存');
    await card.getByText('已设置').waitFor();
    await card.getByRole('button', { name: '重设交易密码' }).waitFor();
    expect(await settings()).toMatchObject({ paymentPassword: true, lastMethod: null });

    // The contract: 支付保证金 offers the payment password first, beside SMS (no authenticator bound).
    await page.goto(`/contract/details?id=${id}`);
    await pane(page).locator('.resource-show__title').getByText('已签署').waitFor();
    await pane(page).getByRole('button', { name: '支付保证金' }).click();
    const dialog = page.getByRole('dialog');
    const methods = dialog.getByRole('radiogroup', { name: '确认方式' });
    await methods.waitFor();
    expect(await methods.locator('.ant-segmented-item').allInnerTexts()).toEqual(['交易密码', '短信验证码']);
    expect(await methods.locator('.ant-segmented-item-selected').innerText()).toBe('交易密码');
    const password = confirmInput(dialog, '交易密码');
    await dialog.getByText('输入 6 位交易密码，确认本次资金操作').waitFor();

    // A wrong password: said on its field, kept as typed, nothing paid.
    await password.fill('135792');
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await dialog.getByText('交易密码错误，还可尝试 4 次').waitFor();
    expect(await password.inputValue()).toBe('135792');
    await shot(page, 'money-confirm-wrong');
    expect((await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/contracts/${id}`, undefined, buyer.token)).data.state).toBe('signed');

    // The right one pays, and the step succeeds.
    await password.fill(PAYMENT_PASSWORD);
    await dialog.getByRole('button', { name: /提\s*交/ }).click();
    await page.waitForURL((url) => url.pathname === '/contract/paymentStatus');
    await pane(page).getByText('支付成功', { exact: true }).waitFor();
    expect(await testIdText(page, 'payment-amount')).toBe('16,000.00');
    await shot(page, 'money-confirm-paid');
    expect((await apiCall<ResourceRecord>(e2e.baseUrl, 'GET', `/api/r/contracts/${id}`, undefined, buyer.token)).data.state).toBe('collateralPaid');
    expect(await settings()).toMatchObject({ paymentPassword: true, lastMethod: 'password' });
    expect(errors).toEqual([]);
  });
});
