// Browser journey of enterprise authentication (issue 4) in real Chromium against the real server
// (built console + API + fresh in-memory PGlite): the owner fills the enterprise form with real
// uploads and the legal representative's SMS code, operations staff reject it with a reason, the
// owner sees the reason and resubmits with the previous values pre-filled, operations approve,
// and the owner sees the approved state with trading opened in the same session.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath, STEP_MS, SkewedClock, startE2e, type E2eApp } from '../support/browser';
import { activePane, toast } from '../support/console';
import { newPhone } from '../support/e2e-auth';
import { apiSignIn, attemptTag, openSignedIn, registerAccount, settledUser } from '../support/seed';

const ADMIN = { ADMIN_PHONE: '13800000077', ADMIN_PASSWORD: 'Admin#2026' };
/** The server allows one SMS per phone per 60 s: its clock is moved past that before each send. */
const RESEND_WINDOW_MS = 61_000;
const REASON = '门头照片不清晰，请重新拍摄';

/** A 1x1 PNG: real bytes the server types by magic number. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63000100000500010d0a2db40000000049454e44ae426082', 'hex');
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

const atPath = (page: Page, pathname: string) => page.waitForURL((url) => url.pathname === pathname, { timeout: STEP_MS });
/** antd's message toast with this text appears. */
/** The open (not hidden) cascader dropdown. */
const openCascader = (page: Page) => page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');

