import { screen, waitFor, within } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { captchaRoute, fail, fakeApi, ok } from './support/fakeApi';
import { location, renderApp } from './support/renderApp';

type User = ReturnType<typeof renderApp>['user'];

const openRegister = async () => {
  // jsdom's getComputedStyle is slow with antd's many style rules; the pointer-events check
  // calls it for every ancestor of every click.
  const app = renderApp('/user/sign', { pointerEventsCheck: PointerEventsCheckLevel.Never });
  await screen.findByRole('heading', { name: '注册账户' });
  return app;
};

const submit = (user: User) => user.click(screen.getByRole('button', { name: /注\s*册/ }));

/** Types like a paste: one input event per field keeps antd's per-keystroke validation out of the test's time. */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The radio buttons' inputs are covered by their labels, which take the click. */
const chooseUserType = (user: User, label: string) => user.click(screen.getByText(label));

async function fillValidForm(user: User, { enterprise = true } = {}) {
  if (enterprise) await fill(user, screen.getByLabelText('企业名称'), '杭州链上付科技有限公司');
  await fill(user, screen.getByLabelText('手机号'), '13812345678');
  await fill(user, screen.getByLabelText('短信验证码'), '123456');
  await fill(user, screen.getByLabelText('密码'), 'Settle2026!');
  await fill(user, screen.getByLabelText('确认密码'), 'Settle2026!');
  await user.click(screen.getByRole('checkbox'));
}

describe('register page', () => {
  it('rates the password as it is typed: short, low, medium, strong', async () => {
    fakeApi({});
    const { user } = await openRegister();
    const password = screen.getByLabelText('密码');
    const meter = () => screen.getByTestId('password-strength');

    await fill(user, password, 'ab1');
    expect(meter()).toHaveAttribute('data-level', 'short');
    expect(meter()).toHaveTextContent('密码强度：太短');

    await user.clear(password);
    await fill(user, password, 'ab12cd');
    expect(meter()).toHaveAttribute('data-level', 'low');
    expect(meter()).toHaveTextContent('密码强度：低');

    await user.clear(password);
    await fill(user, password, 'abcdef12');
    expect(meter()).toHaveAttribute('data-level', 'medium');
    expect(meter()).toHaveTextContent('密码强度：中');

    await user.clear(password);
    await fill(user, password, 'Settle2026!');
    expect(meter()).toHaveAttribute('data-level', 'strong');
    expect(meter()).toHaveTextContent('密码强度：强');
  });

  it('applies the complexity rules to the password', async () => {
    fakeApi({});
    const { user } = await openRegister();
    const password = screen.getByLabelText('密码');
    await fill(user, password, 'abcdefgh');
    expect(await screen.findByText('密码须包含数字、字母、特殊字符中的至少两种！')).toBeInTheDocument();
    await user.clear(password);
    await fill(user, password, 'abc12\\34');
    expect(await screen.findByText('密码不能包含反斜杠（\\）！')).toBeInTheDocument();
  });

  it('says when the two passwords do not match', async () => {
    fakeApi({});
    const { user } = await openRegister();
    await fill(user, screen.getByLabelText('密码'), 'Settle2026!');
    await fill(user, screen.getByLabelText('确认密码'), 'Settle2026?');
    expect(await screen.findByText('两次输入的密码不匹配！')).toBeInTheDocument();
  });

  it('requires the agreement to be accepted, and links to both documents', async () => {
    const api = fakeApi({});
    const { user } = await openRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox')); // untick it again
    await submit(user);
    expect(await screen.findByText('请阅读并勾选协议！')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/register')).toHaveLength(0);
    expect(screen.getByRole('link', { name: '《注册协议》' })).toHaveAttribute('href', '/user/registerProtocol');
    expect(screen.getByRole('link', { name: '《服务条款》' })).toHaveAttribute('href', '/user/serviceProvision');
  });

  it('asks for the enterprise name only for enterprise accounts', async () => {
    fakeApi({});
    const { user } = await openRegister();
    expect(screen.getByText('须与营业执照上的企业名称完全一致')).toBeInTheDocument();
    await submit(user);
    expect(await screen.findByText('请输入企业名称，须与营业执照上的名称一致！')).toBeInTheDocument();

    await chooseUserType(user, '个人用户');
    await waitFor(() => expect(screen.queryByLabelText('企业名称')).not.toBeInTheDocument());
    expect(screen.queryByText('请输入企业名称，须与营业执照上的名称一致！')).not.toBeInTheDocument();

    await chooseUserType(user, '企业用户');
    expect(await screen.findByLabelText('企业名称')).toBeInTheDocument();
  });

  it('registers an enterprise and shows registerSuccessfully, which leads to sign-in', async () => {
    const api = fakeApi({
      'POST /api/register': ok({ userId: 'u-9' }),
      'GET /api/captchaImage': captchaRoute(),
    });
    const { user } = await openRegister();
    await fillValidForm(user);
    await submit(user);

    expect(await screen.findByText('注册成功', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(location()).toBe('/user/registerSuccessfully');
    expect(api.callsTo('POST', '/api/register')[0].body).toEqual({
      userType: 'enterprise',
      enterpriseName: '杭州链上付科技有限公司',
      phone: '13812345678',
      code: '123456',
      password: 'Settle2026!',
      agree: true,
    });
    await user.click(screen.getByRole('button', { name: '去登录' }));
    await screen.findByRole('tab', { name: '账号密码登录' });
    expect(location()).toBe('/user/login');
  });

  it('registers a personal account without an enterprise name', async () => {
    const api = fakeApi({ 'POST /api/register': ok({ userId: 'u-10' }) });
    const { user } = await openRegister();
    await chooseUserType(user, '个人用户');
    await fillValidForm(user, { enterprise: false });
    await submit(user);
    await screen.findByText('注册成功', { selector: '.ant-result-title' });
    expect(api.callsTo('POST', '/api/register')[0].body).toEqual({
      userType: 'personal',
      phone: '13812345678',
      code: '123456',
      password: 'Settle2026!',
      agree: true,
    });
  });

  it('shows the server field errors beside their fields', async () => {
    fakeApi({
      'POST /api/register': fail(400, '参数校验失败', { phone: '该手机号已注册', code: '验证码错误或已失效' }),
    });
    const { user } = await openRegister();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText('该手机号已注册')).toBeInTheDocument();
    expect(await screen.findByText('验证码错误或已失效')).toBeInTheDocument();
    expect(location()).toBe('/user/sign');
    // Each message sits in its own field's row.
    const phoneRow = screen.getByLabelText('手机号').closest('.ant-form-item') as HTMLElement;
    expect(within(phoneRow).getByText('该手机号已注册')).toBeInTheDocument();
  });

  it('shows a server message that names no field as a toast', async () => {
    fakeApi({ 'POST /api/register': fail(429, '操作过于频繁，请稍后再试') });
    const { user } = await openRegister();
    await fillValidForm(user);
    await submit(user);
    expect(await screen.findByText('操作过于频繁，请稍后再试')).toBeInTheDocument();
    expect(location()).toBe('/user/sign');
  });

  it('sends the registration code for the register scene', async () => {
    const api = fakeApi({ 'POST /api/smscode': ok({ sent: true }) });
    const { user } = await openRegister();
    await fill(user, screen.getByLabelText('手机号'), '13812345678');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '60 秒后重发' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/smscode')[0].body).toEqual({ phone: '13812345678', scene: 'register' });
    await screen.findByText('验证码已发送，请注意查收短信');
  });
});
