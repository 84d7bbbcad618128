import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import type { GuildRecord } from '../store/discordState';
import { requireBot } from './auth';
import { discordError, DiscordErrors } from './errors';

export const MANAGE_ROLES = 1n << 28n;
export const MANAGE_NICKNAMES = 1n << 27n;
export const KICK_MEMBERS = 1n << 1n;
export const BAN_MEMBERS = 1n << 2n;
const ADMINISTRATOR = 1n << 3n;

/**
 * The guild as the bot sees it. Unknown guild: 404 10004. A guild the bot is not in: 404 10004 for
 * GET /guilds/{id} (what Discord answers today) and 403 50001 Missing Access for its sub-resources.
 */
export function guildForBot(
  ctx: EmulatorContext,
  guildId: string,
  reply: FastifyReply,
  whenAbsent: 'unknown_guild' | 'missing_access' = 'missing_access',
): GuildRecord | undefined {
  const guild = ctx.store.discord.guilds.get(guildId);
  if (!guild) {
    DiscordErrors.unknownGuild(reply);
    return undefined;
  }
  if (!guild.bot_present) {
    if (whenAbsent === 'unknown_guild') DiscordErrors.unknownGuild(reply);
    else DiscordErrors.missingAccess(reply);
    return undefined;
  }
  return guild;
}

/** A bot route on `guildId`: 401 without the bot's token, else the guild as guildForBot finds it. */
export function botGuild(
  ctx: EmulatorContext,
  request: FastifyRequest,
  guildId: string,
  reply: FastifyReply,
): GuildRecord | undefined {
  if (!requireBot(ctx, request, reply)) return undefined;
  return guildForBot(ctx, guildId, reply);
}

export function botHasPermission(ctx: EmulatorContext, guild: GuildRecord, bit: bigint): boolean {
  const perms = BigInt(guild.members.get(ctx.config.botUserId)?.permissions ?? '0');
  return (perms & (bit | ADMINISTRATOR)) !== 0n;
}

export function botHighest(ctx: EmulatorContext, guild: GuildRecord): number {
  return ctx.store.discord.highestPosition(guild, ctx.config.botUserId);
}

/**
 * An elevated action (Manage Roles, Kick, Ban: the `*` permissions) in a guild with server-wide
 * 2FA needs the application owner's 2FA (emulator/README.md › Discord, 60003). Sends the
 * refusal and returns false when it is missing.
 */
export function ownerMfaAllows(
  ctx: EmulatorContext,
  guild: GuildRecord,
  reply: FastifyReply,
): boolean {
  if (guild.mfa_level === 0 || ctx.store.application.owner_mfa_enabled) return true;
  discordError(reply, 403, 60003, 'Two factor is required for this operation');
  return false;
}

/**
 * An elevated action needing the permission `bit`: without it 403 50013, then ownerMfaAllows.
 * Sends the refusal and returns false when the bot may not.
 */
export function elevatedActionAllowed(
  ctx: EmulatorContext,
  guild: GuildRecord,
  bit: bigint,
  reply: FastifyReply,
): boolean {
  if (!botHasPermission(ctx, guild, bit)) {
    DiscordErrors.missingPermissions(reply);
    return false;
  }
  return ownerMfaAllows(ctx, guild, reply);
}

/**
 * Whether the bot may kick or ban this user as Discord's role hierarchy allows: never the owner,
 * and a member only while their highest role sits strictly below the bot's (the bot itself
 * included). A user who is not a member (a ban by id) has no roles to compare.
 */
export function botOutranks(ctx: EmulatorContext, guild: GuildRecord, userId: string): boolean {
  if (guild.owner_id === userId) return false;
  if (!guild.members.has(userId)) return true;
  return ctx.store.discord.highestPosition(guild, userId) < botHighest(ctx, guild);
}

/**
 * The `X-Audit-Log-Reason` header as Discord reads it: URL-encoded by clients (discord.js encodes
 * it), so decoded here; absent or empty → null.
 */
export function auditLogReason(request: FastifyRequest): string | null {
  const raw = request.headers['x-audit-log-reason'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
