import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captchaRoute, fail, fakeApi, ok, PROFILE, shellRoutes, storeSession, USER_INFO } from './support/fakeApi';
import { findGreeting, location, renderApp } from './support/renderApp';

const SEVEN_DAYS = 604_800_000;

/** The routes a successful password sign-in goes through. */
const signInRoutes = () => ({
  ...shellRoutes(),
  'GET /api/captchaImage': captchaRoute(),
  'POST /api/login': ok({ access_token: 'token-123', expires_in: 604800 }),
  'GET /api/user/info': ok(PROFILE),
  'GET /api/system/users/info': ok(USER_INFO),
});

/** Lets pending promises (fetch, state updates) run while the timers are fake. */
async function flushUntil(done: () => boolean) {
  for (let round = 0; round < 100 && !done(); round += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

const phoneInput = () => screen.findByRole('textbox', { name: '手机号' });
const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

async function fillPasswordForm(user: ReturnType<typeof renderApp>['user'], captcha = 'ab12') {
  await user.type(await phoneInput(), '13812345678');
  await user.type(screen.getByLabelText('密码'), 'Settle2026!');
  await user.type(screen.getByRole('textbox', { name: '图形验证码' }), captcha);
}

describe('login page: password sign-in', () => {
  it('asks for the phone, password and captcha when they are empty', async () => {
    const api = fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('button', { name: /登\s*录/ }));
    expect(await screen.findByText('请输入手机号！')).toBeInTheDocument();
    expect(screen.getByText('请输入密码！')).toBeInTheDocument();
    expect(screen.getByText('请输入图形验证码！')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/login')).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('登录 - 链上付'));
  });

  it('rejects a phone number in the wrong format, and accepts it once corrected', async () => {
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    const { user } = renderApp('/user/login');
    const phone = await phoneInput();
    await user.type(phone, '1234567');
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    await user.clear(phone);
    await user.type(phone, '13812345678');
    await waitFor(() => expect(screen.queryByText('手机号格式不正确')).not.toBeInTheDocument());
    expect(phone).toHaveAttribute('aria-invalid', 'false');
  });

  it('shows the captcha image and fetches a new one when it is clicked', async () => {
    const api = fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    const { user } = renderApp('/user/login');
    const first = await screen.findByRole('img', { name: '图形验证码' });
    const firstSrc = first.getAttribute('src');
    await user.click(screen.getByRole('button', { name: '看不清？点击换一张' }));
    await waitFor(() => expect(screen.getByRole('img', { name: '图形验证码' })).not.toHaveAttribute('src', firstSrc));
    expect(api.callsTo('GET', '/api/captchaImage')).toHaveLength(2);
  });

  it('signs in, stores the 7-day token (and nothing of the user), and goes to /home', async () => {
    const api = fakeApi(signInRoutes());
    const { user } = renderApp('/user/login');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    const before = Date.now();
    await user.click(submitButton());

    expect(await findGreeting()).toBeInTheDocument();
    expect(location()).toBe('/home');
    expect(api.callsTo('POST', '/api/login')[0].body).toEqual({
      username: '13812345678',
      password: 'Settle2026!',
      uuid: 'captcha-1',
      captchaCode: 'ab12',
    });
    const stored = JSON.parse(localStorage.getItem('Access-Token') ?? 'null') as { value: string; expire: number };
    expect(stored.value).toBe('token-123');
    expect(stored.expire).toBeGreaterThanOrEqual(before + SEVEN_DAYS);
    expect(stored.expire).toBeLessThanOrEqual(Date.now() + SEVEN_DAYS);
    // The token is all the browser keeps: who signed in is asked from the server (refine's getIdentity).
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(Object.values({ ...localStorage }).filter((value) => String(value).includes(USER_INFO.phone))).toEqual([]);
    // Later calls carry the token.
    expect(api.callsTo('GET', '/api/system/users/info')[0].headers.get('Authorization')).toBe('token-123');
    // The header shows the caller the server answered.
    await waitFor(() => expect(screen.getByTestId('current-user')).toHaveTextContent('张三'), { timeout: 3000 });
  });

  it('returns to the page named by the redirect query after sign-in', async () => {
    fakeApi(signInRoutes());
    const { user } = renderApp('/user/login?redirect=%2Fhome%3Ftab%3D2');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());
    await findGreeting();
    expect(location()).toBe('/home?tab=2');
  });

  it('ignores a redirect query that leads off the site', async () => {
    fakeApi(signInRoutes());
    const { user } = renderApp('/user/login?redirect=https%3A%2F%2Fevil.example%2Fphish');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());
    await findGreeting();
    expect(location()).toBe('/home');
  });

  it('shows the server message when sign-in fails and shows a new captcha', async () => {
    const api = fakeApi({
      ...signInRoutes(),
      'POST /api/login': fail(400, '手机号或密码错误，还可尝试 4 次'),
    });
    const { user } = renderApp('/user/login');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('手机号或密码错误，还可尝试 4 次');
    await waitFor(() => expect(api.callsTo('GET', '/api/captchaImage')).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole('textbox', { name: '图形验证码' })).toHaveValue(''));
    expect(localStorage.getItem('Access-Token')).toBeNull();
    expect(location()).toBe('/user/login');
  });

  it('puts a wrong captcha beside the captcha field', async () => {
    fakeApi({
      ...signInRoutes(),
      'POST /api/login': fail(400, '参数校验失败', { captchaCode: '图形验证码错误' }),
    });
    const { user } = renderApp('/user/login');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());
    expect(await screen.findByText('图形验证码错误')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '图形验证码' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a role without permissions', async () => {
    fakeApi({
      ...signInRoutes(),
      'GET /api/user/info': ok({ ...PROFILE, role: { ...PROFILE.role, permissions: [] } }),
    });
    const { user } = renderApp('/user/login');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('当前账户未分配任何权限，无法登录，请联系管理员');
    expect(localStorage.getItem('Access-Token')).toBeNull();
  });

  it('refuses a profile without a role', async () => {
    const { role: _role, ...noRole } = PROFILE;
    fakeApi({ ...signInRoutes(), 'GET /api/user/info': ok(noRole) });
    const { user } = renderApp('/user/login');
    await screen.findByRole('img', { name: '图形验证码' });
    await fillPasswordForm(user);
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('getInfo: roles must be a non-null array !');
  });
});

