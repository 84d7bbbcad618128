import type { EmulatorContext } from './context';
import type {
  ChannelRecord,
  DiscordUserRecord,
  GuildRecord,
  MemberRecord,
  RoleRecord,
} from './store/discordState';

/** Discord's JSON shapes, built from the emulator's records. */

export function userJson(u: DiscordUserRecord) {
  return {
    id: u.id,
    username: u.username,
    discriminator: u.bot ? '0001' : '0',
    global_name: u.global_name,
    avatar: u.avatar,
    ...(u.bot ? { bot: true } : {}),
    banner: null,
    accent_color: null,
    avatar_decoration_data: null,
    public_flags: 0,
    flags: 0,
    mfa_enabled: false,
    locale: 'en-US',
    premium_type: 0,
    // the server tag a user shows; Discord sends it on every user, null without one
    primary_guild: null,
  };
}

export function roleJson(r: RoleRecord) {
  return {
    id: r.id,
    name: r.name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position: r.position,
    permissions: r.permissions,
    managed: r.managed,
    mentionable: false,
    flags: 0,
    ...(r.bot_id ? { tags: { bot_id: r.bot_id } } : {}),
  };
}

export function sortedRoles(guild: GuildRecord): RoleRecord[] {
  return [...guild.roles].sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
}

export function guildJson(ctx: EmulatorContext, g: GuildRecord, withCounts: boolean) {
  return {
    id: g.id,
    name: g.name,
    icon: g.icon,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    home_header: null,
    owner_id: g.owner_id,
    // Discord answers every guild with these, most of them fixed for a guild without boosts
    region: 'deprecated',
    widget_enabled: false,
    widget_channel_id: null,
    max_presences: null,
    max_members: 500000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    premium_subscription_count: 0,
    safety_alerts_channel_id: null,
    nsfw: false,
    incidents_data: null,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: sortedRoles(g).map(roleJson),
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: g.mfa_level,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    vanity_url_code: null,
    premium_tier: 0,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    ...(withCounts ? counts(ctx, g) : {}),
  };
}

function counts(ctx: EmulatorContext, g: GuildRecord) {
  const total = ctx.store.discord.memberCount(g);
  return { approximate_member_count: total, approximate_presence_count: Math.ceil(total / 2) };
}

/** the partial guild of GET /users/@me/guilds */
export function userGuildJson(
  ctx: EmulatorContext,
  g: GuildRecord,
  userId: string,
  withCounts: boolean,
) {
  return {
    id: g.id,
    name: g.name,
    icon: g.icon,
    banner: null,
    owner: g.owner_id === userId,
    permissions: ctx.store.discord.memberPermissions(g, userId),
    features: [],
    ...(withCounts ? counts(ctx, g) : {}),
  };
}

export function memberJson(ctx: EmulatorContext, m: MemberRecord) {
  const user = ctx.store.discord.users.get(m.user_id);
  return {
    user: user ? userJson(user) : { id: m.user_id },
    nick: m.nick,
    avatar: null,
    banner: null,
    roles: [...m.roles],
    joined_at: m.joined_at,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}

/** a guild channel as GET /guilds/{g}/channels and GUILD_CREATE show it */
export function channelJson(c: ChannelRecord) {
  const last = c.messages[c.messages.length - 1];
  return {
    id: c.id,
    type: c.type,
    guild_id: c.guild_id,
    name: c.name,
    position: c.position,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    ...(c.type === 0 || c.type === 5
      ? { topic: null, last_message_id: last?.id ?? null, rate_limit_per_user: 0 }
      : {}),
    flags: 0,
  };
}
