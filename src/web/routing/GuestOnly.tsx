import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { hasValidToken } from '../providers/session';
import { safeRedirect } from './redirects';

/**
 * The login page is for signed-out visitors; a signed-in one goes on to /home (or the
 * redirect query). It reads the session directly, the same test authProvider.check makes,
 * so that the login route does not need refine.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { search } = useLocation();
  return hasValidToken() ? <Navigate to={safeRedirect(search)} replace /> : children;
}
