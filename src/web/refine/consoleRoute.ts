import { findRoute, resolveRoutes, type ResolvedRoute } from '../../shared/menu';
import { routeOfResourcePage } from './paths';
import { runtimeRouteOf } from './runtimeRoutes';
import { VARIANT } from '../variant';

// The route a console path belongs to: a route of the variant, or a sub-page of a resource route
// (<path>/create, /show/:id, /edit/:id, which the resource view routes itself), or a route of a
// resource file added at run time (runtimeRoutes.ts, known once definitions load).

const RESOURCE_ROUTES = resolveRoutes(VARIANT).filter((route) => route.render !== undefined && 'resource' in route.render);

export function findConsoleRoute(pathname: string): ResolvedRoute | undefined {
  return findRoute(pathname, VARIANT) ?? routeOfResourcePage(pathname, RESOURCE_ROUTES) ?? runtimeRouteOf(pathname);
}
