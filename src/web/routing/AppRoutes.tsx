import { Suspense } from 'react';
import { matchPath, Navigate, Route, Routes } from 'react-router';
import { NOT_FOUND_PATH, resolveRoutes, type ResolvedRoute } from '../../shared/menu';
import { PageLoading } from '../components/PageLoading';
import { PAGES } from '../pages/registry';
import { VARIANT } from '../variant';
import { GuestOnly } from './GuestOnly';
import { HandoffGate } from './HandoffGate';
import { lazyPage } from '../navigation/lazyPage';
import { RouteErrorBoundary } from '../navigation/RouteErrorBoundary';
import { RoutePage } from './RoutePage';

// The route table of the variant, from schemas/menu.json (SPEC §2). Public pages outside the
// console frame (auth layout, /landing) are served here without refine; everything else,
// /home included, lives inside the one <Refine>, loaded on the way to the console.
const AuthLayout = lazyPage(() => import('../layouts/AuthLayout'));
const RefineRoot = lazyPage(() => import('./RefineRoot'));

const ROUTES = resolveRoutes(VARIANT);
const redirects = ROUTES.filter((route) => route.redirect !== undefined);
const authPages = ROUTES.filter((route) => route.layout === 'user' && route.render);
const publicBlankPages = ROUTES.filter((route) => route.layout === 'blank' && route.public && route.render);
/** The auth layout's own prefix (/user): unknown paths under it are unknown pages, not console pages. */
const authPrefixes = [...new Set(authPages.map((route) => `/${route.path.split('/')[1]}`))];

/**
 * Starts downloading what the first page of the visit needs, beside the entry rather than after
 * it has rendered. Resolves once a sign-in page (small, preloaded by index.html) has arrived, so
 * the first render shows it without a loading state; the console frame is only started (it is
 * large, and its own loading state is the right thing to show meanwhile).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const authRoute = authPages.find((route) => matchPath(route.path, pathname));
  if (!authRoute) {
    if (!publicBlankPages.some((route) => matchPath(route.path, pathname))) void RefineRoot.preload();
    return Promise.resolve();
  }
  const page = authRoute.render && 'page' in authRoute.render ? PAGES[authRoute.render.page] : undefined;
  return Promise.all([AuthLayout.preload(), page?.preload()]).then(() => undefined);
}

const pageElement = (route: ResolvedRoute) =>
  route.key === 'login' ? (
    <GuestOnly>
      <RoutePage route={route} />
    </GuestOnly>
  ) : (
    <RoutePage route={route} />
  );

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <HandoffGate>
          <Routes>
            {redirects.map((route) => (
              <Route key={route.key} path={route.path} element={<Navigate to={route.redirect!} replace />} />
            ))}
            <Route element={<AuthLayout />}>
              {authPages.map((route) => (
                <Route key={route.key} path={route.path} element={pageElement(route)} />
              ))}
            </Route>
            {authPrefixes.map((prefix) => (
              <Route key={prefix} path={`${prefix}/*`} element={<Navigate to={NOT_FOUND_PATH} replace />} />
            ))}
            {publicBlankPages.map((route) => (
              <Route key={route.key} path={route.path} element={pageElement(route)} />
            ))}
            <Route path="*" element={<RefineRoot />} />
          </Routes>
        </HandoffGate>
      </Suspense>
    </RouteErrorBoundary>
  );
}
