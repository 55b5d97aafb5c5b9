import { useSystemCall } from '../refine/systemData';

// SPEC §7 Users: the signed-in user's phone, password and account deletion, through refine's
// `system` provider (refine/systemData.ts). Who the user is comes from useCaller.

/** The page's calls; the forms show a refusal beside their fields (silent), deletion lets the client notify. */
export function useAccountSafeCalls() {
  const call = useSystemCall();
  return {
    updateMobile: (body: { oldCode: string; phone: string; code: string }) =>
      call<{ maskedPhone: string }>('post', '/system/users/updateMobile', { payload: body, silent: true }),
    updatePassword: (body: { oldPassword: string; password: string }) => call<null>('post', '/system/users/updatePassWord', { payload: body, silent: true }),
    verifySmsCode: (code: string) => call<unknown>('post', '/system/users/verifySmsCode', { payload: { code }, silent: true }),
    deleteAccount: () => call<null>('get', '/system/users/deleteAccount'),
  };
}
