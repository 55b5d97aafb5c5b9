import { useGetIdentity } from '@refinedev/core';
import { Suspense, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../components/PageLoading';
import { lazyPage } from '../navigation/lazyPage';
import { goToMainLogin } from '../handoff/origins';
import { assertCanSignIn, authProvider } from '../providers/authProvider';
import { HttpError } from '../providers/httpError';
import { forgetIdentity, type Identity } from '../providers/identity';
import { clearSession } from '../providers/session';
import { notify } from '../providers/uiBridge';
import { signsInOnMainPlatform } from '../variant';
import { CallerAbility } from './ability';

// Rarely shown: its antd Result stays out of the console's first download.
const ProfileFailed = lazyPage(() => import('./ProfileFailed'));

/**
 * Loads the caller (SPEC §4: with a token, the profile is loaded and the routes come from the
 * role's permissions) through refine's getIdentity, the one source every reader uses
 * (useCaller), and renders the console once it is in, with the caller's ability (ability.tsx).
 * When it is read again (refreshCaller) the pages stay and re-render with the new answer.
 * A failed load is tried again on the next navigation. On failure (SPEC §8) a variant build goes
 * to the main platform; the main build shows one page with the SPEC §8 message
 * (profile.errorDescription), why (offline, timeout or the server's message) and a retry, and no
 * notification besides (issue 17: offline, the same message showed twice). A profile that could
 * not sign in (no role, no permissions) ends the session with that error.
 */
export function ProfileGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const identity = useGetIdentity<Identity | null>();
  const { data, error, refetch } = identity;
  const refused = useMemo(() => (data ? refusal(data) : null), [data]);
  // A 401 is the HTTP client's: it has ended the session and is on its way to the login page.
  const signedOut = error instanceof HttpError && error.code === 401;
  const failed = !data && identity.isError && !signedOut;
  const visited = useRef(pathname);

  useEffect(() => {
    if (!refused) return;
    notify('error', { message: t('profile.errorTitle'), description: refused.message });
    void authProvider.logout({}).then(({ redirectTo }) => navigate(redirectTo ?? '/', { replace: true }));
  }, [refused, navigate, t]);

  useEffect(() => {
    if (failed && signsInOnMainPlatform()) {
      clearSession();
      forgetIdentity();
      void goToMainLogin(window.location.href);
    }
  }, [failed]);

  // A failed load is tried again when the user moves to another page.
  useEffect(() => {
    if (visited.current === pathname) return;
    visited.current = pathname;
    if (failed) void refetch();
  }, [pathname, failed, refetch]);

  if (failed && !signsInOnMainPlatform()) {
    return (
      <Suspense fallback={<PageLoading />}>
        <ProfileFailed error={error} onRetry={() => void refetch()} />
      </Suspense>
    );
  }
  if (!data || refused) return <PageLoading />;
  return <CallerAbility>{children}</CallerAbility>;
}

/** Why this profile cannot sign in (SPEC §6: no role, no permissions), or null. */
function refusal(identity: Identity): Error | null {
  try {
    assertCanSignIn(identity.profile);
    return null;
  } catch (error) {
    return error as Error;
  }
}
