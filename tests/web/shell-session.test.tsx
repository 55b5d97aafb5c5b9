import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roleFor } from '../../src/shared/permissions';
import { captchaRoute, fail, ok, PROFILE } from './support/fakeApi';
import { location } from './support/renderApp';
import { findActivePane, openShell, OWNER, sideMenu } from './support/shell';

/** The whole console in jsdom: the first render downloads (transforms) many modules. */
const SLOW = { timeout: 20_000 };
const VIEWER = { ...PROFILE, name: '只读操作员', role: roleFor('viewer') };

describe('routes and permissions in the console (SPEC §2, §6)', { timeout: 40_000 }, () => {
  it('lists only the entries the role reaches, and shows 403 for a typed URL it does not', async () => {
    openShell('/operator', {}, VIEWER);
    expect(await screen.findByText('抱歉，您无权访问此页面。')).toBeInTheDocument();
    expect(location()).toBe('/operator');
    const menu = within(sideMenu());
    expect(menu.getByText('首页')).toBeInTheDocument();
    expect(menu.queryByText('平台运营')).toBeNull();
    expect(document.title).toBe('账户管理 - 链上付');
  });

  it('follows the redirects of menu.json', async () => {
    openShell('/contract');
    await waitFor(() => expect(location()).toBe('/contract/contractbuy'));
    await findActivePane();
  });

  it('shows a receipt on a blank page, titled; without a receipt id it says where to open one', async () => {
    openShell('/Withdrawal');
    expect(await screen.findByRole('heading', { name: '提现回单' })).toBeInTheDocument();
    expect(await screen.findByText('缺少回单编号，请从业务记录中打开回单')).toBeInTheDocument();
    expect(document.querySelector('.shell')).toBeNull();
    await waitFor(() => expect(document.title).toBe('提现回单 - 链上付'));
  });

  it('offers the add action only to a role whose entry grants add (refine access control)', async () => {
    // An approved owner may add purchase offers; a viewer may not.
    openShell('/home', {}, OWNER);
    expect(await screen.findByRole('button', { name: '发布采购发盘' }, SLOW)).toBeInTheDocument();
  });

  it('hides the add action from a role without add', async () => {
    openShell('/home', {}, VIEWER);
    await screen.findByRole('heading', { name: /只读操作员$/ }, SLOW);
    await screen.findByText('常用功能', {}, SLOW);
    // Give refine's access check its round trip before asserting absence.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('button', { name: '发布采购发盘' })).toBeNull();
  });
});

describe('profile on start (SPEC §8)', { timeout: 40_000 }, () => {
  it('says once, on the page, that the profile could not be fetched and why, and retries (issue 17: offline)', async () => {
    let offline = true;
    const { user } = openShell('/home', {
      'GET /api/user/info': () => {
        if (offline) throw new TypeError('Failed to fetch'); // what fetch does without a network
        return ok(OWNER);
      },
    });
    expect(await screen.findByText('请求用户信息失败，请重试', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    // One message: the page, no notification repeating it.
    expect(screen.getAllByText('请求用户信息失败，请重试')).toHaveLength(1);
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    offline = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('heading', { name: /张三$/ }, SLOW)).toBeInTheDocument();
  });

  it('shows the server\'s reason when the profile request fails there', async () => {
    openShell('/home', { 'GET /api/user/info': fail(500, '服务器开小差了') });
    expect(await screen.findByText('请求用户信息失败，请重试', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('服务器开小差了')).toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
  });

  it('ends a session whose role has no permissions, with the error', async () => {
    openShell('/home', { 'GET /api/user/info': ok({ ...OWNER, role: { ...OWNER.role, permissions: [] } }), 'DELETE /api/logout': ok(null), 'GET /api/captchaImage': captchaRoute() });
    expect(await screen.findByText('当前账户未分配任何权限，无法登录，请联系管理员', {}, SLOW)).toBeInTheDocument();
    await screen.findByAltText('图形验证码'); // cheap to poll, unlike *ByRole, while the login chunk loads
    expect(localStorage.getItem('Access-Token')).toBeNull();
  });

  it('ends a session whose profile has no role: getInfo: roles must be a non-null array !', async () => {
    const { role: _role, ...noRole } = OWNER;
    openShell('/home', { 'GET /api/user/info': ok(noRole), 'DELETE /api/logout': ok(null), 'GET /api/captchaImage': captchaRoute() });
    expect(await screen.findByText('getInfo: roles must be a non-null array !', {}, SLOW)).toBeInTheDocument();
    await screen.findByAltText('图形验证码'); // cheap to poll, unlike *ByRole, while the login chunk loads
  });
});
