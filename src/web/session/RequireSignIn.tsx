import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathWithRedirect } from '../providers/httpErrorPolicy';
import { hasValidToken } from '../providers/session';

/**
 * Signed-out visitors go to /user/login?redirect=<this path> (SPEC §4); in a variant build that
 * page forwards them to the main platform's login. The session is read directly, the test
 * authProvider.check makes: refine's <Authenticated> shows its loading state whenever it
 * re-checks, which would unmount the console (and every open tab's state) mid-session.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  if (hasValidToken()) return children;
  return <Navigate to={loginPathWithRedirect(`${pathname}${search}`)} replace />;
}
