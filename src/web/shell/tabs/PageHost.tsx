import { CanAccess } from '@refinedev/core';
import { memo, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { findConsoleRoute } from '../../refine/consoleRoute';
import { ForbiddenPage } from '../../pages/registry';
import { ROUTE_ACCESS } from '../../refine/accessControl';
import { RouteErrorBoundary } from '../../navigation/RouteErrorBoundary';
import { RoutePage } from '../../routing/RoutePage';
import { ProgressFallback } from '../progress/RouteProgress';
import type { Tab, TabLocation } from './tabsModel';

/**
 * One open tab's page. <Routes location> gives the page its own location (useLocation, refine's
 * router hooks) while another tab is the current one. Memoized on the location's parts, so
 * showing or hiding the tab does not re-render the page.
 */
const TabContent = memo(function TabContent({ pathname, search, hash }: TabLocation) {
  const route = findConsoleRoute(pathname);
  if (!route) return null;
  return (
    <Routes location={{ pathname, search, hash }}>
      <Route
        path="*"
        element={
          <RouteErrorBoundary resetKey={route.path}>
            <Suspense fallback={<ProgressFallback />}>
              {/* SPEC §6: a route the role does not reach shows 403 (refine's access control decides). */}
              <CanAccess resource={route.key} action={ROUTE_ACCESS} fallback={<ForbiddenPage />}>
                <RoutePage route={route} />
              </CanAccess>
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
function TabPane({ tab, active }: { tab: Tab; active: boolean }) {
  return (
    <div className="shell-pane" hidden={!active} data-route={findConsoleRoute(tab.key)?.key}>
      <TabContent {...tab.location} />
    </div>
  );
}

export function PageHost({ tabs, activeKey }: { tabs: readonly Tab[]; activeKey: string }) {
  return tabs.map((tab) => <TabPane key={tab.key} tab={tab} active={tab.key === activeKey} />);
}
