import type { UserInfo } from '../../../shared/api';
import { http } from '../../providers/http';

// SPEC §7 Users: the signed-in user's phone, password and account deletion.

export const USER_INFO_KEY = ['lsf', 'accountSafe', 'info'] as const;
export const getUserInfo = () => http.get<UserInfo>('/system/users/info');
export const updateMobile = (body: { oldCode: string; phone: string; code: string }) =>
  http.post<{ maskedPhone: string }>('/system/users/updateMobile', body, { silent: true });
export const updatePassword = (body: { oldPassword: string; password: string }) => http.post<null>('/system/users/updatePassWord', body, { silent: true });
export const verifySmsCode = (code: string) => http.post<unknown>('/system/users/verifySmsCode', { code }, { silent: true });
export const deleteAccount = () => http.get<null>('/system/users/deleteAccount');
