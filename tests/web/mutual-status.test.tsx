// /contract/xhnPaymentStatus (issue 9): whether the mutual-promise service is open, and for the
// owner of an approved account the button that opens it (with an Idempotency-Key). The server
// is faked at fetch. Once open, the owner allows or withdraws chains in clearing runs (issue 31).
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

const NO_CHAINS = { allowed: false, allowedAt: null };
const CHAINS = { allowed: true, allowedAt: '2026-11-21T01:30:00.000Z' };

const routes = (status: MutualServiceView, info: Partial<UserInfo> = {}) => ({
  'GET /api/system/users/mutualStatus': ok(status),
  'GET /api/settlement/chain-consent': ok(NO_CHAINS),
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

  it('lets the owner allow chains in clearing runs once the service is open, and shows since when', async () => {
    const { api, user } = openShell(PATH, { ...routes(OPENED), 'PUT /api/settlement/chain-consent': ok(CHAINS) });
    const pane = await findActivePane();
    expect(await within(pane).findByText('清分中的债权链条', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText('未允许：清分只抵消循环中的账单')).toBeInTheDocument();
    const toggle = within(pane).getByRole('switch', { name: '允许清分沿债权链条转让账单' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await within(pane).findByText('已允许，自 2026-11-21 09:30:00 起')).toBeInTheDocument();
    expect(within(pane).getByRole('switch', { name: '允许清分沿债权链条转让账单' })).toBeChecked();
    expect(api.callsTo('PUT', '/api/settlement/chain-consent').map((c) => c.body)).toEqual([{ allowed: true }]);
  });

  it('shows an operator whether chains are allowed without letting it change that', async () => {
    const { api, user } = openShell(PATH, { ...routes(OPENED, { isOwner: false }), 'GET /api/settlement/chain-consent': ok(CHAINS) });
    const pane = await findActivePane();
    expect(await within(pane).findByText('已允许，自 2026-11-21 09:30:00 起', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).getByText('只有账号所有者可以更改此设置。')).toBeInTheDocument();
    const toggle = within(pane).getByRole('switch', { name: '允许清分沿债权链条转让账单' });
    expect(toggle).toBeDisabled();
    await user.click(toggle);
    expect(api.callsTo('PUT', '/api/settlement/chain-consent')).toHaveLength(0);
  });

  it('asks nothing of chains while the service is closed', async () => {
    const { api } = openShell(PATH, routes(CLOSED));
    const pane = await findActivePane();
    expect(await within(pane).findByText('尚未开通互诺服务', {}, SLOW)).toBeInTheDocument();
    expect(within(pane).queryByText('清分中的债权链条')).toBeNull();
    expect(api.callsTo('GET', '/api/settlement/chain-consent')).toHaveLength(0);
  });
});
