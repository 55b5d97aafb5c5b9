import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from '../../components/PageLoading';

// The route-change progress bar: runs on every navigation and for as long as a page's code is
// still downloading (its Suspense fallback is mounted).

/** How long the bar shows for a page that is already loaded: long enough to see that something happened. */
const MIN_VISIBLE_MS = 300;

const ProgressContext = createContext<(() => () => void) | null>(null);

export function RouteProgressProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const [loading, setLoading] = useState(0);
  const [navigating, setNavigating] = useState(false);

  useEffect(() => {
    setNavigating(true);
    const timer = setTimeout(() => setNavigating(false), MIN_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  const begin = useCallback(() => {
    setLoading((n) => n + 1);
    return () => setLoading((n) => n - 1);
  }, []);

  const active = navigating || loading > 0;
  return (
    <ProgressContext.Provider value={begin}>
      <div className={`route-progress${active ? ' route-progress--active' : ''}`} aria-hidden />
      {children}
    </ProgressContext.Provider>
  );
}

/** A page's Suspense fallback: keeps the bar running while its chunk downloads. */
export function ProgressFallback() {
  const begin = useContext(ProgressContext);
  useEffect(() => begin?.(), [begin]);
  return <PageLoading />;
}
