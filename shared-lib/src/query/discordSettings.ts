import { queryOptions, useQuery } from '@tanstack/react-query';
import { discordSettingsApi } from '../api/discordSettings';
import { usePageQueryClient } from './hooks';
import { queryKeys } from './queryKeys';

/**
 * A read of one part of a server, keyed under the server, so a saved change to it (serverChanged)
 * reads it again.
 */
const serverPartQuery =
  <T>(part: string, read: (serverId: string) => Promise<T>) =>
  (serverId: string) =>
    queryOptions({
      queryKey: [...queryKeys.server(serverId), part] as const,
      queryFn: () => read(serverId),
    });

/** The text channels the bot can post in, read live from Discord. */
export const serverChannelsQuery = serverPartQuery('channels', (serverId) =>
  discordSettingsApi.channels(serverId),
);

/** The server's own words, with RoConnect's texts and where the Verify message is posted. */
export const serverMessagesQuery = serverPartQuery('messages', (serverId) =>
  discordSettingsApi.messages(serverId),
);

/** Where the Verify message is posted now, and the text it was posted with. */
export const verifyMessageStateQuery = serverPartQuery('verify-message', (serverId) =>
  discordSettingsApi.verifyMessageState(serverId),
);

export const useServerChannels = (serverId: string) =>
  useQuery(serverChannelsQuery(serverId), usePageQueryClient());

export const useServerMessages = (serverId: string) =>
  useQuery(serverMessagesQuery(serverId), usePageQueryClient());

export const useVerifyMessageState = (serverId: string) =>
  useQuery(verifyMessageStateQuery(serverId), usePageQueryClient());
