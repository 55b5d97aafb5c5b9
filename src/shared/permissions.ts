// Role -> permission entries, from schemas/permissions.json. The profile endpoint sends these
// and both sides build their abilities from them (src/shared/ability.ts).
import type { PermissionEntry, Role } from './api';
import type { PermissionsFile } from './schema/types';
import permissionsJson from '../../schemas/permissions.json';

/** The action vocabulary of SPEC §6. schemas/permissions.json lists the same words (a unit test checks it). */
export const ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const isAction = (value: unknown): value is Action => typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);

/** schemas/permissions.json as validated by schemas/meta/permissions.schema.json. */
export const PERMISSIONS = permissionsJson as unknown as PermissionsFile;

/** Every declared permission id, in file order. */
export const PERMISSION_IDS: readonly string[] = PERMISSIONS.permissions.map((p) => p.id);

/** Role names: 'owner', 'ops' and the operator types an owner can give a sub-account. */
export const ROLE_NAMES: readonly string[] = Object.keys(PERMISSIONS.roles);
/** Operator types an owner may assign (every role except the built-in owner and ops). */
export const OPERATOR_TYPES: readonly string[] = ROLE_NAMES.filter((name) => name !== 'owner' && name !== 'ops');

export const isKnownRole = (role: string): boolean => Object.hasOwn(PERMISSIONS.roles, role);

export function permissionsForRole(role: string): PermissionEntry[] {
  const grants = isKnownRole(role) ? PERMISSIONS.roles[role].grants : {};
  return Object.entries(grants).map(([permissionId, actions]) => ({
    permissionId,
    actionEntitySet: (actions === '*' ? ACTIONS : actions).map((action) => ({ action, describe: action, defaultCheck: false })),
  }));
}

/**
 * Permission ids whose changing actions are trading: only an account whose authentication is
 * approved may use them (DESIGN §5 "Only approved accounts trade"). Reading stays open so a
 * new account can look around before it authenticates.
 */
export const TRADING_PERMISSION_IDS: readonly string[] = ['offers', 'contracts', 'trade', 'settlement'];

/** The actions that only read: list, show, export. What an unapproved account keeps of trading, a source resource offers, platform operations do on a resource shown to them. */
export const READ_ACTIONS: ReadonlySet<Action> = new Set<Action>(['query', 'get', 'export']);

export type AuthStatus = 'unverified' | 'submitted' | 'approved' | 'rejected';

/** `grants` as they apply to an account that is (not) approved: trading withheld until it is. Applying it twice changes nothing. */
export function grantsAsApproved(grants: readonly PermissionEntry[], approved: boolean): PermissionEntry[] {
  if (approved) return [...grants];
  return grants.map((e) =>
    TRADING_PERMISSION_IDS.includes(e.permissionId) ? { ...e, actionEntitySet: e.actionEntitySet.filter((a) => isAction(a.action) && READ_ACTIONS.has(a.action)) } : e,
  );
}

/** The role's grants as they apply to a user whose account has `authStatus` (for the caller itself, src/shared/actor.ts decides what counts as approved). */
export const permissionsForUser = (role: string, authStatus: AuthStatus): PermissionEntry[] => grantsAsApproved(permissionsForRole(role), authStatus === 'approved');

/** The profile's role (SPEC §3): `permissions` are the grants as they apply now (the caller's own: src/shared/actor.ts). */
export function roleFor(role: string, authStatus: AuthStatus | PermissionEntry[] = 'approved'): Role {
  const entries = Array.isArray(authStatus) ? authStatus : permissionsForUser(role, authStatus);
  return { id: role, name: role, permissions: entries, permissionList: entries.map((p) => p.permissionId) };
}
