import { useMemo } from 'react';
import { useRefreshAccess } from '../../refine/useRefreshAccess';
import { useCaller } from '../../session/useCaller';
import type { AuthStatus } from '../../system/authentication';

// An authentication decision, or a personal account made an enterprise, changes who the caller
// is: the user info's authStatus and type, and the role's permissions (the server withholds
// trading actions until the account is approved). When this page learns of a change it reads the
// caller again (refreshAccess): the header, the menu, the route guard and every button follow
// without a reload.

/** The page's ways to bring the caller up to date. */
export function useAccountSync() {
  const { user } = useCaller();
  const refresh = useRefreshAccess();
  return useMemo(() => {
    /** The server changed the account (pChangeE answered its new user info): read the caller again. */
    const accountChanged = (): Promise<void> => refresh();

    /** The page saw the account's status: reads the caller again when it is behind. */
    const syncAuthStatus = async (status: AuthStatus): Promise<void> => {
      if (user.authStatus !== status) await refresh();
    };

    return { accountChanged, syncAuthStatus };
  }, [user.authStatus, refresh]);
}
