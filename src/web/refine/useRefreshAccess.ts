import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { refreshAccess } from './useAccess';

/** refreshAccess (useAccess.ts) on refine's cache, for pages: after the caller's account changed (a service opened). */
export function useRefreshAccess(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => refreshAccess(client), [client]);
}
