import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NOT_FOUND_PATH, resolveRoutes, type ResolvedRoute } from '../../shared/menu';
import { PageLoading } from '../components/PageLoading';
import { VARIANT } from '../variant';
import { GuestOnly } from './GuestOnly';
import { HandoffGate } from './HandoffGate';
import { lazyPage } from './lazyPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RoutePage } from './RoutePage';

// The route table of the variant, from schemas/menu.json (SPEC §2). Public pages outside the
// console frame (auth layout, /landing) are served here without refine; everything else,
// /home included, lives inside the one <Refine>, loaded on the way to the console.
const AuthLayout = lazyPage(() => import('../layouts/AuthLayout'));
const RefineRoot = lazyPage(() => import('../refine/RefineRoot'));

const ROUTES = resolveRoutes(VARIANT);
const redirects = ROUTES.filter((route) => route.redirect !== undefined);
const authPages = ROUTES.filter((route) => route.layout === 'user' && route.render);
const publicBlankPages = ROUTES.filter((route) => route.layout === 'blank' && route.public && route.render);
/** The auth layout's own prefix (/user): unknown paths under it are unknown pages, not console pages. */
const authPrefixes = [...new Set(authPages.map((route) => `/${route.path.split('/')[1]}`))];

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
