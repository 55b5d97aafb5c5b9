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
const READ_ACTIONS: readonly string[] = ['query', 'get', 'export'];

export type AuthStatus = 'unverified' | 'submitted' | 'approved' | 'rejected';

/** The role's grants as they apply to a user whose account has `authStatus`. */
export function permissionsForUser(role: string, authStatus: AuthStatus): PermissionEntry[] {
  const entries = permissionsForRole(role);
  if (authStatus === 'approved') return entries;
  return entries.map((e) =>
    TRADING_PERMISSION_IDS.includes(e.permissionId) ? { ...e, actionEntitySet: e.actionEntitySet.filter((a) => READ_ACTIONS.includes(a.action)) } : e,
  );
}

export function roleFor(role: string, authStatus: AuthStatus = 'approved'): Role {
  const entries = permissionsForUser(role, authStatus);
  return { id: role, name: role, permissions: entries, permissionList: entries.map((p) => p.permissionId) };
}
