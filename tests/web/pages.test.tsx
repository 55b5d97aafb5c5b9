import { act, screen, waitFor } from '@testing-library/react';
import { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../src/web/i18n';
import { captchaRoute, fail, fakeApi, ok } from './support/fakeApi';
import { location, renderApp } from './support/renderApp';

// The language is process-wide: each test starts in Chinese.
afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

const open = (path: string) => renderApp(path, { pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('forgetPassword', () => {
  it('resets the password with an SMS code, then goes to sign in', async () => {
    const api = fakeApi({ 'POST /api/reset': ok(null), 'GET /api/captchaImage': captchaRoute() });
    const { user } = open('/user/forgetPassword');
    await screen.findByRole('heading', { name: '找回密码' });
    for (const [label, text] of [
      ['手机号', '13812345678'],
      ['短信验证码', '654321'],
      ['新密码', 'NewPass2026!'],
      ['确认密码', 'NewPass2026!'],
    ]) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码已重置，请使用新密码登录')).toBeInTheDocument();
    await screen.findByRole('tab', { name: '账号密码登录' });
    expect(location()).toBe('/user/login');
    expect(api.callsTo('POST', '/api/reset')[0].body).toEqual({ phone: '13812345678', code: '654321', password: 'NewPass2026!' });
  });

  it('shows an unregistered phone beside the phone field', async () => {
    fakeApi({ 'POST /api/reset': fail(400, '参数校验失败', { phone: '该手机号未注册' }) });
    const { user } = open('/user/forgetPassword');
    await screen.findByRole('heading', { name: '找回密码' });
    for (const [label, text] of [
      ['手机号', '13812345678'],
      ['短信验证码', '654321'],
      ['新密码', 'NewPass2026!'],
      ['确认密码', 'NewPass2026!'],
    ]) {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    }
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('该手机号未注册')).toBeInTheDocument();
    expect(location()).toBe('/user/forgetPassword');
  });
});

describe('agreement documents', () => {
  it('shows the registration agreement with its sections and a way back', async () => {
    fakeApi({});
    const { user } = open('/user/registerProtocol');
    expect(await screen.findByRole('heading', { name: '链上付用户注册协议' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '二、注册与账户' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('链上付用户注册协议 - 链上付'));
    await user.click(screen.getByRole('button', { name: /返\s*回/ }));
    await screen.findByRole('heading', { name: '注册账户' });
    expect(location()).toBe('/user/sign');
  });

  it('shows the terms of service in English', async () => {
    fakeApi({});
    const { user } = open('/user/serviceProvision');
    await screen.findByRole('heading', { name: '链上付服务条款' });
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'LSF Terms of Service' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('LSF Terms of Service - LSF Chain Pay'));
    expect(screen.getByRole('heading', { name: '4. Settlement of funds' })).toBeInTheDocument();
  });
});

describe('webview', () => {
  it('frames a document of this site', async () => {
    fakeApi({});
    open('/user/webview?url=%2Fdocs%2Fguide.html');
    const frame = await screen.findByTitle('文档');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${window.location.origin}/docs/guide.html`);
  });

  it('refuses a document of another site', async () => {
    fakeApi({});
    open('/user/webview?url=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByText('无法打开该链接')).toBeInTheDocument();
    expect(screen.queryByTitle('文档')).not.toBeInTheDocument();
  });
});
