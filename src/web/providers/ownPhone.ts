import type { UserInfo } from '../../shared/api';
import { http } from './http';
import { getUserInfo, setUserInfo } from './session';

/**
 * The signed-in person's phone, where a code to confirm their own step goes. Stored at sign-in;
 * when the stored user info is missing (its request failed on a slow link, or a hand-off brought
 * only the token) it is asked again here, so "get code" never silently does nothing. Null when
 * the server cannot say either; the HTTP client has shown why.
 */
export async function ownPhone(): Promise<string | null> {
  const stored = getUserInfo()?.phone;
  if (stored) return stored;
  const info = await http.get<UserInfo>('/system/users/info').catch(() => null);
  if (!info?.phone) return null;
  setUserInfo(info);
  return info.phone;
}
