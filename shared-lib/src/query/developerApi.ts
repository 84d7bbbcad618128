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

export const webhookDeliveriesQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'webhook-deliveries'] as const,
    queryFn: () => developerApi.webhookDeliveries(serverId),
  });

export function useApiKeys(serverId: string) {
  return useQuery(apiKeysQuery(serverId), usePageQueryClient());
}

export function useWebhookDeliveries(serverId: string) {
  return useQuery(webhookDeliveriesQuery(serverId), usePageQueryClient());
}
