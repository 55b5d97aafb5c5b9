import { memo, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { ResolvedRoute } from '../../../shared/menu';
import { findConsoleRoute } from '../../refine/consoleRoute';
import { RouteErrorBoundary } from '../../navigation/RouteErrorBoundary';
import { ProgressFallback } from '../progress/RouteProgress';
import type { Tab, TabLocation } from './tabsModel';

/** What a route shows, behind its access check: the composition root gives it (routing/SignedInArea.tsx), the shell imports no page. */
export type RoutePageComponent = ComponentType<{ route: ResolvedRoute }>;

/**
 * One open tab's page. <Routes location> gives the page its own location (useLocation, refine's
 * router hooks) while another tab is the current one. Memoized on the location's parts, so
 * showing or hiding the tab does not re-render the page.
 */
const TabContent = memo(function TabContent({ pathname, search, hash, Page }: TabLocation & { Page: RoutePageComponent }) {
  const route = findConsoleRoute(pathname);
  if (!route) return null;
  return (
    <Routes location={{ pathname, search, hash }}>
      <Route
        path="*"
        element={
          <RouteErrorBoundary resetKey={route.path}>
            <Suspense fallback={<ProgressFallback />}>
              <Page route={route} />
            </Suspense>
          </RouteErrorBoundary>
        }
      />
    </Routes>
  );
});

/**
 * Inactive tabs stay mounted but hidden, so filters, pagination and unsaved input survive
 * switching away and back; closing the tab unmounts it and its state goes with it.
 */
function TabPane({ tab, active, Page }: { tab: Tab; active: boolean; Page: RoutePageComponent }) {
  return (
    <div className="shell-pane" hidden={!active} data-route={findConsoleRoute(tab.key)?.key}>
      <TabContent {...tab.location} Page={Page} />
    </div>
  );
}

export function PageHost({ tabs, activeKey, Page }: { tabs: readonly Tab[]; activeKey: string; Page: RoutePageComponent }) {
  return tabs.map((tab) => <TabPane key={tab.key} tab={tab} active={tab.key === activeKey} Page={Page} />);
}
