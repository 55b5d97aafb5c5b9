import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AuthActionResponse } from '@refinedev/core';
import { authProvider, HOME_PATH, type LoginParams } from '../providers/authProvider';

/**
 * Sign-in for the login page. It calls the same authProvider refine uses, directly: the
 * login route stays outside <Refine> so refine's runtime is not part of its download.
 */
export function useSignIn() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const signIn = async (params: LoginParams): Promise<AuthActionResponse> => {
    setPending(true);
    const result = await authProvider.login(params);
    if (result.success) {
      navigate(result.redirectTo ?? HOME_PATH, { replace: true });
    } else {
      setPending(false);
    }
    return result;
  };

  return { signIn, pending };
}
