// The one way the console sends an SMS code (src/web/hooks/useSmsCode.ts), used by every sender:
// the sign-in, registration and reset forms, the account's own confirmations, schema forms' code
// fields. What it does is tested on the hook and, for what the user sees of a refusal, on the
// SMS sign-in form. The server is faked at fetch.
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SMS_RESEND_WINDOW_MS } from '../../src/shared/constants';
import { useSmsCode } from '../../src/web/hooks/useSmsCode';
import '../../src/web/i18n';
import { captchaRoute, fail, fakeApi, ok, type Reply } from './support/fakeApi';
import { renderApp } from './support/renderApp';

const PHONE = '13812345678';
const TOO_SOON = '验证码发送过于频繁，请 1 分钟后再试';

/** The server's 429 with its wait (Retry-After seconds) and its message. */
const tooMany = (seconds: number, msg = TOO_SOON): Reply => ({ ...fail(429, msg), headers: { 'Retry-After': String(seconds) } });

afterEach(() => {
  vi.useRealTimers();
});

describe('useSmsCode', () => {
  it('sends nothing without a valid phone', async () => {
    const api = fakeApi({ 'POST /api/smscode': ok({ retryAfter: 60 }) });
    const { result } = renderHook(() => useSmsCode({ scene: 'reset' }));
    for (const phone of [null, undefined, '', '1381234', '23812345678']) {
      let sent = true;
      await act(async () => {
        sent = await result.current.send(phone);
      });
      expect(sent).toBe(false);
    }
    expect(api.calls).toHaveLength(0);
    expect(result.current.countdown).toBe(0);
  });

  it('sends to the phone for the scene, then counts the resend window down to zero', async () => {
    const api = fakeApi({ 'POST /api/smscode': ok({ retryAfter: SMS_RESEND_WINDOW_MS / 1000 }) });
    const { result } = renderHook(() => useSmsCode({ scene: 'register' }));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent = false;
    await act(async () => {
      sent = await result.current.send(PHONE);
    });
    expect(sent).toBe(true);
    expect(api.callsTo('POST', '/api/smscode').map((call) => call.body)).toEqual([{ phone: PHONE, scene: 'register' }]);
    expect(result.current.countdown).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.countdown).toBe(59);
    // While the window runs a second send is not made.
    await act(async () => {
      sent = await result.current.send(PHONE);
    });
    expect(sent).toBe(false);
    expect(api.callsTo('POST', '/api/smscode')).toHaveLength(1);
    for (let second = 0; second < 59; second += 1) act(() => vi.advanceTimersByTime(1000));
    expect(result.current.countdown).toBe(0);
  });

  it("counts down the server's wait when it refuses a send as too soon", async () => {
    fakeApi({ 'POST /api/smscode': tooMany(37) });
    const { result } = renderHook(() => useSmsCode({ scene: 'login' }));
    let sent = true;
    await act(async () => {
      sent = await result.current.send(PHONE);
    });
    expect(sent).toBe(false);
    expect(result.current.countdown).toBe(37);
  });

  it('gives a refusal other than a 429 to the form that asked', async () => {
    fakeApi({ 'POST /api/smscode': fail(400, '参数错误', { phone: '该手机号未注册' }) });
    const refusals: unknown[] = [];
    const { result } = renderHook(() => useSmsCode({ scene: 'reset', onError: (error) => refusals.push(error) }));
    await act(async () => {
      await result.current.send(PHONE);
    });
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ code: 400, errors: { phone: '该手机号未注册' } });
    expect(result.current.countdown).toBe(0);
  });
});

describe('a refused send, as the user sees it (SMS sign-in)', () => {
  async function sendFromLogin(reply: Reply) {
    fakeApi({ 'GET /api/captchaImage': captchaRoute(), 'POST /api/smscode': reply });
    const { user } = renderApp('/user/login');
    await user.click(await screen.findByRole('tab', { name: '手机验证码登录' }));
    await user.type(await screen.findByRole('textbox', { name: '手机号' }), PHONE);
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
  }

  it("says the server's message with the wait, and the button counts the Retry-After seconds", async () => {
    await sendFromLogin(tooMany(42));
    expect(await screen.findByText(TOO_SOON)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^4[12] 秒后重发$/ })).toBeDisabled();
  });

  it("says the day's cap, and leaves the button to send again (its wait is not a countdown)", async () => {
    const cap = '该手机号今日验证码已达 10 条上限，请明天再试';
    await sendFromLogin(tooMany(36_000, cap));
    expect(await screen.findByText(cap)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});
