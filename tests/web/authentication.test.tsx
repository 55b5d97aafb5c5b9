// /businessAuthentication and /authenticationSubmitted: the status banner of each state, the form
// of the account's kind from the served definition, drafts across a reload, server field errors
// on their fields, the owner-only rule and the personal -> enterprise change. Only fetch is mocked.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/web/i18n';
import { formatDateTime } from '../../src/web/resources/format';
import { fail, fakeApi, ok, USER_INFO, type Reply } from './support/fakeApi';
import { ENTERPRISE_DATA, fileRoutes, findButton, formRoutes, location, queryButton, renderPage } from './support/authenticationHarness';

vi.setConfig({ testTimeout: 60_000 });
configure({ asyncUtilTimeout: 20_000 });

afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

const PAGE = '/businessAuthentication';
const SUBMITTED_AT = '2026-03-01T02:30:00.000Z';
const REVIEWED_AT = '2026-03-02T06:05:00.000Z';
const DRAFT_KEY = `lsf.authDraft.${USER_INFO.accountId}.enterpriseAuth`;

function submission(status: 'submitted' | 'approved' | 'rejected', extra: Record<string, unknown> = {}) {
  return {
    id: 'a0000000-0000-4000-8000-000000000001',
    kind: 'enterprise',
    data: ENTERPRISE_DATA,
    status,
    reason: status === 'rejected' ? '门头照片不清晰，请重新拍摄' : null,
    submittedAt: SUBMITTED_AT,
    reviewedAt: status === 'submitted' ? null : REVIEWED_AT,
    ...extra,
  };
}

const current = (authStatus: string, latest: unknown = null, kind = 'enterprise'): Reply => ok({ authStatus, kind, latest });

