import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { captchaRoute, fail, ok } from './support/fakeApi';
import { findActivePane, menuLink, openShell } from './support/shell';

const bell = (count: number) => screen.findByRole('link', { name: `消息中心（${count} 条未读）` });

describe('header: unread message badge (SPEC §7: non-200 silently gives 0)', { timeout: 30_000 }, () => {
  it('shows the count GET /api/system/message/notread answers', async () => {
    openShell('/home', { 'GET /api/system/message/notread': ok(7) });
    const link = await bell(7);
    expect(within(link.parentElement!).getByText('7')).toBeInTheDocument();
    expect(link).toHaveAttribute('href', '/message');
  });

  it.each([
    ['a 500 envelope', fail(500, '服务器开小差了')],
    ['a 403 envelope', fail(403, '您没有该操作的权限')],
    ['a 200 response with another code', { status: 200, body: { code: 1001, msg: '统计服务不可用', data: 5 } }],
    ['a proxy error page', { status: 502, body: '<html>Bad Gateway</html>' }],
  ])('counts 0 and says nothing for %s', async (_, reply) => {
    const { api } = openShell('/home', { 'GET /api/system/message/notread': reply });
    await findActivePane();
    await waitFor(() => expect(api.callsTo('GET', '/api/system/message/notread').length).toBeGreaterThan(0));
    expect(await bell(0)).toBeInTheDocument();
    expect(document.querySelector('.ant-scroll-number')).toBeNull();
    // No notification: the failure is silent.
    expect(screen.queryByText('服务器开小差了')).toBeNull();
    expect(screen.queryByText('您没有该操作的权限')).toBeNull();
    expect(screen.queryByText('提示')).toBeNull();
  });

  it('asks again on every navigation', async () => {
    let unread = 3;
    const { api, user } = openShell('/home', { 'GET /api/system/message/notread': () => ok(unread), 'POST /api/system/message/list': ok({ records: [], total: 0 }) });
    await bell(3);
    const before = api.callsTo('GET', '/api/system/message/notread').length;
    unread = 2;
    await user.click(await screen.findByText('账户中心'));
    await user.click(menuLink('消息中心'));
    await bell(2);
    expect(api.callsTo('GET', '/api/system/message/notread').length).toBeGreaterThan(before);
  });

  it('asks again every 60 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let unread = 1;
    const { api } = openShell('/home', { 'GET /api/system/message/notread': () => ok(unread) });
    await bell(1);
    const before = api.callsTo('GET', '/api/system/message/notread').length;
    unread = 4;
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(api.callsTo('GET', '/api/system/message/notread')).toHaveLength(before);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    await bell(4);
    expect(api.callsTo('GET', '/api/system/message/notread')).toHaveLength(before + 1);
  });
});

describe('header: clock and current user (SPEC §9)', { timeout: 30_000 }, () => {
  it('refreshes the date and time every second and names the user from the first paint (never blank)', async () => {
    openShell('/home');
    await findActivePane();
    const clock = screen.getByLabelText('当前时间');
    expect(clock.textContent).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 星期./);
    expect(screen.getByTestId('current-user')).toHaveTextContent('张三');
    const shown = clock.textContent;
    await waitFor(() => expect(screen.getByLabelText('当前时间').textContent).not.toBe(shown), { timeout: 2500 });
  });

  it('asks before logging out: Cancel stays, OK leaves', async () => {
    const { user, api } = openShell('/home', { 'DELETE /api/logout': ok(null), 'GET /api/captchaImage': captchaRoute() });
    await findActivePane();
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要退出登录吗？')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByText('确定要退出登录吗？')).toBeNull());
    expect(api.callsTo('DELETE', '/api/logout')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: '退出登录' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /确\s*定/ }));
    await screen.findByAltText('图形验证码'); // cheap to poll, unlike *ByRole, while the login chunk loads
    expect(window.location.pathname).toBe('/user/login');
    expect(localStorage.getItem('Access-Token')).toBeNull();
  });
});
