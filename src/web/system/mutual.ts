import { useMemo } from 'react';
import type { MutualServiceView } from '../../shared/counterparties';
import { useSystemCache, useSystemCall, useSystemQuery } from '../refine/systemData';

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

/** Whether clearing runs may pass bills on along chains through the account (settlement/chainConsent.ts on the server). */
export interface ChainConsentView {
  allowed: boolean;
  allowedAt: string | null;
}

const CHAIN_CONSENT_PATH = '/settlement/chain-consent';

export const useChainConsent = (enabled: boolean) => useSystemQuery<ChainConsentView>(CHAIN_CONSENT_PATH, { enabled });

/** The owner allows or withdraws chains; the answer (the consent as it now is) becomes what the card shows. */
export function useSetChainConsent() {
  const call = useSystemCall();
  const cache = useSystemCache();
  return useMemo(
    () => async (allowed: boolean) => {
      const consent = await call<ChainConsentView>('put', CHAIN_CONSENT_PATH, { payload: { allowed } });
      void cache.write(CHAIN_CONSENT_PATH, consent);
      return consent;
    },
    [call, cache],
  );
}
