import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import '../i18n/dayjsLocale';
import { i18nProvider } from '../i18n/i18nProvider';
import { authProvider, HOME_PATH } from '../providers/authProvider';
import { dataProvider } from '../providers/dataProvider';
import { lazyPage } from '../routing/lazyPage';
import { RequireSignIn } from './RequireSignIn';

const HomePage = lazyPage(() => import('../pages/home/HomePage'));
const NotFoundPage = lazyPage(() => import('../pages/errors/NotFoundPage'));

/**
 * The one <Refine>: everything behind sign-in lives inside it. It is loaded on the way to
 * the console, not on the way to the login form, which keeps refine's runtime (react-query,
 * qs, papaparse, lodash) out of the first download.
 *
 * No notificationProvider on purpose: the HTTP client already notifies per SPEC §8, and a
 * second layer would report each failure twice.
 */
export default function RefineRoot() {
  return (
    <Refine
      routerProvider={routerProvider}
      authProvider={authProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      options={{ disableTelemetry: true, syncWithLocation: false }}
    >
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route
            path={HOME_PATH}
            element={
              <RequireSignIn>
                <HomePage />
              </RequireSignIn>
            }
          />
          {/* SPEC §2 does not list /404 among the routes needing no sign-in. */}
          <Route
            path="/404"
            element={
              <RequireSignIn>
                <NotFoundPage />
              </RequireSignIn>
            }
          />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Routes>
      </Suspense>
    </Refine>
  );
}
