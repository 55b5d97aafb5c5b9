// Browser journeys (issue 9) in real Chromium against the real server: a visitor registers a
// number for the promotion on /landing with the SMS code it received; the owner of an approved
// account opens the mutual-promise service on /contract/xhnPaymentStatus and is then found as a
// counterparty on the mutual-promise platform.
import { describe, expect, it } from 'vitest';
import type { Page as ResultPage } from '../../src/shared/api';
import type { CounterpartyView, MutualServiceView } from '../../src/shared/counterparties';
import { chromiumPath, STEP_MS, SkewedClock, journeyApp } from '../support/browser';
import { activePane } from '../support/console';
import { newPhone } from '../support/e2e-auth';
import { apiCall, apiSignIn, approveAccount, registerAccount, settledUser, signInContext } from '../support/seed';


describe.skipIf(!chromiumPath)('browser journeys: promotion and the mutual-promise service (issue 9)', () => {
  const clock = new SkewedClock();
  const e2e = journeyApp({}, ['main'], { clock });

  it('a visitor registers a number for the promotion with its SMS code, once', async () => {
    const { page, errors, context } = await e2e.newPage();
    context.setDefaultTimeout(STEP_MS);
    await page.goto('/landing');
    const card = page.locator('.ant-card', { hasText: '登记推广意向' });
    const phone = newPhone();
    await card.getByLabel('手机号').fill(phone);
    await card.getByRole('button', { name: '获取验证码' }).click();
    await card.getByRole('button', { name: /秒/ }).waitFor();
    await card.getByLabel('短信验证码').fill(await e2e.latestSms(phone));
    await card.getByRole('button', { name: '提交登记' }).click();
    await card.getByText('登记成功').waitFor();
    await card.getByText(`手机号 ${phone} 已登记。`).waitFor();

    await page.reload();
    clock.advance(61_000);
    await card.getByLabel('手机号').fill(phone);
    await card.getByRole('button', { name: '获取验证码' }).click();
    await card.getByText('该手机号已登记，无需重复提交').waitFor();
    expect(errors).toEqual([]);
  });

  it('the owner of an approved account opens the service and is then findable on the mutual-promise platform', async () => {
    const owner = await registerAccount(e2e, { enterpriseName: '杭州互诺开通测试有限公司' });
    await approveAccount(e2e, owner.phone);
    const token = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, token, 'lsf');
    const { page, errors, context } = await e2e.newPage();
    context.setDefaultTimeout(STEP_MS);
    await signInContext(context, e2e.baseUrl, token);
    await page.goto('/contract/xhnPaymentStatus');
    const pane = activePane(page);
    await pane.getByText('尚未开通互诺服务').waitFor();
    await pane.getByRole('button', { name: '开通互诺服务' }).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await pane.locator('.ant-result-title', { hasText: '互诺服务已开通' }).waitFor();
    await pane.getByText(/^开通时间：/).waitFor();

    const status = await apiCall<MutualServiceView>(e2e.baseUrl, 'GET', '/api/system/users/mutualStatus', undefined, token);
    expect(status.data.opened).toBe(true);
    // What the page promises: another approved account searching on the mutual-promise platform finds it.
    clock.advance(61_000);
    const other = await registerAccount(e2e);
    await approveAccount(e2e, other.phone);
    const otherToken = await apiSignIn(e2e, other.phone);
    const found = await apiCall<ResultPage<CounterpartyView>>(e2e.baseUrl, 'GET', `/api/system/personal/searchCom?keyword=${owner.phone}&platform=xhn`, undefined, otherToken);
    expect(found.data.records.map((r) => r.name)).toEqual(['杭州互诺开通测试有限公司']);
    expect(errors).toEqual([]);
  });
});
