import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useSystemQuery } from '../../refine/systemData';

// The unread message count for the header badge and the home page (SPEC §7 Messages): refreshed
// on every navigation and every minute; any failure or non-200 code silently counts as 0.

export const UNREAD_REFRESH_MS = 60_000;

const countOf = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

interface UnreadApi {
  count: number;
  /** Ask again now (after reading or deleting messages). */
  refresh(): void;
}

const UnreadContext = createContext<UnreadApi>({ count: 0, refresh: () => {} });

export function UnreadProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // GET /api/system/message/notread through the `system` data provider.
  const unread = useSystemQuery<unknown>('/system/message/notread', { silent: true, retry: false, refetchInterval: UNREAD_REFRESH_MS });
  const { refetch } = unread;
  const count = unread.isError ? 0 : countOf(unread.data);

  // The first read is the query's own; every navigation after it asks again.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    void refetch();
  }, [pathname, refetch]);

  const api = useMemo(() => ({ count, refresh: () => void refetch() }), [count, refetch]);
  return <UnreadContext.Provider value={api}>{children}</UnreadContext.Provider>;
}

export const useUnread = (): UnreadApi => useContext(UnreadContext);
