// The caller from one source (issue 32 item 6): refine's authProvider.getIdentity, built from the
// server's answer (src/web/providers/identity.ts), read by every component through useCaller. A
// change learned by one page (authentication approved) reaches the other readers in the same
// document: no page reload, no stored user info. The whole console renders; the server is faked at fetch.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/api';
import { roleFor } from '../../src/shared/permissions';
import { ok, PROFILE, USER_INFO } from './support/fakeApi';
import { formRoutes } from './support/authenticationHarness';
import { findActivePane, menuLink, openShell } from './support/shell';

const SLOW = { timeout: 30_000 };

describe('the caller, read again where it changed', { timeout: 60_000 }, () => {
  it("authentication approved: the home page's offers and the header follow without a reload", async () => {
    // Operations approve the account while its owner is signed in.
    let approved = false;
    const status = (): UserInfo['authStatus'] => (approved ? 'approved' : 'submitted');
    const { user, api } = openShell(
      '/home',
      {
        ...formRoutes('owner', 'submitted'),
        'GET /api/user/info': () => ok({ ...PROFILE, name: approved ? '杭州链上付科技有限公司' : '张三', role: roleFor('owner', status()) }),
        'GET /api/system/users/info': () => ok({ ...USER_INFO, authStatus: status() }),
        'GET /api/system/authentication/current': () => ok({ authStatus: status(), kind: 'enterprise', latest: null }),
      },
      undefined,
      { ...USER_INFO, authStatus: 'submitted' },
    );
    await findActivePane();
    expect(await screen.findByTestId('current-user', {}, SLOW)).toHaveTextContent('张三');
    await screen.findByText('常用功能', {}, SLOW);
    // Not approved yet: trading is withheld, so the home page offers no new purchase offer.
    expect(screen.queryByRole('button', { name: '发布采购发盘' })).toBeNull();
    const document0 = window.document;

    approved = true;
    await user.click(await screen.findByText('账户中心'));
    await user.click(menuLink('企业认证'));
    await screen.findByText('认证已通过', {}, SLOW);

    // The page saw the decision and read the caller again: every reader has it, in this document.
    await waitFor(() => expect(screen.getByTestId('current-user')).toHaveTextContent('杭州链上付科技有限公司'), SLOW);
    await user.click(within(document.querySelector<HTMLElement>('.shell-tabs')!).getByText('首页'));
    expect(await screen.findByRole('button', { name: '发布采购发盘' }, SLOW)).toBeInTheDocument();
    expect(window.document).toBe(document0);
    expect(api.callsTo('GET', '/api/user/info')).toHaveLength(2);
    expect(localStorage.getItem('userinfo')).toBeNull();
  });
});
