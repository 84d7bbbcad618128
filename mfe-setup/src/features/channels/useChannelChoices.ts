import type { ServerChannel } from '@roconnect/shared-lib';
import { loadPhase, useServerChannels, type LoadPhase } from '@roconnect/shared-lib/query';
import { refusalMessage } from '../apiErrors/refusalMessage';

export const CHANNELS_FAILED_MESSAGE = 'Could not load the channels from Discord.';

export interface ChannelChoices {
  phase: LoadPhase;
  channels: ServerChannel[];
  /** why the list failed to load: the API's words when it gave some */
  problem?: string;
  retry: () => void;
  /** `#name` of a listed channel, or undefined */
  nameOf: (channelId: string) => string | undefined;
}

/** The text channels the bot can post in, from the page's query cache. */
export function useChannelChoices(serverId: string): ChannelChoices {
  const read = useServerChannels(serverId);
  const channels = read.data ?? [];
  const phase = read.data !== undefined && !read.isError ? 'ready' : loadPhase(read);
  return {
    phase,
    channels,
    problem:
      phase === 'failed'
        ? [CHANNELS_FAILED_MESSAGE, refusalMessage(read.error)].filter(Boolean).join(' ')
        : undefined,
    retry: () => void read.refetch(),
    nameOf: (channelId) => {
      const channel = channels.find((c) => c.id === channelId);
      return channel ? `#${channel.name}` : undefined;
    },
  };
}
