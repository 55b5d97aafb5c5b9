import type { AccessControlProvider, CanParams } from '@refinedev/core';
import { canAccessRoute, canDoOnRoute, type AppAbility } from '../../shared/ability';
import type { Profile } from '../../shared/api';
import type { ResolvedRoute } from '../../shared/menu';
import { isAction, type Action } from '../../shared/permissions';
import { actorFromProfile, asRecord, defineRecordAbility, READ_ACTIONS, resourceOffers, type RecordLike } from '../../shared/resources/recordAbility';
import type { ResourceDefinition } from '../../shared/resources/types';
import { loadProfile } from '../providers/profile';
import { getUserInfo } from '../providers/session';
import { loadedDefinition } from '../resources/loadedDefinitions';
import { getRuntimeRoutes } from '../resources/runtimeRoutes';
import { abilityOf } from '../session/abilityOf';
import { RESOURCE_PERMISSION_IDS } from './resourcePermissions';
import { CONSOLE_ROUTES, resourceNameOf } from './resources';

// THE access gate of the console (SPEC §6, DESIGN §7): refine's accessControlProvider. Every
// check in the browser asks here, through <CanAccess>, useCan and refine's buttons
// (enableAccessControl, hidden when unauthorized):
// - `access` on a route: may the role open it at all (typing its URL shows 403 otherwise);
// - refine's action words and the SPEC vocabulary on a route: the route's permission entry grants it;
// - with a record (params.meta.record): the shared per-record ability, the server's own check
//   (party, state, account, grants), for `show`/`read`, `edit`, `delete` and each declared action.
// The server answers 403/404 by the same rules.

/** May the role open the route (its permission ids), the guard of every console page. */
export const ROUTE_ACCESS = 'access';

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

/** refine's action words on one record in the per-record ability's words; declared actions pass through. */
const RECORD_ACTIONS: Record<string, string> = { show: 'read', read: 'read', edit: 'edit', delete: 'delete' };

export const recordAction = (definition: Pick<ResourceDefinition, 'actions'>, action: string): string | null =>
  RECORD_ACTIONS[action] ?? ((definition.actions ?? []).some((declared) => declared.name === action) ? action : null);


/** Read from the loaded definition: a resource page checks its controls once its definition is in. Platform operations only look (READ_ACTIONS) at a resource that shows them its records. */
const opsVisible = (resource: string) => loadedDefinition(resource)?.visibility?.ops === true;

/**
 * What a control on `route` needs (SPEC §6): the route's permission entry grants the action. On a
 * route rendering a resource file that entry is the resource's own permission id, the one the
 * server checks (an umbrella id such as 'form' does not make a request pass there). A resource
 * that shows platform operations its records (visibility.ops: deposits to confirm) also takes the
 * ops grant, as the server does, for listing, opening and exporting them; what ops may do to a
 * record (confirm, complete) is the per-record ability's answer, and they declare nothing.
 */
export function canDo(ability: AppAbility, route: ResolvedRoute, action: Action): boolean {
  const resource = route.render && 'resource' in route.render ? route.render.resource : undefined;
  const resourceId = resource ? RESOURCE_PERMISSION_IDS[resource] : undefined;
  if (!resource || !resourceId) return canDoOnRoute(ability, route, action);
  const definition = loadedDefinition(resource);
  if (definition && !resourceOffers(definition, action)) return false;
  return ability.can(action, resourceId) || (READ_ACTIONS.has(action) && opsVisible(resource) && ability.can(action, 'ops'));
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

/** The record a check carries (`meta: { record }` on a button or <CanAccess params>), if any. */
function recordOf(params?: CanParams['params']): RecordLike | undefined {
  const record: unknown = params?.meta?.record;
  return record && typeof record === 'object' ? (record as RecordLike) : undefined;
}

/** The per-record answer: the shared ability of the signed-in account for this resource file. */
function canOnRecord(profile: Profile, definition: ResourceDefinition, action: string, record: RecordLike): boolean {
  const verb = recordAction(definition, action);
  if (!verb) return false;
  const ability = defineRecordAbility(definition, actorFromProfile(profile.role?.permissions ?? [], getUserInfo()));
  return ability.can(verb, asRecord(definition, record));
}

export const accessControlProvider: AccessControlProvider = {
  async can({ resource, action, params }) {
    let profile: Profile;
    try {
      profile = await loadProfile({ silent: true });
    } catch {
      return { can: false };
    }
    const record = recordOf(params);
    if (record) {
      const definition = loadedDefinition(params?.resource?.name ?? resource);
      return definition ? { can: canOnRecord(profile, definition, action, record) } : { can: false, reason: 'unknown resource' };
    }
    const route = routeForCheck(resource, params);
    if (!route) return { can: false, reason: 'unknown resource' };
    const ability = abilityOf(profile);
    if (action === ROUTE_ACCESS) return { can: canAccessRoute(ability, route) };
    // Deny what cannot be placed: a control must name a known action.
    const verb = vocabularyAction(action);
    return verb ? { can: canDo(ability, route, verb) } : { can: false, reason: 'unknown action' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
};
