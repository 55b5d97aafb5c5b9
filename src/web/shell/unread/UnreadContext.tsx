import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { http } from '../../providers/http';

// The unread message count for the header badge and the home page (SPEC §7 Messages): refreshed
// on every navigation and every minute; any failure or non-200 code silently counts as 0.

export const UNREAD_REFRESH_MS = 60_000;

/** GET /api/system/message/notread; never rejects. */
export async function fetchUnreadCount(): Promise<number> {
  try {
    const count = await http.get<unknown>('/system/message/notread', { silent: true });
    return typeof count === 'number' && Number.isFinite(count) && count > 0 ? count : 0;
  } catch {
    return 0;
  }
}

interface UnreadApi {
  count: number;
  /** Ask again now (after reading or deleting messages). */
  refresh(): void;
}

const UnreadContext = createContext<UnreadApi>({ count: 0, refresh: () => {} });

export function UnreadProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [count, setCount] = useState(0);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let active = true;
    void fetchUnreadCount().then((n) => active && setCount(n));
    return () => {
      active = false;
    };
  }, [pathname, tick]);

  useEffect(() => {
    const timer = setInterval(refresh, UNREAD_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const api = useMemo(() => ({ count, refresh }), [count, refresh]);
  return <UnreadContext.Provider value={api}>{children}</UnreadContext.Provider>;
}

export const useUnread = (): UnreadApi => useContext(UnreadContext);
