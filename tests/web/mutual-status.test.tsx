// /contract/xhnPaymentStatus (issue 9): whether the mutual-promise service is open, and for the
// owner of an approved account the button that opens it (with an Idempotency-Key). The server
// is faked at fetch.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/api';
import type { MutualServiceView } from '../../src/shared/counterparties';
import { ok, USER_INFO } from './support/fakeApi';
import { location } from './support/renderApp';
import { findActivePane, openShell } from './support/shell';

const SLOW = { timeout: 20_000 };
const PATH = '/contract/xhnPaymentStatus';
const CLOSED: MutualServiceView = { opened: false, openedAt: null };
const OPENED: MutualServiceView = { opened: true, openedAt: '2026-11-20T02:00:00.000Z' };

const routes = (status: MutualServiceView, info: Partial<UserInfo> = {}) => ({
  'GET /api/system/users/mutualStatus': ok(status),
  'GET /api/system/users/info': ok({ ...USER_INFO, authStatus: 'approved', ...info }),
});

describe('/contract/xhnPaymentStatus', { timeout: 40_000 }, () => {
  it('opens the service for the owner of an approved account, once confirmed, with an Idempotency-Key', async () => {
    const { api, user } = openShell(PATH, { ...routes(CLOSED), 'POST /api/system/users/openMutual': ok(OPENED) });
    const pane = await findActivePane();
    expect(await within(pane).findByText('尚未开通互诺服务', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText('开通后，可以发布和接受互诺发盘；在互诺平台上搜索交易对方时，其他主体可以找到您的账号。')).toBeInTheDocument();
    await user.click(within(pane).getByRole('button', { name: '开通互诺服务' }));
    expect(await screen.findByText('开通后，您可以发布和接受互诺发盘，其他主体在互诺平台上搜索交易对方时可以找到您的账号，确定开通吗？')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/system/users/openMutual')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await within(pane).findByText('互诺服务已开通', { selector: '.ant-result-title' })).toBeInTheDocument();
    expect(within(pane).getByText('开通时间：2026-11-20 10:00:00')).toBeInTheDocument();
    expect(within(pane).getByText('您可以发布和接受互诺发盘；在互诺平台上搜索交易对方时，其他主体可以找到您的账号。')).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '开通互诺服务' })).toBeNull();
    const [call] = api.callsTo('POST', '/api/system/users/openMutual');
    expect(call.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('shows when an opened service was opened, with no button to open it again', async () => {
    openShell(PATH, routes(OPENED), undefined);
    const pane = await findActivePane();
    expect(await within(pane).findByText('互诺服务已开通', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText('开通时间：2026-11-20 10:00:00')).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '开通互诺服务' })).toBeNull();
  });

  it('sends an account that is not approved to authentication first', async () => {
    const { user } = openShell(PATH, routes(CLOSED, { authStatus: 'submitted' }));
    const pane = await findActivePane();
    expect(await within(pane).findByText('认证通过后才能开通互诺服务。', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '开通互诺服务' })).toBeNull();
    await user.click(within(pane).getByRole('button', { name: '去认证' }));
    await expect.poll(location).toBe('/businessAuthentication');
  });

  it('tells an operator that only the account owner opens it', async () => {
    openShell(PATH, routes(CLOSED, { isOwner: false }));
    const pane = await findActivePane();
    expect(await within(pane).findByText('互诺服务需由账号所有者开通，请联系账号所有者。', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByRole('button', { name: '开通互诺服务' })).toBeNull();
  });
});