/** The error text shown under a field, found from its label. */
function errorOf(label: string | RegExp): string {
  const item = screen.getByLabelText(label).closest('.ant-form-item') as HTMLElement;
  return item.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

/** The page's title (the card's h4). */
const findTitle = (text: string) => screen.findByText(text, { selector: 'h4' });

describe('status banner', () => {
  it('asks an unverified enterprise owner to fill in the enterprise form', async () => {
    fakeApi({ ...formRoutes(), 'GET /api/system/authentication/current': current('unverified') });
    renderPage(PAGE);
    expect(await screen.findByText('请完成企业认证')).toBeInTheDocument();
    expect(await findTitle('企业认证')).toBeInTheDocument();
    expect(screen.getByText('未认证')).toBeInTheDocument();
    for (const label of ['企业名称', '统一社会信用代码', '详细地址', '法定代表人姓名', '法定代表人手机号', '短信验证码', '对公银行账号']) {
      expect(await screen.findByLabelText(label), label).toBeInTheDocument();
    }
    // Help texts of the definition show under their fields.
    expect(screen.getByText('须与营业执照上的名称完全一致')).toBeInTheDocument();
    expect(await findButton(/提\s*交\s*认\s*证/)).toBeEnabled();
    expect(queryButton(/切换为企业账号/)).toBeNull();
  });

  it('shows a submission under review with its time, read-only', async () => {
    fakeApi({ ...formRoutes(), ...fileRoutes(), 'GET /api/system/authentication/current': current('submitted', submission('submitted')) });
    renderPage(PAGE, { authStatus: 'submitted' });
    expect(await screen.findByText('认证资料审核中')).toBeInTheDocument();
    expect(screen.getByText(`您于 ${formatDateTime(SUBMITTED_AT)} 提交的认证资料正在审核，审核需要 1–2 个工作日，审核结果将通过站内消息通知您。审核期间资料不能修改。`)).toBeInTheDocument();
    expect(screen.getByText('审核中')).toBeInTheDocument();
    // What was sent, section by section, with labels instead of codes.
    expect(screen.getByText('企业信息')).toBeInTheDocument();
    expect(screen.getByText('对公账户')).toBeInTheDocument();
    expect(screen.getAllByText('杭州链上付测试科技有限公司')).toHaveLength(2);
    expect(await screen.findByText('信息传输、软件和信息技术服务业 / 软件和信息技术服务业')).toBeInTheDocument();
    // The business location and the bank branch's region.
    expect(await screen.findAllByText('浙江省 / 杭州市 / 西湖区')).toHaveLength(2);
    expect(screen.getByText('长期')).toBeInTheDocument();
    expect(await screen.findByAltText('photo-1.png')).toHaveAttribute('src', expect.stringContaining('/api/files/'));
    expect(document.querySelector('input, textarea')).toBeNull();
    expect(queryButton(/提\s*交/)).toBeNull();
  });

  it('says approved, with the decision time, read-only', async () => {
    fakeApi({ ...formRoutes('owner', 'approved'), ...fileRoutes(), 'GET /api/system/authentication/current': current('approved', submission('approved')) });
    renderPage(PAGE, { authStatus: 'approved' });
    expect(await screen.findByText('认证已通过')).toBeInTheDocument();
    expect(screen.getByText(`审核通过时间：${formatDateTime(REVIEWED_AT)}。账号已开通报价、合同、交易和结算功能。`)).toBeInTheDocument();
    expect(screen.getByText('已认证')).toBeInTheDocument();
    expect(screen.getByText('提交的认证资料')).toBeInTheDocument();
    expect(document.querySelector('input, textarea')).toBeNull();
  });

  it('shows the reason of a rejection and the previous values to submit again', async () => {
    fakeApi({ ...formRoutes(), ...fileRoutes(), 'GET /api/system/authentication/current': current('rejected', submission('rejected')) });
    renderPage(PAGE, { authStatus: 'rejected' });
    const banner = (await screen.findByText('认证未通过')).closest('.ant-alert') as HTMLElement;
    expect(banner).toHaveAttribute('role', 'alert');
    expect(within(banner).getByText('认证未通过')).toBeInTheDocument();
    expect(within(banner).getByText('门头照片不清晰，请重新拍摄')).toBeInTheDocument();
    expect(within(banner).getByText(`审核时间：${formatDateTime(REVIEWED_AT)}`)).toBeInTheDocument();
    expect(await screen.findByLabelText('企业名称')).toHaveValue('杭州链上付测试科技有限公司');
    expect(screen.getByLabelText('统一社会信用代码')).toHaveValue('91350100M000100Y43');
    expect(screen.getByLabelText('法定代表人手机号')).toHaveValue('13912345678');
    // The SMS code proves the phone once: it is asked for again.
    expect(screen.getByLabelText('短信验证码')).toHaveValue('');
    expect(await screen.findByAltText('photo-6.png')).toBeInTheDocument();
    expect(await findButton(/重\s*新\s*提\s*交/)).toBeEnabled();
  });

  it('shows the status in English', async () => {
    fakeApi({ ...formRoutes(), ...fileRoutes(), 'GET /api/system/authentication/current': current('rejected', submission('rejected', { reason: 'Blurred storefront photo' })) });
    await act(() => i18n.changeLanguage('en-US'));
    renderPage(PAGE, { authStatus: 'rejected' });
    expect(await screen.findByText('Authentication rejected')).toBeInTheDocument();
    expect(screen.getByText('Blurred storefront photo')).toBeInTheDocument();
    expect(await findTitle('Enterprise authentication')).toBeInTheDocument();
    expect(await screen.findByLabelText('Unified social credit code')).toHaveValue('91350100M000100Y43');
    expect(await findButton(/Submit again/)).toBeInTheDocument();
  });

  it('lets only the owner submit: an operator sees the status', async () => {
    fakeApi({ ...formRoutes('admin'), 'GET /api/system/authentication/current': current('unverified') });
    renderPage(PAGE, { isOwner: false });
    expect(await screen.findByText('只有账号所有者可以办理认证')).toBeInTheDocument();
    expect(screen.getByText('尚未提交认证资料')).toBeInTheDocument();
    expect(document.querySelector('input, textarea')).toBeNull();
    expect(queryButton(/提\s*交/)).toBeNull();
  });
});

describe('drafts', () => {
  it('keeps unsent values across a reload, never the SMS code, and can discard them', async () => {
    fakeApi({ ...formRoutes(), 'GET /api/system/authentication/current': current('unverified') });
    const first = renderPage(PAGE);
    await first.user.type(await screen.findByLabelText('企业名称'), '杭州某某科技有限公司');
    await first.user.type(screen.getByLabelText('统一社会信用代码'), '91350100m000100y43');
    await first.user.type(screen.getByLabelText('法定代表人手机号'), '13912345678');
    await first.user.type(screen.getByLabelText('短信验证码'), '123456');
    const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as { data: Record<string, unknown> };
    expect(stored.data).toEqual({ name: '杭州某某科技有限公司', creditCode: '91350100M000100Y43', legalPhone: '13912345678' });
    first.unmount();

    // The page opened again (a reload): the values are back, the code is not.
    const second = renderPage(PAGE);
    expect(await screen.findByText(/^已恢复您在 .+ 填写但尚未提交的内容$/)).toBeInTheDocument();
    expect(await screen.findByLabelText('企业名称')).toHaveValue('杭州某某科技有限公司');
    expect(screen.getByLabelText('统一社会信用代码')).toHaveValue('91350100M000100Y43');
    expect(screen.getByLabelText('短信验证码')).toHaveValue('');

    await second.user.click(await findButton(/清\s*除\s*草\s*稿/));
    await waitFor(() => expect(screen.getByLabelText('企业名称')).toHaveValue(''));
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    expect(screen.queryByText(/^已恢复您在/)).toBeNull();
  });

  it('prefers the draft of a resubmission to the rejected values', async () => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.parse('2026-03-03T01:00:00.000Z'), data: { ...ENTERPRISE_DATA, address: '文三路 100 号' } }));
    fakeApi({ ...formRoutes(), ...fileRoutes(), 'GET /api/system/authentication/current': current('rejected', submission('rejected')) });
    renderPage(PAGE, { authStatus: 'rejected' });
    expect(await screen.findByText(`已恢复您在 ${formatDateTime('2026-03-03T01:00:00.000Z')} 填写但尚未提交的内容`)).toBeInTheDocument();
    expect(await screen.findByLabelText('详细地址')).toHaveValue('文三路 100 号');
    expect(screen.getByLabelText('企业名称')).toHaveValue('杭州链上付测试科技有限公司');
  });
});

