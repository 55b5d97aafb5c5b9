import type { Profile, UserInfo } from '../../shared/api';
import { http } from './http';
import { forgetProfile, loadProfile } from './profile';
import { getToken } from './session';

// The caller, from one source: what the server answers for this token, the profile (GET
// /api/user/info: name, role, opened services) and the user info (GET /api/system/users/info:
// phone, account, type, authentication status). refine's authProvider.getIdentity answers it
// (components read it through useGetIdentity, src/web/session/useCaller.ts) and access control
// builds its Actor from it. Kept in memory per token, never in localStorage: a change
// (authentication approved, account renamed) is read again with forgetIdentity and reaches every
// reader through refine's identity query (refreshCaller, src/web/refine/useAccess.ts).

export interface Identity {
  profile: Profile;
  user: UserInfo;
}

let cached: { token: string; identity: Promise<Identity> } | null = null;
let current: { token: string; identity: Identity } | null = null;

/** The caller of the current token, asked from the server once and then kept; rejects as the HTTP client does. */
export function loadIdentity(options: { silent?: boolean } = { silent: true }): Promise<Identity> {
  const token = getToken();
  if (!token) return Promise.reject(new Error('signed out'));
  if (cached?.token !== token) {
    if (cached) forgetProfile(); // another sign-in: its profile is not this one's
    const identity = Promise.all([loadProfile(options), http.get<UserInfo>('/system/users/info', options)]).then(([profile, user]) => {
      const loaded = { profile, user };
      if (cached?.identity === identity) current = { token, identity: loaded };
      return loaded;
    });
    cached = { token, identity };
    identity.catch(() => {
      if (cached?.identity === identity) cached = null;
    });
  }
  return cached.identity;
}

/** The caller as last loaded for the current token, for code outside React (links built from the caller's side); null before. */
export function currentIdentity(): Identity | null {
  const token = getToken();
  return current && current.token === token ? current.identity : null;
}

/** Drops the kept caller: the next loadIdentity asks the server again (after a change, or at sign-in and sign-out). */
export function forgetIdentity(): void {
  // `current` stays until the new answer replaces it: links drawn meanwhile keep the caller's side.
  cached = null;
  forgetProfile();
}
