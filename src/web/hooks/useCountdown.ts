import { useCallback, useEffect, useState } from 'react';

/** A whole-second countdown: start(n) counts n, n-1, ... 1, then back to 0 (idle). */
export function useCountdown() {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, running: left > 0, start };
}
