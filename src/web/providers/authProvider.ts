import type { AuthProvider } from '@refinedev/core';
import type { LoginCodeRequest, LoginRequest, Profile, TokenResponse } from '../../shared/api';
import { HOME_PATH, LOGIN_PATH } from '../../shared/menu';
import { isAction } from '../../shared/permissions';
import { i18n } from '../i18n';
import { http, HttpError } from './http';
import { forgetIdentity, loadIdentity, type Identity } from './identity';
import { ROLES_REQUIRED_MESSAGE } from './profile';
import { clearSession, hasValidToken, setToken } from './session';

// refine's AuthProvider over the one HTTP client (SPEC §4 Session, §6, §7).

export type LoginParams =
  | ({ mode: 'password' } & LoginRequest & { redirectTo?: string })
  | ({ mode: 'sms' } & LoginCodeRequest & { redirectTo?: string });

function requestToken(params: LoginParams): Promise<TokenResponse> {
  // Silent: the sign-in form shows the reason inline rather than as a notification.
  if (params.mode === 'password') {
    const { username, password, uuid, captchaCode } = params;
    return http.post<TokenResponse>('/login', { username, password, uuid, captchaCode }, { silent: true });
  }
  const { phone, code } = params;
  return http.post<TokenResponse>('/logincode', { phone, code }, { silent: true });
}

/**
 * SPEC §6: a profile without a role, or a role without permissions, cannot sign in. A role
 * whose entries grant no known action holds nothing either (the shared ability's rule).
 */
export function assertCanSignIn(profile: Profile): void {
  if (!profile.role || !Array.isArray(profile.role.permissions)) throw new Error(ROLES_REQUIRED_MESSAGE);
  // The rule of grantedPermissionIds (shared/ability.ts), without pulling CASL into the login route.
  const holdsAny = profile.role.permissions.some((entry) => (entry.actionEntitySet ?? []).some((granted) => isAction(granted.action)));
  if (!holdsAny) throw new Error(i18n.t('auth:login.noPermission'));
}

/** An HttpError is passed on as is, so the form can put its field errors on its fields. */
const asError = (error: unknown): Error =>
  error instanceof Error ? error : new Error(i18n.t('app:http.requestError'));

export const authProvider: AuthProvider = {
  async login(params: LoginParams) {
    try {
      const { access_token: token } = await requestToken(params);
      setToken(token);
      forgetIdentity();
      assertCanSignIn((await loadIdentity({ silent: true })).profile);
      return { success: true, redirectTo: params.redirectTo ?? HOME_PATH };
    } catch (error) {
      clearSession();
      forgetIdentity();
      return { success: false, error: asError(error) };
    }
  },

  async logout() {
    try {
      if (hasValidToken()) await http.delete('/logout', { silent: true });
    } catch {
      // The local session ends whether or not the server could be told.
    }
    clearSession();
    forgetIdentity();
    return { success: true, redirectTo: LOGIN_PATH };
  },

  async check() {
    return hasValidToken() ? { authenticated: true } : { authenticated: false, redirectTo: LOGIN_PATH };
  },

  async onError(error: unknown) {
    const code = error instanceof HttpError ? error.code : (error as { statusCode?: unknown } | null)?.statusCode;
    return code === 401 ? { logout: true, redirectTo: LOGIN_PATH } : {};
  },

  /** The one source of who the caller is (identity.ts): the server's profile and user info; <ProfileGate> shows a failure. */
  async getIdentity(): Promise<Identity | null> {
    return hasValidToken() ? loadIdentity({ silent: true }) : null;
  },

  async getPermissions() {
    if (!hasValidToken()) return null;
    const { profile } = await loadIdentity({ silent: true });
    return profile.role?.permissionList ?? [];
  },
};
