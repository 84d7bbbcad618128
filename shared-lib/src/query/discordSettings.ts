import { queryOptions, useQuery } from '@tanstack/react-query';
import { discordSettingsApi } from '../api/discordSettings';
import { usePageQueryClient } from './hooks';
import { queryKeys } from './queryKeys';

/**
 * The text channels the bot can post in, read live from Discord. Keyed under the server, so a
 * saved change to it (serverChanged) reads them again.
 */
export const serverChannelsQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'channels'] as const,
    queryFn: () => discordSettingsApi.channels(serverId),
  });

export function useServerChannels(serverId: string) {
  return useQuery(serverChannelsQuery(serverId), usePageQueryClient());
}
