import type { Profile } from '../../shared/api';
import { http } from './http';

// The signed-in profile (SPEC §3: name, avatar, role with permissions). It is fetched
// once per session and kept in memory; the token alone decides whether one is signed in.

export const ROLES_REQUIRED_MESSAGE = 'getInfo: roles must be a non-null array !';

let cached: Promise<Profile> | null = null;

/** Adds the role's permissionList, derived from the permission ids (SPEC §3). */
function withPermissionList(profile: Profile): Profile {
  if (!profile.role) return profile;
  const permissions = Array.isArray(profile.role.permissions) ? profile.role.permissions : [];
  return {
    ...profile,
    role: { ...profile.role, permissions, permissionList: permissions.map((entry) => entry.permissionId) },
  };
}

export function loadProfile(options: { silent?: boolean } = {}): Promise<Profile> {
  if (!cached) {
    cached = http.get<Profile>('/user/info', options).then(withPermissionList);
    cached.catch(() => {
      cached = null;
    });
  }
  return cached;
}

export function forgetProfile(): void {
  cached = null;
}
