import type { Profile, UserInfo } from '../../../shared/api';
import { http } from '../../providers/http';
import { forgetProfile, loadProfile } from '../../providers/profile';
import { getUserInfo, setUserInfo } from '../../providers/session';
import type { AuthStatus } from './api';

// The console keeps the user info (localStorage) and the profile (memory) of the sign-in. An
// authentication decision changes both: the stored authStatus, and the role's permissions (the
// server withholds trading actions until the account is approved). When this page learns of a
// change it stores the new user info and, when the permissions differ, loads the console again
// so the menu, the route guard and every button use the new profile.

const permissionsKey = (profile: Profile | null) => JSON.stringify(profile?.role?.permissions ?? null);

/** Loads the console again with a fresh profile (the session frame has no other way to swap it). */
function reloadConsole(): void {
  forgetProfile();
  window.location.reload();
}

/** GET /api/user/info again; reloads the console when its permissions differ from the loaded profile's. */
export async function refreshProfile(): Promise<void> {
  const [loaded, fresh] = await Promise.all([loadProfile({ silent: true }).catch(() => null), http.get<Profile>('/user/info', { silent: true }).catch(() => null)]);
  if (fresh && permissionsKey(loaded) !== permissionsKey(fresh)) reloadConsole();
}

/** Stores user info the server sent (pChangeE answers it) and refreshes the profile when that changes what the user may do. */
export async function adoptUserInfo(info: UserInfo): Promise<void> {
  const before = getUserInfo();
  setUserInfo(info);
  if ((before?.authStatus === 'approved') !== (info.authStatus === 'approved')) await refreshProfile();
}

/** The page saw the account's status: brings the stored user info (and the profile) up to date when it is behind. */
export async function syncAuthStatus(status: AuthStatus): Promise<void> {
  const stored = getUserInfo();
  if (!stored || stored.authStatus === status) return;
  const info = await http.get<UserInfo>('/system/users/info', { silent: true }).catch(() => null);
  await adoptUserInfo(info ?? { ...stored, authStatus: status });
}
