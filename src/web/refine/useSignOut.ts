import { useNavigate } from 'react-router';
import { authProvider } from '../providers/authProvider';
import { LOGIN_PATH } from '../../shared/menu';

/**
 * Logs out (SPEC §4) and goes to the login route. Not refine's useLogout: its auth-store
 * refresh races the redirect, and <RequireSignIn> would win with
 * /user/login?redirect=<the page just left>. Leaving the signed-in area unmounts <Refine>,
 * whose caches go with it, so nothing stale remains.
 */
export function useSignOut() {
  const navigate = useNavigate();
  return async () => {
    const { redirectTo } = await authProvider.logout({});
    navigate(redirectTo ?? LOGIN_PATH, { replace: true });
  };
}
