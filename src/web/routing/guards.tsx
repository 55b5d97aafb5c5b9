import { Authenticated } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathWithRedirect } from '../providers/httpErrorPolicy';
import { PageLoading } from '../components/PageLoading';
import { safeRedirect } from './redirects';

function ToLogin() {
  const { pathname, search } = useLocation();
  return <Navigate to={loginPathWithRedirect(`${pathname}${search}`)} replace />;
}

/** Signed-out visitors go to /user/login?redirect=<this path> (SPEC §4). */
export function RequireSignIn({ children }: { children: ReactNode }) {
  return (
    <Authenticated key="require-sign-in" fallback={<ToLogin />} loading={<PageLoading />}>
      {children}
    </Authenticated>
  );
}

function AfterSignIn() {
  const { search } = useLocation();
  return <Navigate to={safeRedirect(search)} replace />;
}

/** The login page is for signed-out visitors; a signed-in one goes on to /home (or the redirect). */
export function GuestOnly({ children }: { children: ReactNode }) {
  return (
    <Authenticated key="guest-only" fallback={children} loading={<PageLoading />}>
      <AfterSignIn />
    </Authenticated>
  );
}