describe('submitting', () => {
  it('puts the server field errors on their fields, then submits and shows what happens next', async () => {
    let answer: Reply = fail(400, '提交的信息有误，请检查标出的字段', { creditCode: '请输入正确的统一社会信用代码', smsCode: '验证码错误' });
    let status: 'rejected' | 'submitted' = 'rejected';
    const api = fakeApi({
      ...formRoutes(),
      ...fileRoutes(),
      'GET /api/system/authentication/current': current('rejected', submission('rejected')),
      'POST /api/system/authentication/submit': () => {
        if (answer.status === 200) status = 'submitted';
        return answer;
      },
      // The server's user info of the caller: under review once a submission is accepted.
      'GET /api/system/users/info': () => ok({ ...USER_INFO, authStatus: status }),
    });
    const { user } = renderPage(PAGE, { authStatus: 'rejected' });
    await user.type(await screen.findByLabelText('短信验证码'), '000000');
    await user.click(await findButton(/重\s*新\s*提\s*交/));
    await waitFor(() => expect(errorOf('短信验证码')).toBe('验证码错误'));
    expect(errorOf('统一社会信用代码')).toBe('请输入正确的统一社会信用代码');
    expect(errorOf('企业名称')).toBe('');
    expect(await screen.findByText('提交的信息有误，请检查标出的字段')).toBeInTheDocument();
    const [sent] = api.callsTo('POST', '/api/system/authentication/submit');
    expect(sent.body).toEqual({ kind: 'enterprise', data: { ...ENTERPRISE_DATA, smsCode: '000000' } });
    expect(location()).toBe(PAGE);

    // Correcting the code clears its message; the server accepts the second try.
    await user.clear(screen.getByLabelText('短信验证码'));
    await user.type(screen.getByLabelText('短信验证码'), '246810');
    await waitFor(() => expect(errorOf('短信验证码')).toBe(''));
    // Only the code differs from the rejected values: no draft to keep.
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    answer = ok(submission('submitted', { submittedAt: '2026-03-04T01:00:00.000Z' }));
    await user.click(await findButton(/重\s*新\s*提\s*交/));
    expect(await screen.findByText('认证资料已提交', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(location()).toBe('/authenticationSubmitted');
    expect(screen.getByText('平台运营人员将审核您的资料，审核需要 1–2 个工作日，审核结果会通过站内消息通知您。')).toBeInTheDocument();
    expect(screen.getByText(`提交时间：${formatDateTime('2026-03-04T01:00:00.000Z')}`)).toBeInTheDocument();
    expect(screen.getByText('平台审核')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/system/authentication/submit')[1].body).toMatchObject({ data: { smsCode: '246810' } });
    expect(localStorage.getItem(DRAFT_KEY)).toBeNull();
    // The caller was read again after the submission (no page reload): the server now says under review.
    const reads = api.callsTo('GET', '/api/system/users/info');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem('userinfo')).toBeNull();

    await user.click(await findButton(/返\s*回\s*首\s*页/));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument();
  });

  it('checks the form before sending: required fields and formats', async () => {
    const api = fakeApi({ ...formRoutes(), 'GET /api/system/authentication/current': current('unverified') });
    const { user } = renderPage(PAGE);
    await user.type(await screen.findByLabelText('统一社会信用代码'), '91350100M000100Y44');
    await user.click(await findButton(/提\s*交\s*认\s*证/));
    await waitFor(() => expect(errorOf('企业名称')).toBe('此项为必填项'));
    expect(errorOf('统一社会信用代码')).toBe('请输入正确的统一社会信用代码');
    expect(api.callsTo('POST', '/api/system/authentication/submit')).toHaveLength(0);
  });
});

describe('personal accounts', () => {
  it('shows the personal form, and after confirmation switches to an enterprise account', async () => {
    let kind = 'personal';
    const api = fakeApi({
      ...formRoutes(),
      'GET /api/system/authentication/current': () => current('unverified', null, kind),
      'GET /api/system/authentication/pChangeE': () => {
        kind = 'enterprise';
        return ok({ ...USER_INFO, type: 'enterprise', authStatus: 'unverified' });
      },
      'GET /api/system/users/info': () => ok({ ...USER_INFO, type: kind === 'enterprise' ? 'enterprise' : 'personal', authStatus: 'unverified' }),
    });
    const { user } = renderPage(PAGE, { type: 'personal' });
    expect(await findTitle('个人认证')).toBeInTheDocument();
    expect(await screen.findByLabelText('身份证号')).toBeInTheDocument();
    expect(screen.getByLabelText('职业详细描述')).toBeInTheDocument();

    await user.click(await findButton(/切换为企业账号/));
    expect(await screen.findByText('切换后需以企业身份完成认证，认证通过前不能使用交易功能。此操作不可撤销。')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/system/authentication/pChangeE')).toHaveLength(0);
    await user.click(await findButton(/确\s*认\s*切\s*换/));
    expect(await screen.findByText('已切换为企业账号，请填写企业认证资料')).toBeInTheDocument();
    expect(await findTitle('企业认证')).toBeInTheDocument();
    expect(await screen.findByLabelText('统一社会信用代码')).toBeInTheDocument();
    // The caller is read again from the server (now an enterprise), in the same page.
    await waitFor(() => expect(api.callsTo('GET', '/api/system/users/info').length).toBeGreaterThanOrEqual(2));
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(queryButton(/切换为企业账号/)).toBeNull();
  });
});
