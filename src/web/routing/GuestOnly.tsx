import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { findHandoffTarget, handOff, isAbsoluteUrl } from '../handoff/sendHandoff';
import { forgetProfile, loadProfile } from '../providers/profile';
import { clearSession, getToken, hasValidToken } from '../providers/session';
import { safeRedirect } from '../navigation/redirects';

/**
 * A signed-in visitor of the login page whose `redirect` is a variant's page (SPEC §4 Session):
 * the session is checked with the server first (a variant's logout revokes the shared token, and
 * handing over a dead token would bounce between the origins), then handed over.
 */
function HandOffSignedIn({ redirect, children }: { redirect: string; children: ReactNode }) {
  const [state, setState] = useState<'checking' | 'login' | 'home'>('checking');
  useEffect(() => {
    let active = true;
    (async () => {
      try {
        await loadProfile({ silent: true });
      } catch {
        clearSession();
        forgetProfile();
        if (active) setState('login');
        return;
      }
      const target = await findHandoffTarget(redirect);
      const token = getToken();
      if (target && token) await handOff(target, token);
      else if (active) setState('home');
    })();
    return () => {
      active = false;
    };
  }, [redirect]);
  if (state === 'login') return children;
  if (state === 'home') return <Navigate to={safeRedirect('')} replace />;
  return <PageLoading />;
}

/**
 * The login page is for signed-out visitors; a signed-in one goes on to /home (or the
 * redirect query). It reads the session directly, the same test authProvider.check makes,
 * so that the login route does not need refine.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  if (!hasValidToken()) return children;
  const redirect = new URLSearchParams(search).get('redirect');
  if (isAbsoluteUrl(redirect)) return <HandOffSignedIn redirect={redirect}>{children}</HandOffSignedIn>;
  return <Navigate to={safeRedirect(search)} replace />;
}
