import type { AccessControlProvider, CanParams } from '@refinedev/core';
import { canDoOnRoute, type AppAbility } from '../../shared/ability';
import type { ResolvedRoute } from '../../shared/menu';
import { isAction, type Action } from '../../shared/permissions';
import { loadProfile } from '../providers/profile';
import { abilityOf } from '../session/abilityOf';
import { RESOURCE_PERMISSION_IDS } from './resourcePermissions';
import { CONSOLE_ROUTES, resourceNameOf } from './resources';

// refine's access control over the shared CASL ability (SPEC §6): a control needing an action is
// removed when the route's permission entry lacks it. <CanAccess> and refine's buttons
// (accessControl, hidden when unauthorized) ask here; the server answers 403 by the same rules.

/** refine's action words in the SPEC §6 vocabulary; the vocabulary itself passes through. */
const REFINE_ACTIONS: Record<string, Action> = {
  list: 'query',
  show: 'get',
  create: 'add',
  clone: 'add',
  edit: 'edit',
  delete: 'delete',
  export: 'export',
  import: 'import',
};

export const vocabularyAction = (action: string): Action | null => (isAction(action) ? action : (REFINE_ACTIONS[action] ?? null));

/**
 * What a control on `route` needs (SPEC §6): the route's permission entry grants the action. On a
 * route rendering a resource file that entry is the resource's own permission id, the one the
 * server checks (an umbrella id such as 'form' does not make a request pass there).
 */
export function canDo(ability: AppAbility, route: ResolvedRoute, action: Action): boolean {
  const resourceId = route.render && 'resource' in route.render ? RESOURCE_PERMISSION_IDS[route.render.resource] : undefined;
  return resourceId ? ability.can(action, resourceId) : canDoOnRoute(ability, route, action);
}

/**
 * The route a check is about: refine's resource item (meta.routeKey), else a route key, else the
 * first route rendering that resource file.
 */
export function routeForCheck(resource: string | undefined, params?: CanParams['params']): ResolvedRoute | undefined {
  const routeKey: unknown = params?.resource?.meta?.routeKey ?? params?.resource?.identifier;
  return (
    CONSOLE_ROUTES.find((route) => route.key === routeKey) ??
    CONSOLE_ROUTES.find((route) => route.key === resource) ??
    CONSOLE_ROUTES.find((route) => resourceNameOf(route) === resource)
  );
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    const route = routeForCheck(resource, params);
    const verb = vocabularyAction(action);
    // Deny what cannot be placed: a control must name a route of this variant and a known action.
    if (!route || !verb) return { can: false, reason: `unknown ${route ? 'action' : 'resource'}` };
    try {
      const ability = abilityOf(await loadProfile({ silent: true }));
      return { can: canDo(ability, route, verb) };
    } catch {
      return { can: false };
    }
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
