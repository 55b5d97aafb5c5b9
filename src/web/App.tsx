import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { PageLoading } from './components/PageLoading';
import { AntdLocale } from './theme/AntdLocale';
import { AppRoutes } from './routing/AppRoutes';
import { UiBridge } from './routing/UiBridge';

/**
 * The app frame: router, texts, antd locale and the bridge the HTTP client reports through.
 * The one <Refine> (routing/RefineRoot.tsx) wraps every signed-in route; the sign-in pages
 * under /user sit beside it so that the login form loads without refine (bundle budget).
 */
export default function App() {
  return (
    <BrowserRouter>
      {/* Waits for the first language's texts. */}
      <Suspense fallback={<PageLoading />}>
        <AntdLocale>
          <UiBridge />
          <AppRoutes />
        </AntdLocale>
      </Suspense>
    </BrowserRouter>
  );
}
