// Role -> permission entries, from schemas/permissions.json. The profile endpoint sends these
// and both sides build their abilities from them.
import type { PermissionEntry, Role } from './api';
import permissions from '../../schemas/permissions.json';

export type Action = (typeof permissions.actions)[number];
export const ACTIONS: readonly string[] = permissions.actions;

type Grants = Record<string, '*' | string[]>;
const roles = permissions.roles as Record<string, { titleKey: string; grants: Grants }>;

export const isKnownRole = (role: string): boolean => role in roles;

export function permissionsForRole(role: string): PermissionEntry[] {
  const grants = roles[role]?.grants ?? {};
  return Object.entries(grants).map(([permissionId, actions]) => ({
    permissionId,
    actionEntitySet: (actions === '*' ? ACTIONS : actions).map((action) => ({ action, describe: action, defaultCheck: false })),
  }));
}

export function roleFor(role: string): Role {
  const entries = permissionsForRole(role);
  return { id: role, name: role, permissions: entries, permissionList: entries.map((p) => p.permissionId) };
}
