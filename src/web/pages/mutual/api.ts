import { useMemo } from 'react';
import type { MutualServiceView } from '../../../shared/counterparties';
import { useSystemCache, useSystemCall, useSystemQuery } from '../../refine/systemData';

// The mutual-promise service (SPEC §7 Users openMutual; docs/decisions.md, Counterparties),
// through refine's `system` provider.

const STATUS_PATH = '/system/users/mutualStatus';

export const useMutualStatus = () => useSystemQuery<MutualServiceView>(STATUS_PATH);

/** Opens the service; its answer (the service as it now is) becomes the status the page shows, no re-read. */
export function useOpenMutual() {
  const call = useSystemCall();
  const cache = useSystemCache();
  return useMemo(
    () =>
      /** One key per click: a retried request after a lost answer is the same request. */
      async (idempotencyKey: string) => {
        const opened = await call<MutualServiceView>('post', '/system/users/openMutual', { idempotencyKey });
        void cache.write(STATUS_PATH, opened);
        return opened;
      },
    [call, cache],
  );
}
