import type { DiscordBotClient, DiscordChannel, DiscordRole } from '../../integrations/types';

const ADMINISTRATOR = 1n << 3n;
const VIEW_CHANNEL = 1n << 10n;
const SEND_MESSAGES = 1n << 11n;

/** Text (0) and announcement (5) channels take messages; voice, stage, forum and categories do not. */
const MESSAGE_CHANNEL_TYPES = new Set([0, 5]);

const bits = (p: string) => (/^\d{1,20}$/.test(p) ? BigInt(p) : 0n);

/**
 * The bot's permissions in one channel, as Discord computes them (developers/topics/permissions,
 * "Permission Overwrites"): the server-wide permissions of @everyone and the bot's roles, then the
 * channel's @everyone overwrite, then its role overwrites together, then the bot's own overwrite.
 */
export function botChannelPermissions(
  guildId: string,
  channel: DiscordChannel,
  roles: readonly Pick<DiscordRole, 'id' | 'permissions'>[],
  botUserId: string,
  botRoleIds: readonly string[],
): bigint {
  const held = new Set([guildId, ...botRoleIds]);
  let perms = roles.filter((r) => held.has(r.id)).reduce((all, r) => all | bits(r.permissions), 0n);
  if ((perms & ADMINISTRATOR) !== 0n) return perms | VIEW_CHANNEL | SEND_MESSAGES;
  const overwrites = channel.permission_overwrites;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guildId);
  if (everyone) perms = (perms & ~bits(everyone.deny)) | bits(everyone.allow);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type !== 0 || o.id === guildId || !botRoleIds.includes(o.id)) continue;
    allow |= bits(o.allow);
    deny |= bits(o.deny);
  }
  perms = (perms & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === botUserId);
  if (own) perms = (perms & ~bits(own.deny)) | bits(own.allow);
  return perms;
}

export type ChannelCheck =
  | { ok: true; id: string; name: string }
  | { ok: false; reason: 'unknown_channel' | 'not_text' | 'cannot_post'; message: string };

export interface BotChannels {
  /** the text channels the bot can post in, in the server's order */
  postable: { id: string; name: string }[];
  /** the channel's name, null when the server has no such channel */
  name(channelId: string): string | null;
  /** whether the bot can post in this channel, and if not why, in words an owner can act on */
  check(channelId: string): ChannelCheck;
}

/** The server's channels and what the bot may do in each (3 bot calls: channels, roles, its member). */
export async function readBotChannels(
  bot: DiscordBotClient,
  guildId: string,
): Promise<BotChannels> {
  const [channels, roles, botMember, botUserId] = await Promise.all([
    bot.listChannels(guildId),
    bot.listRoles(guildId),
    bot.getBotMember(guildId),
    bot.getBotUserId(),
  ]);
  return botChannelsOf(guildId, channels, roles, botUserId, botMember?.roles ?? []);
}

/** What the bot may do in each channel, from what was read already. */
export function botChannelsOf(
  guildId: string,
  channels: readonly DiscordChannel[],
  roles: readonly Pick<DiscordRole, 'id' | 'permissions'>[],
  botUserId: string,
  botRoleIds: readonly string[],
): BotChannels {
  const canPost = (c: DiscordChannel) => {
    const perms = botChannelPermissions(guildId, c, roles, botUserId, botRoleIds);
    return (perms & VIEW_CHANNEL) !== 0n && (perms & SEND_MESSAGES) !== 0n;
  };
  const ordered = [...channels].sort((a, b) => a.position - b.position);
  return {
    postable: ordered
      .filter((c) => MESSAGE_CHANNEL_TYPES.has(c.type) && canPost(c))
      .map((c) => ({ id: c.id, name: c.name })),
    name: (channelId) => channels.find((c) => c.id === channelId)?.name ?? null,
    check(channelId) {
      const channel = channels.find((c) => c.id === channelId);
      if (!channel)
        return {
          ok: false,
          reason: 'unknown_channel',
          message: 'That channel does not exist in this server (any more). Choose another channel.',
        };
      if (!MESSAGE_CHANNEL_TYPES.has(channel.type))
        return {
          ok: false,
          reason: 'not_text',
          message: `#${channel.name} is not a text channel. Choose a text channel.`,
        };
      if (!canPost(channel))
        return {
          ok: false,
          reason: 'cannot_post',
          message: `The bot cannot post in #${channel.name}. In the channel's settings (Edit Channel → Permissions), let the bot's role View Channel and Send Messages.`,
        };
      return { ok: true, id: channel.id, name: channel.name };
    },
  };
}
