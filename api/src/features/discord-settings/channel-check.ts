import type { AppContext } from '../../context';
import { botChannelPermissions, botChannelsOf } from '../../domain/channels/bot-channels';
import type { GuildRow, MembershipRow } from '../../domain/guilds/access';
import { getUser } from '../../domain/accounts/users';
import { ApiError, forbidden, unauthorized } from '../../lib/errors';

const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;

/** 422: the channel is one the bot cannot post in (the message says which and what to change). */
export const channelNotPostable = (message: string) =>
  new ApiError(422, 'channel_not_postable', message);

type Channel = { id: string; name: string };

/**
 * The channels one manager may have the bot post in: those the bot can post in that the manager
 * can see and post in too, so a manager with Manage Server alone reaches no further through the
 * bot than Discord lets them reach themselves (docs/security.md, "a manager reaches beyond their
 * channels").
 */
export interface ManagerChannels {
  /** the text channels both the bot and the manager can post in, in the server's order */
  choosable: Channel[];
  /** the channel when both can post in it; 403 or 422 naming what is missing otherwise */
  require(channelId: string): Channel;
}

/**
 * Reads, live with the bot's token, the server's channels and roles, the bot's member and the
 * manager's (5 bot calls). The manager's rights in a channel are worked out as the bot's are
 * (Discord's overwrites: @everyone, their roles, their own); the owner may post anywhere.
 */
export async function readManagerChannels(
  ctx: AppContext,
  guild: GuildRow,
  membership: MembershipRow,
): Promise<ManagerChannels> {
  const caller = await getUser(ctx.db, membership.userId);
  if (!caller) throw unauthorized();
  const bot = ctx.integrations.discordBot;
  const [channels, roles, botMember, botUserId, manager] = await Promise.all([
    bot.listChannels(guild.id),
    bot.listRoles(guild.id),
    bot.getBotMember(guild.id),
    bot.getBotUserId(),
    membership.owner ? null : bot.getMember(guild.id, caller.discordId),
  ]);
  const forBot = botChannelsOf(guild.id, channels, roles, botUserId, botMember?.roles ?? []);
  // the same computation as the bot's, with the manager's roles and member overwrite
  const managerMay = (channelId: string, bit: bigint) => {
    if (membership.owner) return true;
    const channel = channels.find((c) => c.id === channelId);
    if (!channel || !manager) return false;
    const perms = botChannelPermissions(guild.id, channel, roles, caller.discordId, manager.roles);
    return (perms & bit) !== 0n;
  };
  const mayPost = (id: string) => managerMay(id, VIEW_CHANNEL) && managerMay(id, SEND_MESSAGES);

  return {
    choosable: forBot.postable.filter((c) => mayPost(c.id)),
    require(channelId) {
      const name = forBot.name(channelId);
      if (name !== null && !managerMay(channelId, VIEW_CHANNEL))
        // the name stays unsaid: Discord hides this channel from them
        throw forbidden(
          'You cannot see that channel in Discord, so you cannot choose it. Choose a channel you can see and post in.',
          'channel_hidden_from_you',
        );
      const check = forBot.check(channelId);
      if (!check.ok && check.reason !== 'cannot_post') throw channelNotPostable(check.message);
      if (!managerMay(channelId, SEND_MESSAGES))
        throw forbidden(
          `You cannot post in #${name} yourself, so the bot will not post there for you. Choose a channel you can post in.`,
          'channel_not_postable_by_you',
        );
      if (!check.ok) throw channelNotPostable(check.message);
      return { id: check.id, name: check.name };
    },
  };
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