describe('login page: SMS sign-in', () => {
  it('sends the code and counts the seconds down from 60 before it can be sent again', async () => {
    const api = fakeApi({
      'GET /api/captchaImage': captchaRoute(),
      'POST /api/smscode': ok({ sent: true }),
    });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(await phoneInput(), '13812345678');

    // Fake clocks for the countdown only; testing-library's waiting needs the real ones, so
    // the promises in between are flushed by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await flushUntil(() => screen.queryByRole('button', { name: '60 秒后重发' }) !== null);
    expect(screen.getByRole('button', { name: '60 秒后重发' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/smscode')[0].body).toEqual({ phone: '13812345678', scene: 'login' });

    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '59 秒后重发' })).toBeDisabled();
    for (let second = 0; second < 59; second += 1) act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
    vi.useRealTimers();
    expect(await screen.findByText('验证码已发送，请注意查收短信')).toBeInTheDocument();
  });

  it('does not send a code to a phone number in the wrong format', async () => {
    const api = fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(await phoneInput(), '1381234');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/smscode')).toHaveLength(0);
  });

  it('signs in with the phone and the code', async () => {
    const api = fakeApi({
      ...shellRoutes(),
      'GET /api/captchaImage': captchaRoute(),
      'POST /api/logincode': ok({ access_token: 'token-sms', expires_in: 604800 }),
      'GET /api/user/info': ok(PROFILE),
      'GET /api/system/users/info': ok(USER_INFO),
    });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(await phoneInput(), '13812345678');
    await user.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await user.click(submitButton());
    await findGreeting();
    expect(api.callsTo('POST', '/api/logincode')[0].body).toEqual({ phone: '13812345678', code: '123456' });
    expect(location()).toBe('/home');
  });

  it('puts a wrong code beside the code field', async () => {
    fakeApi({
      'GET /api/captchaImage': captchaRoute(),
      'POST /api/logincode': fail(400, '参数校验失败', { code: '验证码错误或已失效' }),
    });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(await phoneInput(), '13812345678');
    await user.type(screen.getByRole('textbox', { name: '短信验证码' }), '123456');
    await user.click(submitButton());
    expect(await screen.findByText('验证码错误或已失效')).toBeInTheDocument();
  });
});

