import { useMemo } from 'react';
import { isOpsQueue } from '../../shared/resources/opsQueue';
import { CONSOLE_ROUTES } from './resources';
import { useSystemQuery } from './systemData';
import { useCallerAbility } from '../session/ability';

// What waits for platform operations, per queue (GET /api/ops/pending, the server's count of the
// very list each queue opens with): the menu's badges and the ops home. Asked only by a caller
// holding the ops permission, again every half minute and whenever a page showing it mounts.

/** The menu.json keys of the operations queues: the authentication review and the resource queues (render.scope ops). */
export const OPS_QUEUE_KEYS: ReadonlySet<string> = new Set(['opsAuthentication', ...CONSOLE_ROUTES.filter((route) => isOpsQueue(route.render)).map((route) => route.key)]);

export const OPS_PENDING_POLL_MS = 30_000;

/** Route key -> records waiting; `total` their sum. Empty (and total 0) for others, while loading or on an error. */
export function useOpsPending(): { counts: Record<string, number>; total: number; loading: boolean } {
  const allowed = useCallerAbility().can('query', 'ops');
  const pending = useSystemQuery<Record<string, number>>('/ops/pending', { enabled: allowed, silent: true, retry: false, staleTime: 0, refetchInterval: OPS_PENDING_POLL_MS });
  const data = pending.data;
  return useMemo(() => {
    const counts = data && typeof data === 'object' ? data : {};
    return { counts, total: Object.values(counts).reduce((sum, n) => sum + n, 0), loading: allowed && pending.isPending };
  }, [data, allowed, pending.isPending]);
}
