// The one CASL ability, built from the role's grants (permissionId -> actions): the Actor of
// src/shared/actor.ts carries it, and src/shared/access.ts decides with it on both sides.
// Subjects are permission ids, actions the SPEC §6 vocabulary: ability.can('add', 'form').
import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import type { PermissionEntry } from './api';
import { boundedMemo } from './memo';
import { ACTIONS, isAction, permissionsForRole, type Action } from './permissions';

export type { Action } from './permissions';

/** Subjects are permission ids ('dashboard', 'form', 'offers', ...). */
export type PermissionSubject = string;
export type AppAbility = MongoAbility<[Action, PermissionSubject]>;

/** Anything gated by permission ids: a resolved route, a menu entry, a resource. */
export interface PermissionGated {
  permissionIds: readonly string[];
}

/**
 * The ability of a role. Unknown actions are ignored; an entry without any known action grants
 * nothing. A missing or empty list gives an ability that can do nothing.
 */
export function defineAbilityFor(permissions: readonly PermissionEntry[] | null | undefined): AppAbility {
  return abilities.get(permissionsKey(permissions), () => {
    const rules: RawRuleOf<AppAbility>[] = [];
    for (const entry of permissions ?? []) {
      const actions = [...new Set((entry.actionEntitySet ?? []).map((a) => a.action).filter(isAction))];
      if (actions.length > 0) rules.push({ action: actions, subject: entry.permissionId });
    }
    return createMongoAbility<AppAbility>(rules);
  });
}

/**
 * Grants as a key: every permission id with its actions, in order. Two lists with one key give
 * the same ability, so abilities are kept per key (a role's grants, as approved or not): a few
 * per role, never updated (nothing here calls ability.update), so one may serve every caller.
 */
export const permissionsKey = (permissions: readonly PermissionEntry[] | null | undefined): string =>
  (permissions ?? []).map((e) => `${e.permissionId}:${(e.actionEntitySet ?? []).map((a) => a.action).join(',')}`).join(';');

const abilities = boundedMemo<AppAbility>(256);

/** Convenience for the server and tests: the ability of a role name of schemas/permissions.json. */
export const abilityForRole = (role: string): AppAbility => defineAbilityFor(permissionsForRole(role));

/** The role holds this permission id: at least one action of the vocabulary is granted on it. */
export const hasPermission = (ability: AppAbility, permissionId: string): boolean =>
  ACTIONS.some((action) => ability.can(action, permissionId));

/**
 * The permission ids the role holds (at least one known action), for visibleMenu() in tools and
 * tests. Same rule as hasPermission, so that menu and canAccessRoute never disagree.
 */
export function grantedPermissionIds(permissions: readonly PermissionEntry[] | null | undefined): string[] {
  return (permissions ?? [])
    .filter((entry) => (entry.actionEntitySet ?? []).some((a) => isAction(a.action)))
    .map((entry) => entry.permissionId);
}

/**
 * SPEC §6: a route is reachable (and listed) when its permission ids intersect the role's, i.e.
 * the role holds at least one of them with at least one action. A route without permission ids
 * (receipts, auth pages) is open to any signed-in user.
 */
export function canAccessRoute(ability: AppAbility, route: PermissionGated): boolean {
  return route.permissionIds.length === 0 || route.permissionIds.some((id) => hasPermission(ability, id));
}

/**
 * SPEC §6: a control needing `action` shows when any of the route's permission ids grants that
 * action. Routes without permission ids impose no action check.
 */
export function canDoOnRoute(ability: AppAbility, route: PermissionGated, action: Action): boolean {
  return route.permissionIds.length === 0 || route.permissionIds.some((id) => ability.can(action, id));
}
