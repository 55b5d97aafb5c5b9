// The caller from one source (refine's authProvider.getIdentity, src/web/providers/identity.ts)
// and its ability with two bindings (issue 32 item 6): refine's access control answers a
// permission id from the very ability @casl/react's <Can> reads (src/web/session/ability.tsx), so
// both agree for every role, and both follow the session when the caller is read again (another
// role) or signs out. The server is faked at fetch.
import { Refine, useCan } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/shared/api';
import { ACTIONS, PERMISSION_IDS, roleFor } from '../../src/shared/permissions';
import { authProvider } from '../../src/web/providers/authProvider';
import { dataProviders } from '../../src/web/providers/dataProviders';
import { accessControlProvider, routeForCheck } from '../../src/web/refine/accessControl';
import { useRefreshAccess } from '../../src/web/refine/useRefreshAccess';
import { Can } from '../../src/web/session/ability';
import { ProfileGate } from '../../src/web/session/ProfileGate';
import { fakeApi, ok, PROFILE, storeSession, USER_INFO, type Call } from './support/fakeApi';

const OPS_INFO: UserInfo = { ...USER_INFO, id: 'u-ops', type: 'ops', accountId: 'platform', authStatus: 'approved', isOwner: false };
const OWNER_INFO: UserInfo = { ...USER_INFO, authStatus: 'approved' };

/** The profile the server answers for each token: one role per signed-in person. */
const ROLE_OF_TOKEN: Record<string, string> = { 'token-ops': 'ops', 'token-owner': 'owner', 'token-viewer': 'viewer', 'token-finance': 'finance' };
const profileRoute = (call: Call) => ok({ ...PROFILE, role: roleFor(ROLE_OF_TOKEN[call.headers.get('Authorization') ?? ''] ?? 'viewer') });

// A permission id the provider answers from the ability alone: no route or resource file of that name.
const PERMISSION_ONLY = PERMISSION_IDS.filter((id) => routeForCheck(id) === undefined);

/** One <Can> per permission id and action, and the provider's answer for the ops queues. */
function Probe() {
  const refresh = useRefreshAccess();
  const provider = useCan({ resource: 'ops', action: 'query' });
  return (
    <>
      <Can I="query" a="ops">
        <p>ops queues</p>
      </Can>
      <ul aria-label="granted">
        {PERMISSION_ONLY.flatMap((id) =>
          ACTIONS.map((action) => (
            <Can key={`${action} ${id}`} I={action} a={id}>
              <li>{`${action} ${id}`}</li>
            </Can>
          )),
        )}
      </ul>
      <output aria-label="provider">{String(provider.data?.can)}</output>
      <button type="button" onClick={() => void refresh()}>
        re-read
      </button>
      <button type="button" onClick={() => void authProvider.logout({}).then(refresh)}>
        sign out
      </button>
    </>
  );
}

function renderProbe() {
  const user = userEvent.setup();
  render(
    <BrowserRouter>
      <Refine routerProvider={routerProvider} dataProvider={dataProviders} authProvider={authProvider} accessControlProvider={accessControlProvider} options={{ disableTelemetry: true, syncWithLocation: false }}>
        <ProfileGate>
          <Probe />
        </ProfileGate>
      </Refine>
    </BrowserRouter>,
  );
  return user;
}

const granted = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe("the caller's ability: <Can> and refine's access control, one decision", () => {
  it.each(Object.keys(ROLE_OF_TOKEN))('%s: every <Can> shows exactly what the provider grants', async (token) => {
    const role = ROLE_OF_TOKEN[token];
    storeSession(token, role === 'ops' ? OPS_INFO : OWNER_INFO);
    fakeApi({ 'GET /api/user/info': profileRoute, 'DELETE /api/logout': ok(null) });
    renderProbe();
    await screen.findByRole('button', { name: 're-read' });
    const answers = await Promise.all(
      PERMISSION_ONLY.flatMap((id) => ACTIONS.map(async (action) => ((await accessControlProvider.can({ resource: id, action })).can ? [`${action} ${id}`] : []))),
    );
    const expected = answers.flat();
    expect(expected.length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('listitem').map((item) => item.textContent)).toEqual(expected);
  });

  it('follows the caller when it is read again as another role, and when the session ends', async () => {
    storeSession('token-ops', OPS_INFO);
    const api = fakeApi({ 'GET /api/user/info': profileRoute, 'DELETE /api/logout': ok(null) });
    const user = renderProbe();
    expect(await screen.findByText('ops queues')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status', { name: 'provider' })).toHaveTextContent('true'));
    const asOps = granted();

    // Another person signs in on this browser (a new token): re-read, both bindings take the owner's grants.
    storeSession('token-owner', OWNER_INFO);
    await user.click(screen.getByRole('button', { name: 're-read' }));
    await waitFor(() => expect(screen.queryByText('ops queues')).toBeNull());
    await waitFor(() => expect(screen.getByRole('status', { name: 'provider' })).toHaveTextContent('false'));
    expect(granted()).not.toEqual(asOps);
    expect(granted()).toContain('add form');

    // Signed out: no caller, so no ability and nothing it granted.
    await user.click(screen.getByRole('button', { name: 'sign out' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 're-read' })).toBeNull());
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(api.callsTo('DELETE', '/api/logout')).toHaveLength(1);
    expect(localStorage.getItem('Access-Token')).toBeNull();
  });
});
