import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthActionResponse } from '@refinedev/core';
import { findHandoffTarget, handOff } from '../handoff/sendHandoff';
import { HOME_PATH } from '../../shared/menu';
import { authProvider, type LoginParams } from '../providers/authProvider';
import { getToken } from '../providers/session';

/**
 * Sign-in for the login page. It calls the same authProvider refine uses, directly: the
 * login route stays outside <Refine> so refine's runtime is not part of its download.
 * A `redirect` naming a variant's page hands the new session over to that variant.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [pending, setPending] = useState(false);

  const signIn = async (params: LoginParams): Promise<AuthActionResponse> => {
    setPending(true);
    const result = await authProvider.login(params);
    if (!result.success) {
      setPending(false);
      return result;
    }
    const target = await findHandoffTarget(new URLSearchParams(search).get('redirect'));
    const token = getToken();
    if (target && token) await handOff(target, token);
    else navigate(result.redirectTo ?? HOME_PATH, { replace: true });
    return result;
  };

  return { signIn, pending };
}
