import { useMemo } from 'react';
import type { Profile, UserInfo } from '../../../shared/api';
import { forgetProfile, loadProfile } from '../../providers/profile';
import { getUserInfo, setUserInfo } from '../../providers/session';
import { useSystemCall } from '../../refine/systemData';
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

/** The page's ways to bring the stored user info and the profile up to date (reads through refine's `system` provider). */
export function useAccountSync() {
  const call = useSystemCall();
  return useMemo(() => {
    /** GET /api/user/info again; reloads the console when its permissions differ from the loaded profile's. */
    const refreshProfile = async (): Promise<void> => {
      const [loaded, fresh] = await Promise.all([loadProfile({ silent: true }).catch(() => null), call<Profile>('get', '/user/info', { silent: true }).catch(() => null)]);
      if (fresh && permissionsKey(loaded) !== permissionsKey(fresh)) reloadConsole();
    };

    /** Stores user info the server sent (pChangeE answers it) and refreshes the profile when that changes what the user may do. */
    const adoptUserInfo = async (info: UserInfo): Promise<void> => {
      const before = getUserInfo();
      setUserInfo(info);
      if ((before?.authStatus === 'approved') !== (info.authStatus === 'approved')) await refreshProfile();
    };

    /** The page saw the account's status: brings the stored user info (and the profile) up to date when it is behind. */
    const syncAuthStatus = async (status: AuthStatus): Promise<void> => {
      const stored = getUserInfo();
      if (!stored || stored.authStatus === status) return;
      const info = await call<UserInfo>('get', '/system/users/info', { silent: true }).catch(() => null);
      await adoptUserInfo(info ?? { ...stored, authStatus: status });
    };

    return { adoptUserInfo, syncAuthStatus };
  }, [call]);
}
