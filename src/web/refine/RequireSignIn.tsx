import { Authenticated } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { loginPathWithRedirect } from '../providers/httpErrorPolicy';

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
