import { queryOptions, useQuery } from '@tanstack/react-query';
import { developerApi } from '../api/developerApi';
import { usePageQueryClient } from './hooks';
import { queryKeys } from './queryKeys';

/** Keyed under the server, so a change to it (serverChanged) reads them again. */
export const apiKeysQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'api-keys'] as const,
    queryFn: () => developerApi.apiKeys(serverId),
  });

/** How often the deliveries are read again while one is still being sent. */
export const PENDING_DELIVERY_POLL_MS = 3000;

export const webhookDeliveriesQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'webhook-deliveries'] as const,
    queryFn: () => developerApi.webhookDeliveries(serverId),
    // a test event or a retry shows its outcome without a manual refresh
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending')
        ? PENDING_DELIVERY_POLL_MS
        : false,
  });

export function useApiKeys(serverId: string) {
  return useQuery(apiKeysQuery(serverId), usePageQueryClient());
}

export function useWebhookDeliveries(serverId: string) {
  return useQuery(webhookDeliveriesQuery(serverId), usePageQueryClient());
}