describe('session routing', () => {
  it('sends a signed-in visitor of /user/login on to /home', async () => {
    storeSession();
    fakeApi({ ...shellRoutes(), 'GET /api/user/info': ok(PROFILE) });
    renderApp('/user/login');
    expect(await findGreeting()).toBeInTheDocument();
    expect(location()).toBe('/home');
  });

  it('sends a signed-out visitor of a protected path to the login page with a redirect query', async () => {
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    renderApp('/home');
    await screen.findByRole('img', { name: '图形验证码' });
    expect(location()).toBe('/user/login?redirect=%2Fhome');
  });

  it('treats an expired token as signed out', async () => {
    localStorage.setItem('Access-Token', JSON.stringify({ value: 'old', expire: Date.now() - 1 }));
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    renderApp('/home');
    await screen.findByRole('img', { name: '图形验证码' });
    expect(location()).toBe('/user/login?redirect=%2Fhome');
    expect(localStorage.getItem('Access-Token')).toBeNull();
  });

  it('logs out after OK in the confirmation, and stays signed in after Cancel', async () => {
    storeSession('token-xyz');
    const api = fakeApi({
      ...shellRoutes(),
      'GET /api/user/info': ok(PROFILE),
      'DELETE /api/logout': ok(null),
      'GET /api/captchaImage': captchaRoute(),
    });
    const { user } = renderApp('/home');
    await user.click(await screen.findByRole('button', { name: /退出登录/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定要退出登录吗？')).not.toBeInTheDocument());
    expect(localStorage.getItem('Access-Token')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: /退出登录/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await screen.findByRole('img', { name: '图形验证码' });
    expect(location()).toBe('/user/login');
    expect(api.callsTo('DELETE', '/api/logout')[0].headers.get('Authorization')).toBe('token-xyz');
    expect(localStorage.getItem('Access-Token')).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();
  });

  it('sends unknown paths to the 404 page, whose button leads home', async () => {
    storeSession();
    fakeApi({ ...shellRoutes(), 'GET /api/user/info': ok(PROFILE) });
    const { user } = renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在。')).toBeInTheDocument();
    expect(location()).toBe('/404');
    await waitFor(() => expect(document.title).toBe('页面不存在 - 链上付'));
    await user.click(screen.getByRole('button', { name: '返回首页' }));
    expect(await findGreeting()).toBeInTheDocument();
    expect(location()).toBe('/home');
  });

  it('sends a signed-out visitor of an unknown path to sign in first (SPEC lists /404 as not public)', async () => {
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    renderApp('/user/nothing-here');
    await screen.findByRole('img', { name: '图形验证码' });
    expect(location()).toBe('/user/login?redirect=%2F404');
  });

  it('sends /user and /user/recover to the login page', async () => {
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    renderApp('/user/recover');
    await screen.findByRole('img', { name: '图形验证码' });
    expect(location()).toBe('/user/login');
  });
});

describe('language', () => {
  it('switches the auth pages to English and remembers the choice', async () => {
    fakeApi({ 'GET /api/captchaImage': captchaRoute() });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('button', { name: 'English' }));
    expect(await screen.findByRole('tab', { name: 'SMS code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('en-US');
    await waitFor(() => expect(document.title).toBe('Sign in - LSF Chain Pay'));
    expect(document.documentElement.lang).toBe('en-US');
    await user.click(screen.getByRole('button', { name: '中文' }));
    expect(await screen.findByRole('tab', { name: '手机验证码登录' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('zh-CN');
  });
});
