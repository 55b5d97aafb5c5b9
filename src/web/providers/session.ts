import { TOKEN_LIFETIME_MS } from '../../shared/constants';

// The browser half of SPEC §4 Session: the token with its 7-day expiry, the one thing kept in
// localStorage. An expired token counts as absent. Who the caller is comes from the server
// (identity.ts, refine's getIdentity), not from storage.
export const TOKEN_STORAGE_KEY = 'Access-Token';
/** Where builds before issue 32 stored the user info; removed with the session. */
const LEGACY_USERINFO_KEY = 'userinfo';

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

export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(LEGACY_USERINFO_KEY);
}
