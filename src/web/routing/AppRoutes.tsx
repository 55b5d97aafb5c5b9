import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import { HOME_PATH } from '../providers/authProvider';
import { LOGIN_PATH } from '../providers/httpErrorPolicy';
import { GuestOnly } from './GuestOnly';
import { lazyPage } from './lazyPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Every page is its own chunk (SPEC §2 routes), so the login page downloads only what it shows.
const AuthLayout = lazyPage(() => import('../layouts/AuthLayout'));
const LoginPage = lazyPage(() => import('../pages/auth/login/LoginPage'));
const RegisterPage = lazyPage(() => import('../pages/auth/register/RegisterPage'));
const RegisterSuccessPage = lazyPage(() => import('../pages/auth/register/RegisterSuccessPage'));
const ForgetPasswordPage = lazyPage(() => import('../pages/auth/forget/ForgetPasswordPage'));
const RegisterProtocolPage = lazyPage(() =>
  import('../pages/auth/documents/AgreementPage').then((m) => ({ default: m.RegisterProtocolPage })),
);
const ServiceProvisionPage = lazyPage(() =>
  import('../pages/auth/documents/AgreementPage').then((m) => ({ default: m.ServiceProvisionPage })),
);
const WebviewPage = lazyPage(() => import('../pages/auth/documents/WebviewPage'));
/** Everything behind sign-in, inside the one <Refine>: /home, /404 and what is unknown. */
const RefineRoot = lazyPage(() => import('../refine/RefineRoot'));

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
          <Route path="/user" element={<AuthLayout />}>
            <Route index element={<Navigate to={LOGIN_PATH} replace />} />
            <Route
              path="login"
              element={
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route path="sign" element={<RegisterPage />} />
            <Route path="forgetPassword" element={<ForgetPasswordPage />} />
            <Route path="registerProtocol" element={<RegisterProtocolPage />} />
            <Route path="serviceProvision" element={<ServiceProvisionPage />} />
            <Route path="registerSuccessfully" element={<RegisterSuccessPage />} />
            <Route path="webview" element={<WebviewPage />} />
            {/* recover has no page of its own (SPEC §2) */}
            <Route path="recover" element={<Navigate to={LOGIN_PATH} replace />} />
            <Route path="*" element={<Navigate to="/404" replace />} />
          </Route>
          <Route path="*" element={<RefineRoot />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
