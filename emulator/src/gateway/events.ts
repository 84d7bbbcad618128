import type { EmulatorContext } from '../context';
import { channelJson, guildJson, memberJson, userJson } from '../views';
import type { GuildRecord, MemberRecord } from '../store/discordState';
import { applicationFlags } from '../store/application';
import { Intent } from '../runtime/gatewayProtocol';

/** The gateway's event bodies, built from the emulator's records (Discord docs: Gateway Events). */

export function readyData(
  ctx: EmulatorContext,
  sessionId: string,
  resumeUrl: string,
  shard: [number, number],
  guilds: GuildRecord[],
) {
  const bot = ctx.store.discord.users.get(ctx.config.botUserId);
  return {
    v: 10,
    user: bot ? userJson(bot) : { id: ctx.config.botUserId },
    guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
    session_id: sessionId,
    session_type: 'normal',
    resume_gateway_url: resumeUrl,
    shard,
    application: { id: ctx.config.discordClientId, flags: applicationFlags(ctx.store.application) },
    private_channels: [],
    presences: [],
    relationships: [],
    guild_join_requests: [],
    geo_ordered_rtc_regions: [],
    user_settings: {},
  };
}

/**
 * GUILD_CREATE: the guild with its channels and roles and member_count. Like Discord for a large
 * guild, `members` holds only the bot itself; the full list comes from REQUEST_GUILD_MEMBERS.
 */
export function guildCreateData(ctx: EmulatorContext, guild: GuildRecord) {
  const bot = guild.members.get(ctx.config.botUserId);
  const memberCount = ctx.store.discord.memberCount(guild);
  return {
    ...guildJson(ctx, guild, false),
    joined_at: bot?.joined_at ?? new Date().toISOString(),
    large: memberCount > 250,
    unavailable: false,
    member_count: memberCount,
    members: bot ? [memberJson(ctx, bot)] : [],
    channels: guild.channels.map(channelJson),
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function memberAddData(ctx: EmulatorContext, guild: GuildRecord, member: MemberRecord) {
  return { ...memberJson(ctx, member), guild_id: guild.id };
}

export function memberRemoveData(ctx: EmulatorContext, guild: GuildRecord, userId: string) {
  const user = ctx.store.discord.users.get(userId);
  return { guild_id: guild.id, user: user ? userJson(user) : { id: userId } };
}

/**
 * GUILD_MEMBER_REMOVE (a member left, was kicked or banned) to the sessions that asked for
 * GUILD_MEMBERS; answers how many sessions it reached.
 */
export function dispatchMemberRemove(ctx: EmulatorContext, guild: GuildRecord, userId: string) {
  if (!guild.bot_present) return 0;
  return ctx.gateway.dispatchToGuild(
    guild.id,
    Intent.GuildMembers,
    'GUILD_MEMBER_REMOVE',
    memberRemoveData(ctx, guild, userId),
  );
}

const BAN_MEMBERS = 1n << 2n;
const VIEW_AUDIT_LOG = 1n << 7n;
const ADMINISTRATOR = 1n << 3n;

/**
 * GUILD_BAN_ADD / GUILD_BAN_REMOVE `{guild_id, user}` to the sessions that asked for
 * GUILD_MODERATION, and only while the bot may see bans (Ban Members or View Audit Log), as
 * Discord sends them.
 */
export function dispatchBanChange(
  ctx: EmulatorContext,
  guild: GuildRecord,
  userId: string,
  event: 'GUILD_BAN_ADD' | 'GUILD_BAN_REMOVE',
) {
  if (!guild.bot_present) return 0;
  const perms = BigInt(ctx.store.discord.memberPermissions(guild, ctx.config.botUserId));
  if ((perms & (BAN_MEMBERS | VIEW_AUDIT_LOG | ADMINISTRATOR)) === 0n) return 0;
  return ctx.gateway.dispatchToGuild(
    guild.id,
    Intent.GuildModeration,
    event,
    memberRemoveData(ctx, guild, userId),
  );
}

/**
 * GUILD_MEMBER_UPDATE to the sessions that asked for GUILD_MEMBERS, as Discord sends it after any
 * change of a member's roles or nickname, the bot's own REST calls included.
 */
export function dispatchMemberUpdate(
  ctx: EmulatorContext,
  guild: GuildRecord,
  member: MemberRecord,
) {
  if (!guild.bot_present) return;
  ctx.gateway.dispatchToGuild(guild.id, Intent.GuildMembers, 'GUILD_MEMBER_UPDATE', {
    ...memberJson(ctx, member),
    guild_id: guild.id,
  });
}

/** the guilds the bot is in now, to compare across a reset */
export function guildsWithBot(ctx: EmulatorContext): Set<string> {
  return new Set(
    [...ctx.store.discord.guilds.values()].filter((g) => g.bot_present).map((g) => g.id),
  );
}

/**
 * After a reset the bot may be in other guilds than before: live sessions hear of it as Discord
 * would tell them, GUILD_DELETE (`{id}`: the bot was removed) and GUILD_CREATE.
 */
export function announceGuildChanges(ctx: EmulatorContext, before: Set<string>): void {
  const now = guildsWithBot(ctx);
  for (const id of before)
    if (!now.has(id)) ctx.gateway.dispatchToGuild(id, Intent.Guilds, 'GUILD_DELETE', { id });
  for (const id of now)
    if (!before.has(id))
      ctx.gateway.dispatchToGuild(
        id,
        Intent.Guilds,
        'GUILD_CREATE',
        guildCreateData(ctx, ctx.store.discord.guilds.get(id)!),
      );
}
