import type { AccessControlProvider, CanParams, CanReturnType } from '@refinedev/core';
import { decide, mayOpenRoute, vocabularyAction, type GateDefinition } from '../../shared/access';
import { canAccessRoute, canDoOnRoute } from '../../shared/ability';
import type { Actor } from '../../shared/actor';
import { MENU, type ResolvedRoute } from '../../shared/menu';
import { walkMenu } from '../../shared/schema/walk';
import { PERMISSION_IDS } from '../../shared/permissions';
import type { RecordLike } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';
import { loadIdentity } from '../providers/identity';
import { loadedDefinition } from './loadedDefinitions';
import { getRuntimeRoutes } from './runtimeRoutes';
import { actorOf } from '../session/actor';
import { bundledGateDefinition } from './resourcePermissions';
import { CONSOLE_ROUTES, resourceNameOf } from './resources';

// THE access gate of the console (SPEC §6, DESIGN §7): refine's accessControlProvider. Every
// check in the browser asks here, through <CanAccess>, useCan (useAccess.ts) and refine's
// buttons (enableAccessControl, hidden when unauthorized): the menu, route guards, buttons,
// home panels and the service notice. It takes the caller's Actor of refine's identity
// (src/web/providers/identity.ts, src/web/session/actor.ts) and asks the shared access decision
// (src/shared/access.ts), the server's own gate. Components checking a permission id read the
// same Actor's ability through @casl/react (src/web/session/ability.tsx):
// - `access` on a route: may the role open it at all, and list the resource it renders
//   (mayOpenRoute; typing its URL shows 403 otherwise);
// - a verb on a route rendering a resource file: decide() on that resource (grants, ops
//   visibility, what the resource offers, services opened), with `reason` when refused;
// - a verb on another route: the route's permission entry grants it;
// - with a record (params.meta.record): decide() on that record (party, state, account);
// - a permission id as the resource (a home panel showing that permission's data): its grant.

/** May the role open the route (its permission ids), the guard of every console page. */
export const ROUTE_ACCESS = 'access';

export { vocabularyAction };

/** refine's action words on one record in the per-record ability's words; declared actions pass through (null: not a record verb). */
const RECORD_ACTIONS: Record<string, string> = { show: 'read', read: 'read', edit: 'edit', delete: 'delete' };

export const recordAction = (definition: Pick<ResourceDefinition, 'actions'>, action: string): string | null =>
  RECORD_ACTIONS[action] ?? ((definition.actions ?? []).some((declared) => declared.name === action) ? action : null);

/** The resource file a route renders, as loaded (or bundled, before it has loaded). */
function renderedDefinition(route: ResolvedRoute): GateDefinition | undefined {
  const resource = route.render && 'resource' in route.render ? route.render.resource : undefined;
  return resource ? (loadedDefinition(resource) ?? bundledGateDefinition(resource)) : undefined;
}

/** A control on `route`: decide() on the resource it renders, else the route's permission entry (SPEC §6). */
export function canDo(actor: Actor, route: ResolvedRoute, action: string): CanReturnType {
  const definition = renderedDefinition(route);
  if (definition) return decide(actor, definition, action);
  // Deny what cannot be placed: a control must name a known action.
  const verb = vocabularyAction(action);
  return verb ? { can: canDoOnRoute(actor.ability, route, verb) } : { can: false, reason: 'unknown action' };
}

/**
 * The route a check is about: refine's resource item (meta.routeKey), else a route key, else the
 * first route rendering that resource file; routes of resource files added at run time included.
 */
export function routeForCheck(resource: string | undefined, params?: CanParams['params']): ResolvedRoute | undefined {
  const routeKey: unknown = params?.resource?.meta?.routeKey ?? params?.resource?.identifier;
  const routes = [...CONSOLE_ROUTES, ...getRuntimeRoutes()];
  return routes.find((route) => route.key === routeKey) ?? routes.find((route) => route.key === resource) ?? routes.find((route) => resourceNameOf(route) === resource);
}

const MENU_GROUPS = new Map(walkMenu(MENU).filter((route) => route.isGroup).map((route) => [route.key, route]));

/** The record a check carries (`meta: { record }` on a button or <CanAccess params>), if any. */
function recordOf(params?: CanParams['params']): RecordLike | undefined {
  const record: unknown = params?.meta?.record;
  return record && typeof record === 'object' ? (record as RecordLike) : undefined;
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    let actor: Actor;
    try {
      actor = actorOf(await loadIdentity());
    } catch {
      return { can: false };
    }
    const record = recordOf(params);
    if (record) {
      const definition = loadedDefinition(params?.resource?.name ?? resource);
      if (!definition) return { can: false, reason: 'unknown resource' };
      return recordAction(definition, action) ? decide(actor, definition, action, record) : { can: false, reason: 'unknown action' };
    }
    const route = routeForCheck(resource, params);
    if (route) return action === ROUTE_ACCESS ? { can: mayOpenRoute(actor, route, renderedDefinition(route)) } : canDo(actor, route, action);
    // A menu group (no page of its own) is open like a route: by its permission ids.
    const group = action === ROUTE_ACCESS ? MENU_GROUPS.get(resource ?? '') : undefined;
    if (group) return { can: canAccessRoute(actor.ability, group) };
    // A panel showing one permission's data (the wallet: funds), whatever route it sits on.
    const verb = vocabularyAction(action);
    if (resource && PERMISSION_IDS.includes(resource) && verb) return { can: actor.ability.can(verb, resource) };
    return { can: false, reason: 'unknown resource' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
