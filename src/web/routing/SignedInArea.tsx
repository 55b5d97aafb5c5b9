import { CanAccess } from '@refinedev/core';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NOT_FOUND_PATH } from '../../shared/menu';
import { PageLoading } from '../components/PageLoading';
import { ForbiddenPage } from '../pages/registry';
import { ROUTE_ACCESS } from '../refine/accessControl';
import { ProfileGate } from '../session/ProfileGate';
import { RequireSignIn } from '../session/RequireSignIn';
import { useRuntimeResourceRoutes } from '../resources/useRuntimeResourceRoutes';
import { findConsoleRoute } from '../refine/consoleRoute';
import { lazyPage } from '../navigation/lazyPage';
import { RouteErrorBoundary } from '../navigation/RouteErrorBoundary';
import { RoutePage } from './RoutePage';
import { usePageTitle } from '../hooks/usePageTitle';
import type { ResolvedRoute } from '../../shared/menu';

const MainLayout = lazyPage(() => import('../shell/MainLayout'));

/**
 * A route's page behind its guard (SPEC §6): a route the role does not reach, by a typed URL or
 * in a tab, shows 403, as refine's access control decides. The console frame gets it as its
 * `Page`, so the shell imports no page.
 */
function GuardedRoutePage({ route }: { route: ResolvedRoute }) {
  return (
    <CanAccess resource={route.key} action={ROUTE_ACCESS} fallback={<ForbiddenPage />}>
      <RoutePage route={route} />
    </CanAccess>
  );
}

/** A page without the console frame (/404, receipts): its own title, the route guard, the page. */
function BlankPage({ route }: { route: ResolvedRoute }) {
  usePageTitle(`menu:${route.titleKey}`);
  return (
    <RouteErrorBoundary resetKey={route.path}>
      <Suspense fallback={<PageLoading />}>
        <GuardedRoutePage route={route} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/**
 * Everything behind sign-in: the route of the variant at this path (unknown -> /404), the sign-in
 * check, the profile, then the console frame (main layout) or the bare page (blank layout).
 * The frame stays mounted while the user moves between its pages.
 */
export function SignedInArea() {
  const { pathname } = useLocation();
  const runtime = useRuntimeResourceRoutes();
  const route = findConsoleRoute(pathname);
  // A path of a resource file added at run time is known once the definitions have loaded.
  if (!route && !runtime.ready) return <PageLoading />;
  if (!route?.render || route.layout === 'user') return <Navigate to={NOT_FOUND_PATH} replace />;
  return (
    <RequireSignIn>
      <ProfileGate>{route.layout === 'main' ? <MainLayout route={route} Page={GuardedRoutePage} /> : <BlankPage route={route} />}</ProfileGate>
    </RequireSignIn>
  );
}
