import type { AppContext } from '../../context';
import { readBotChannels } from '../../domain/channels/bot-channels';
import { ApiError } from '../../lib/errors';

/** 422: the channel is one the bot cannot post in (the message says which and what to change). */
export const channelNotPostable = (message: string) =>
  new ApiError(422, 'channel_not_postable', message);

/** The channel, when it is a text channel of this server the bot can post in; 422 otherwise. */
export async function requirePostableChannel(
  ctx: AppContext,
  guildId: string,
  channelId: string,
): Promise<{ id: string; name: string }> {
  const check = (await readBotChannels(ctx.integrations.discordBot, guildId)).check(channelId);
  if (!check.ok) throw channelNotPostable(check.message);
  return { id: check.id, name: check.name };
}

/** How the audit log names a channel: `#name (id)`. */
export const channelLabel = (channel: { id: string; name: string }) =>
  `#${channel.name} (${channel.id})`;

/** A channel that may be gone or hidden by now: its name when the bot can still read it. */
export async function describeStoredChannel(
  ctx: AppContext,
  guildId: string,
  channelId: string | null,
  botPresent: boolean,
): Promise<string | null> {
  if (!channelId) return null;
  const channels = botPresent
    ? await ctx.integrations.discordBot.listChannels(guildId).catch(() => [])
    : [];
  const found = channels.find((c) => c.id === channelId);
  return found ? channelLabel(found) : `#unknown channel (${channelId})`;
}
