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

/** The server's own words, with RoConnect's texts and where the Verify message is posted. */
export const serverMessagesQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'messages'] as const,
    queryFn: () => discordSettingsApi.messages(serverId),
  });

export function useServerMessages(serverId: string) {
  return useQuery(serverMessagesQuery(serverId), usePageQueryClient());
}

/** Where the Verify message is posted now, and the text it was posted with. */
export const verifyMessageStateQuery = (serverId: string) =>
  queryOptions({
    queryKey: [...queryKeys.server(serverId), 'verify-message'] as const,
    queryFn: () => discordSettingsApi.verifyMessageState(serverId),
  });

export function useVerifyMessageState(serverId: string) {
  return useQuery(verifyMessageStateQuery(serverId), usePageQueryClient());
}
