import type { ResourceProps } from '@refinedev/core';
import { resolveRoutes, type ResolvedRoute } from '../../shared/menu';
import { VARIANT } from '../variant';

// refine's resources, one per console route of the variant. A route rendering a resource file
// is named after that resource (so refine's hooks infer `purchaseOffers` on its page and the data
// provider calls /api/r/purchaseOffers); the others are named after their route key. The route
// key rides along as identifier and meta.routeKey, which is what access control looks up.

export const CONSOLE_ROUTES: readonly ResolvedRoute[] = resolveRoutes(VARIANT).filter(
  (route) => route.render !== undefined && route.layout !== 'user',
);

const ROUTES_BY_KEY = new Map(CONSOLE_ROUTES.map((route) => [route.key, route]));

/** The console route with this menu.json key (render.showRoute, an action's `result`, ...), if the variant has it. */
export const consoleRoute = (key: string | undefined): ResolvedRoute | undefined => (key ? ROUTES_BY_KEY.get(key) : undefined);

export const resourceNameOf = (route: ResolvedRoute): string =>
  route.render && 'resource' in route.render ? route.render.resource : route.key;

export const REFINE_RESOURCES: ResourceProps[] = CONSOLE_ROUTES.map((route) => ({
  name: resourceNameOf(route),
  identifier: route.key,
  list: route.path,
  meta: { routeKey: route.key, hide: route.hidden },
}));