/** Picks a path in the cascader `control` opens: one click per level. */
async function cascade(page: Page, control: Locator, labels: string[]) {
  await control.click();
  const dropdown = openCascader(page);
  await dropdown.waitFor();
  for (const label of labels) await dropdown.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${label}$`) }).click();
  await dropdown.waitFor({ state: 'hidden' });
}

describe.skipIf(!chromiumPath)('browser journey: enterprise authentication (issue 4)', () => {
  let e2e: E2eApp;
  const clock = new SkewedClock();
  let opsToken: string;

  beforeAll(async () => {
    e2e = await startE2e(ADMIN, ['main'], { clock });
    opsToken = await apiSignIn(e2e, ADMIN.ADMIN_PHONE, ADMIN.ADMIN_PASSWORD);
    await settledUser(e2e, opsToken, 'lsf');
  });
  afterAll(async () => {
    await e2e?.close();
  });

  const openAs = (token: string) => openSignedIn(e2e, token, STEP_MS);

  /** Sends the legal representative's code with the form's button; returns it from the outbox. */
  async function smsCode(page: Page, phone: string): Promise<string> {
    clock.advance(RESEND_WINDOW_MS);
    await activePane(page).getByRole('button', { name: '获取验证码' }).click();
    await toast(page, '验证码已发送，请注意查收短信');
    return e2e.latestSms(phone);
  }

  /** Opens the review drawer of the submission of `company` in the ops queue. */
  async function openReview(page: Page, company: string): Promise<Locator> {
    await page.goto('/ops/authentication');
    const row = activePane(page).locator('tr', { hasText: company });
    await row.getByRole('button', { name: /审\s*核/ }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('经营场所').waitFor();
    return drawer;
  }

  it('submits with uploads, is rejected with a reason, resubmits pre-filled, and is approved', async () => {
    // Its own name: ops find the submission in a queue that, on a retry, also holds the first attempt's.
    const company = `杭州链上付测试${attemptTag()}科技有限公司`;
    const owner = await registerAccount(e2e, { enterpriseName: '临时名称' });
    const token = await apiSignIn(e2e, owner.phone);
    await settledUser(e2e, token, 'lsf');
    const legalPhone = newPhone();
    const { page, errors } = await openAs(token);

    // --- Before approval the account may look at offers but not create one: the button says why ---
    await page.goto('/outgoing/chainPayment');
    await activePane(page).locator('.ant-table, .ant-empty').first().waitFor();
    await activePane(page).getByRole('button', { name: '认证后可新建' }).first().waitFor();
    expect(await activePane(page).getByRole('button', { name: /^(plus-square )?新\s*建$/ }).count()).toBe(0);

    // --- The enterprise form, filled as a user does ---
    await page.goto('/businessAuthentication');
    const pane = activePane(page);
    await pane.getByText('请完成企业认证').waitFor();
    await pane.getByLabel('企业名称').fill(company);
    await pane.getByLabel('统一社会信用代码').fill('91350100m000100y43');
    expect(await pane.getByLabel('统一社会信用代码').inputValue()).toBe('91350100M000100Y43');
    await cascade(page, pane.getByLabel('经营所在地'), ['浙江省', '杭州市', '西湖区']);
    await pane.getByLabel('详细地址').fill('文三路 90 号 5 楼');
    await cascade(page, pane.getByLabel('行业类别'), ['信息传输、软件和信息技术服务业', '软件和信息技术服务业']);
    await pane.getByLabel('法定代表人姓名').fill('张三');
    await pane.getByLabel('法定代表人身份证件').setInputFiles([png('id-front.png'), png('id-back.png'), png('id-handheld.png')]);
    await pane.getByText('长期', { exact: true }).click();
    await pane.getByLabel('法定代表人手机号').fill(legalPhone);
    await pane.getByLabel('短信验证码').fill(await smsCode(page, legalPhone));
    await pane.getByLabel('开户名称').fill(company);
    await pane.getByLabel('对公银行账号').fill('3301040160000123456');
    await pane.getByLabel('开户银行').fill('工商');
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '中国工商银行' }).click();
    await cascade(page, pane.getByLabel('开户行所在地'), ['浙江省', '杭州市', '西湖区']);
    await pane.getByLabel('支行名称').fill('杭州文三路支行');
    await pane.getByLabel('开户许可证').setInputFiles(png('permit.png'));
    await pane.getByLabel('办公场所内景照片').setInputFiles(png('indoor.png'));
    await pane.getByLabel('门头照片').setInputFiles(png('door.png'));
    await expect.poll(() => pane.locator('.ant-upload-list-item-done').count(), { timeout: STEP_MS }).toBe(6);

    // --- A reload keeps what was entered (not the code) ---
    await page.reload();
    await activePane(page).getByText(/^已恢复您在 .+ 填写但尚未提交的内容$/).waitFor();
    expect(await activePane(page).getByLabel('企业名称').inputValue()).toBe(company);
    expect(await activePane(page).getByLabel('短信验证码').inputValue()).toBe('');
    await expect.poll(() => activePane(page).locator('.ant-upload-list-item-done img').count(), { timeout: STEP_MS }).toBe(6);
    await activePane(page).getByLabel('短信验证码').fill(await smsCode(page, legalPhone));

    await activePane(page).getByRole('button', { name: '提交认证' }).click();
    await atPath(page, '/authenticationSubmitted');
    await activePane(page).getByText('认证资料已提交', { exact: true }).waitFor();
    await activePane(page).getByText('平台运营人员将审核您的资料，审核需要 1–2 个工作日，审核结果会通过站内消息通知您。').waitFor();

    // --- Operations staff see it in the queue and reject it with a reason ---
    const ops = await openAs(opsToken);
    let drawer = await openReview(ops.page, company);
    await drawer.getByText('临时名称').waitFor();
    await expect.poll(() => drawer.locator('.ant-image img[src*="/api/files/"]').count(), { timeout: STEP_MS }).toBe(6);
    // A thumbnail opens large.
    await drawer.locator('.ant-image').first().click();
    await ops.page.locator('.ant-image-preview-img').waitFor();
    await ops.page.locator('.ant-image-preview-close').click();
    await ops.page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });
    await drawer.getByRole('button', { name: /^驳\s*回$/ }).click();
    const modal = ops.page.getByRole('dialog', { name: '驳回认证' });
    await modal.getByRole('button', { name: /^驳\s*回$/ }).click();
    await modal.getByText('请输入驳回原因').waitFor();
    await modal.getByLabel('驳回原因').fill(REASON);
    await modal.getByRole('button', { name: /^驳\s*回$/ }).click();
    await toast(ops.page, '已驳回，用户将看到驳回原因');
    await drawer.waitFor({ state: 'hidden' });

    // --- The owner, still on the result page, sees the reason and submits again from the previous values ---
    await activePane(page).getByRole('button', { name: '查看认证信息' }).click();
    await atPath(page, '/businessAuthentication');
    await activePane(page).getByText('认证未通过', { exact: true }).waitFor();
    await activePane(page).getByText(REASON).waitFor();
    expect(await activePane(page).getByLabel('企业名称').inputValue()).toBe(company);
    expect(await activePane(page).getByLabel('对公银行账号').inputValue()).toBe('3301040160000123456');
    expect(await activePane(page).getByLabel('短信验证码').inputValue()).toBe('');
    await expect.poll(() => activePane(page).locator('.ant-upload-list-item-done img').count(), { timeout: STEP_MS }).toBe(6);
    // A new storefront photo, as the reason asks.
    const oldDoor = activePane(page).locator('.ant-upload-list-item', { hasText: /^door\.png$/ });
    await oldDoor.hover();
    await oldDoor.locator('button[title="删除文件"]').click();
    await oldDoor.waitFor({ state: 'detached' });
    await activePane(page).getByLabel('门头照片').setInputFiles(png('door-clear.png'));
    await activePane(page).locator('.ant-upload-list-item-done', { hasText: /^door-clear\.png$/ }).waitFor();
    await activePane(page).getByLabel('短信验证码').fill(await smsCode(page, legalPhone));
    await activePane(page).getByRole('button', { name: '重新提交' }).click();
    await atPath(page, '/authenticationSubmitted');
    await activePane(page).getByText('认证资料已提交', { exact: true }).waitFor();

    // --- Operations approve ---
    drawer = await openReview(ops.page, company);
    await drawer.getByRole('button', { name: /^通\s*过$/ }).click();
    await ops.page.locator('.ant-popover').getByRole('button', { name: /^确\s*定$/ }).click();
    await toast(ops.page, '认证已通过');
    await ops.page.getByText('已通过', { exact: true }).click();
    await activePane(ops.page).locator('tr', { hasText: company }).waitFor();

    // --- The owner sees the approval; the console reads the caller again, in the same document ---
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await activePane(page).getByRole('button', { name: '查看认证信息' }).click();
    await atPath(page, '/businessAuthentication');
    await activePane(page).getByText('认证已通过', { exact: true }).waitFor();
    await activePane(page).getByText(REASON).waitFor({ state: 'detached' });
    expect(await activePane(page).locator('input[type="text"], textarea').count()).toBe(0);
    // Nothing of the caller is stored: only the token.
    expect(await page.evaluate(() => localStorage.getItem('userinfo'))).toBeNull();
    // Within the same page (no sign-in, no reload by the test) the purchase offers now offer create.
    const offers = page.locator('.shell-sider').getByRole('link', { name: '采购管理', exact: true });
    if (!(await offers.isVisible())) await page.locator('.shell-sider').getByText('交易管理', { exact: true }).click();
    await offers.click();
    await atPath(page, '/outgoing/chainPayment');
    await activePane(page).getByRole('button', { name: /新\s*建/ }).first().waitFor();
    expect(reloads).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    expect(errors, 'page errors and console errors').toEqual([]);
    expect(ops.errors, 'ops page errors and console errors').toEqual([]);
  });
});
