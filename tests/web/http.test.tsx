import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/web/i18n';
import { http, request } from '../../src/web/providers/http';
import { mountAt, rejection } from './support/clientFrame';
import { fail, fakeApi, ok, storeSession } from './support/fakeApi';

afterEach(async () => {
  if (i18n.language !== 'zh-CN') await act(() => i18n.changeLanguage('zh-CN'));
});

describe('http client: success', () => {
  it('resolves the data of a code 200 envelope and sends the token, the language and the variant', async () => {
    storeSession('token-abc');
    const api = fakeApi({ 'POST /api/things': ok({ id: 7 }) });
    await mountAt('/home');
    await expect(http.post('/things', { name: 'x' }, { query: { pageNo: 1, skip: undefined } })).resolves.toEqual({ id: 7 });
    const [call] = api.calls;
    expect(call.query.toString()).toBe('pageNo=1');
    expect(call.headers.get('Authorization')).toBe('token-abc');
    expect(call.headers.get('Accept-Language')).toBe('zh-CN');
    // The server answers message and todo links as this variant's routes (src/server/notify/links.ts).
    expect(call.headers.get('X-LSF-Variant')).toBe('main');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual({ name: 'x' });
  });

  it('treats code 0 as success too', async () => {
    fakeApi({ 'GET /api/legacy': { status: 200, body: { code: 0, msg: 'ok', data: [1, 2] } } });
    await mountAt('/home');
    await expect(http.get('/legacy')).resolves.toEqual([1, 2]);
  });

  it('sends no Authorization header without a session, and the chosen language', async () => {
    const api = fakeApi({ 'GET /api/captchaImage': ok({ uuid: 'u', img: 'data:,' }) });
    await mountAt('/user/login');
    await act(() => i18n.changeLanguage('en-US'));
    await http.get('/captchaImage');
    expect(api.calls[0].headers.has('Authorization')).toBe(false);
    expect(api.calls[0].headers.get('Accept-Language')).toBe('en-US');
  });
});

describe('http client: SPEC §8 error catalogue', () => {
  it('403: a notification titled 提示 with the message', async () => {
    fakeApi({ 'GET /api/secret': fail(403, '您没有该操作的权限') });
    await mountAt('/home');
    const error = await rejection(http.get('/secret'));
    expect(error.code).toBe(403);
    expect(error.msg).toBe('您没有该操作的权限');
    const description = await screen.findByText('您没有该操作的权限');
    const notice = description.closest('.ant-notification-notice') as HTMLElement;
    expect(notice.querySelector('.ant-notification-notice-message')).toHaveTextContent(/^提示$/);
  });

  it('403 in English: titled Notice', async () => {
    fakeApi({ 'GET /api/secret': fail(403, 'You do not have permission') });
    await mountAt('/home');
    await act(() => i18n.changeLanguage('en-US'));
    await rejection(http.get('/secret'));
    const description = await screen.findByText('You do not have permission');
    const notice = description.closest('.ant-notification-notice') as HTMLElement;
    expect(notice.querySelector('.ant-notification-notice-message')).toHaveTextContent(/^Notice$/);
  });

  it('401: clears the token and user info and goes to the login route with the page to return to', async () => {
    storeSession();
    fakeApi({ 'GET /api/system/users/info': fail(401, '登录已过期，请重新登录') });
    await mountAt('/home?tab=2');
    const error = await rejection(http.get('/system/users/info'));
    expect(error.code).toBe(401);
    expect(localStorage.getItem('Access-Token')).toBeNull();
    expect(localStorage.getItem('userinfo')).toBeNull();
    expect(await screen.findByText('/user/login?redirect=%2Fhome%3Ftab%3D2')).toBeInTheDocument();
    expect(screen.queryByText('登录已过期，请重新登录')).not.toBeInTheDocument();
  });

  it('400: a notification with msg, and the field errors on the error', async () => {
    fakeApi({ 'POST /api/things': fail(400, '参数校验失败', { name: '此项为必填项！' }) });
    await mountAt('/home');
    const error = await rejection(http.post('/things', {}));
    expect(error.errors).toEqual({ name: '此项为必填项！' });
    expect(await screen.findByText('参数校验失败')).toBeInTheDocument();
  });

  it('400: a notification with message when the envelope names it so', async () => {
    fakeApi({ 'POST /api/things': { status: 400, body: { code: 400, message: '请求参数错误', data: null } as never } });
    await mountAt('/home');
    await rejection(http.post('/things', {}));
    expect(await screen.findByText('请求参数错误')).toBeInTheDocument();
  });

  it('413: a notification with msg', async () => {
    fakeApi({ 'POST /api/upload': fail(413, '上传内容过大') });
    await mountAt('/home');
    expect((await rejection(http.post('/upload', {}))).code).toBe(413);
    expect(await screen.findByText('上传内容过大')).toBeInTheDocument();
  });

  it('500: a notification with msg', async () => {
    fakeApi({ 'GET /api/broken': fail(500, '服务器开小差了') });
    await mountAt('/home');
    await rejection(http.get('/broken'));
    expect(await screen.findByText('服务器开小差了')).toBeInTheDocument();
  });

  it('500: a notification with message when there is no msg', async () => {
    fakeApi({ 'GET /api/broken': { status: 500, body: { code: 500, message: '数据库不可用', data: null } as never } });
    await mountAt('/home');
    await rejection(http.get('/broken'));
    expect(await screen.findByText('数据库不可用')).toBeInTheDocument();
  });

  it('500: 请求错误！！！ when the server gives no text', async () => {
    fakeApi({ 'GET /api/broken': fail(500, '') });
    await mountAt('/home');
    await rejection(http.get('/broken'));
    expect(await screen.findByText('请求错误！！！')).toBeInTheDocument();
  });

  it('a response that is not our envelope (a proxy page) counts by its HTTP status', async () => {
    fakeApi({ 'GET /api/down': { status: 502, body: '<html><body>Bad Gateway</body></html>' } });
    await mountAt('/home');
    const error = await rejection(http.get('/down'));
    expect(error.code).toBe(502);
    expect(await screen.findByText('请求错误！！！')).toBeInTheDocument();
  });

  it('silent calls reject without a notification', async () => {
    fakeApi({
      'POST /api/quiet': fail(400, '静默的错误'),
      'POST /api/loud': fail(400, '显示的错误'),
    });
    await mountAt('/home');
    expect((await rejection(request('/quiet', { method: 'POST', silent: true }))).msg).toBe('静默的错误');
    await rejection(request('/loud', { method: 'POST' }));
    expect(await screen.findByText('显示的错误')).toBeInTheDocument();
    expect(screen.queryByText('静默的错误')).not.toBeInTheDocument();
  });
});

describe('http client: timeout', () => {
  it('gives up after 10000 ms and says the request timed out', async () => {
    // A server that never answers; the client's abort is the only way out.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init: RequestInit = {}) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    await mountAt('/home');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const pending = rejection(http.get('/slow')).finally(() => {
      settled = true;
    });
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(settled).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const error = await pending;
    expect(error.code).toBe(408);
    vi.useRealTimers();
    expect(await screen.findByText('请求超时，请检查网络后重试')).toBeInTheDocument();
  });
});
