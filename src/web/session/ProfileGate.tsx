import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Profile, UserInfo } from '../../shared/api';
import { PageLoading } from '../components/PageLoading';
import { lazyPage } from '../routing/lazyPage';
import { goToMainLogin } from '../handoff/origins';
import { assertCanSignIn, authProvider } from '../providers/authProvider';
import { HttpError } from '../providers/httpError';
import { forgetProfile, loadProfile } from '../providers/profile';
import { clearSession, getUserInfo, setUserInfo } from '../providers/session';
import { notify } from '../providers/uiBridge';
import { useSystemCall } from '../refine/systemData';
import { signsInOnMainPlatform } from '../variant';
import { SessionContext, type Session } from './SessionContext';

// Rarely shown: its antd Result stays out of the console's first download.
const ProfileFailed = lazyPage(() => import('./ProfileFailed'));

type State = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'failed'; error: unknown };

/**
 * Loads the profile (SPEC §4: with a token, the profile is loaded and the routes come from the
 * role's permissions) and provides it. A failed load is tried again on the next
 * navigation. On failure (SPEC §8) a variant build goes to the main platform; the main build
 * shows one page with the SPEC §8 message (profile.errorDescription), why (offline, timeout or
 * the server's message) and a retry, and no notification besides (issue 17: offline, the same
 * message showed twice, as the page and as a toast). A profile that could not sign in
 * (no role, no permissions) ends the session with that error.
 */
export function ProfileGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const call = useSystemCall();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const ready = state.status === 'ready';

  useEffect(() => {
    if (ready) return;
    let active = true;
    const fail = async (error: unknown) => {
      if (!active || (error instanceof HttpError && error.code === 401)) return; // the HTTP client already signed out
      if (signsInOnMainPlatform()) {
        clearSession();
        forgetProfile();
        await goToMainLogin(window.location.href);
        return;
      }
      setState({ status: 'failed', error });
    };
    loadProfile({ silent: true }).then(async (profile) => {
      try {
        assertCanSignIn(profile);
      } catch (error) {
        notify('error', { message: t('profile.errorTitle'), description: (error as Error).message });
        const { redirectTo } = await authProvider.logout({});
        if (active) navigate(redirectTo ?? '/', { replace: true });
        return;
      }
      // After a hand-off the variant has the token but not yet the stored user info (SPEC §3).
      if (!getUserInfo()) {
        const info = await call<UserInfo>('get', '/system/users/info', { silent: true }).catch(() => null);
        if (info) setUserInfo(info);
      }
      if (active) setState({ status: 'ready', profile });
    }, fail);
    return () => {
      active = false;
    };
  }, [ready, pathname, attempt, navigate, t, call]);

  const session = useMemo<Session | null>(
    () => (state.status === 'ready' ? { profile: state.profile } : null),
    [state],
  );

  if (state.status === 'failed') {
    return (
      <Suspense fallback={<PageLoading />}>
        <ProfileFailed
          error={state.error}
          onRetry={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      </Suspense>
    );
  }
  if (!session) return <PageLoading />;
  return (
    <SessionContext.Provider value={session}>
      {children}
    </SessionContext.Provider>
  );
}
