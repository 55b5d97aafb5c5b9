// The account centre's API keys and webhooks (issue 30 items 4, 5) through refine's `system`
// provider: reads kept in its cache, changes read them again.
import { useMemo } from 'react';
import type { ApiKeyView, CreatedApiKey, CreatedWebhookEndpoint, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from '../../shared/apiKeys';
import { useSystemCache, useSystemCall, useSystemQuery } from '../refine/systemData';

const KEYS = '/api-keys';
const ENDPOINTS = '/webhooks';

/** Read only for the owner (`enabled`): anyone else is told so by the page, not by a refused request. */
export const useApiKeys = (enabled: boolean) => useSystemQuery<{ records: ApiKeyView[]; total: number }>(KEYS, { enabled });
export const useEndpoints = (enabled: boolean) => useSystemQuery<{ records: WebhookEndpointView[]; total: number }>(ENDPOINTS, { enabled });
export const useEventTypes = (enabled: boolean) => useSystemQuery<WebhookEventType[]>(`${ENDPOINTS}/event-types`, { enabled });
export const useDeliveries = (endpointId: string, page: number, pageSize: number) =>
  useSystemQuery<{ records: WebhookDeliveryView[]; total: number }>(`${ENDPOINTS}/${endpointId}/deliveries`, { query: { pageNo: page, pageSize }, refetchInterval: 5000 });

export interface NewKey {
  name: string;
  role: string;
  money: boolean;
  expiresAt?: string | null;
}

export function useMachineCalls() {
  const call = useSystemCall();
  const cache = useSystemCache();
  return useMemo(
    () => ({
      createKey: async (body: NewKey & Record<string, unknown>) => {
        const made = await call<CreatedApiKey>('post', KEYS, { payload: body, silent: true });
        void cache.refresh(KEYS);
        return made;
      },
      revokeKey: async (id: string) => {
        await call<ApiKeyView>('post', `${KEYS}/${id}/revoke`);
        void cache.refresh(KEYS);
      },
      createEndpoint: async (body: { url: string; eventTypes: string[] }) => {
        const made = await call<CreatedWebhookEndpoint>('post', ENDPOINTS, { payload: body, silent: true });
        void cache.refresh(ENDPOINTS);
        return made;
      },
      updateEndpoint: async (id: string, body: { enabled?: boolean }) => {
        await call<WebhookEndpointView>('put', `${ENDPOINTS}/${id}`, { payload: body });
        void cache.refresh(ENDPOINTS);
      },
      removeEndpoint: async (id: string) => {
        await call<null>('delete', `${ENDPOINTS}/${id}`);
        void cache.refresh(ENDPOINTS);
      },
      resend: async (delivery: WebhookDeliveryView) => {
        const after = await call<WebhookDeliveryView>('post', `${ENDPOINTS}/deliveries/${delivery.id}/resend`);
        void cache.refresh(`${ENDPOINTS}/${delivery.endpointId}/deliveries`);
        return after;
      },
    }),
    [call, cache],
  );
}
