import { TOKEN_LIFETIME_MS } from '../../shared/constants';
import type { UserInfo } from '../../shared/api';

// The browser half of SPEC §4 Session: the token with its 7-day expiry and the stored
// user info (SPEC §3). An expired token counts as absent.
export const TOKEN_STORAGE_KEY = 'Access-Token';
export const USERINFO_STORAGE_KEY = 'userinfo';

interface StoredToken {
  value: string;
  /** Epoch milliseconds after which the token is no longer used. */
  expire: number;
}

const isStoredToken = (value: unknown): value is StoredToken =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredToken).value === 'string' &&
  typeof (value as StoredToken).expire === 'number';

function readJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function getToken(now = Date.now()): string | null {
  const stored = readJson(TOKEN_STORAGE_KEY);
  if (!isStoredToken(stored) || !stored.value) return null;
  if (stored.expire <= now) {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    return null;
  }
  return stored.value;
}

export function setToken(token: string, now = Date.now()): void {
  const stored: StoredToken = { value: token, expire: now + TOKEN_LIFETIME_MS };
  localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(stored));
}

export const hasValidToken = (): boolean => getToken() !== null;

export function getUserInfo(): UserInfo | null {
  const stored = readJson(USERINFO_STORAGE_KEY);
  return typeof stored === 'object' && stored !== null ? (stored as UserInfo) : null;
}

/** Stores the user info; `null` ends the session (token included), as SPEC §3 says. */
export function setUserInfo(info: UserInfo | null): void {
  if (info === null) {
    clearSession();
    return;
  }
  localStorage.setItem(USERINFO_STORAGE_KEY, JSON.stringify(info));
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(USERINFO_STORAGE_KEY);
}
