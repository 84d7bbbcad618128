import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import type { BanRecord } from '../store/discordState';
import { userJson } from '../views';
import { discordError, DiscordErrors } from './errors';
import {
  auditLogReason,
  BAN_MEMBERS,
  botGuild,
  botHasPermission,
  botOutranks,
  elevatedActionAllowed,
} from './guildAccess';
import { banUser, unbanUser } from './removals';

type GuildParams = { Params: { guildId: string } };
type BanParams = { Params: { guildId: string; userId: string } };
type ListQuery = { Querystring: { limit?: string; before?: string; after?: string } };

const SNOWFLAKE = /^\d{1,20}$/;
/** user ids in Discord's order (numeric, as the ids are) */
const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

type FieldError = { code: string; message: string };

/**
 * An integer field as Discord reads it (a number, or a string of digits), within `min`–`max`;
 * null and absent are the default. Answers the field's error, or nothing.
 */
function intError(value: unknown, min: number, max: number): FieldError | undefined {
  if (value === undefined || value === null) return undefined;
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^-?\d+$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isInteger(n))
    return { code: 'NUMBER_TYPE_COERCE', message: `Value "${String(value)}" is not int.` };
  if (n < min)
    return {
      code: 'NUMBER_TYPE_MIN',
      message: `int value should be greater than or equal to ${min}.`,
    };
  if (n > max)
    return {
      code: 'NUMBER_TYPE_MAX',
      message: `int value should be less than or equal to ${max}.`,
    };
  return undefined;
}

/** 50035 naming every bad field at once, as Discord does */
function invalidFields(reply: FastifyReply, fields: Record<string, FieldError | undefined>) {
  const errors = Object.fromEntries(
    Object.entries(fields).flatMap(([name, error]) =>
      error ? [[name, { _errors: [error] }]] : [],
    ),
  );
  if (Object.keys(errors).length === 0) return undefined;
  return discordError(reply, 400, 50035, 'Invalid Form Body', errors);
}

/**
 * Discord's guild bans: Create (PUT), Get, Remove (DELETE) and the list, each needing Ban Members
 * (403 50013 otherwise); creating and removing are elevated under server-wide 2FA (60003). Ban
 * objects are `{reason, user}`; a user without a ban → 404 10026.
 */
export function registerDiscordBans(app: FastifyInstance, ctx: EmulatorContext): void {
  const banJson = (ban: BanRecord) => {
    const user = ctx.store.discord.users.get(ban.user_id);
    return { reason: ban.reason, user: user ? userJson(user) : { id: ban.user_id } };
  };

  app.get<GuildParams & ListQuery>('/guilds/:guildId/bans', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    const { limit, before, after } = request.query;
    const snowflake = (v: string | undefined): FieldError | undefined =>
      v === undefined || SNOWFLAKE.test(v)
        ? undefined
        : { code: 'NUMBER_TYPE_COERCE', message: `Value "${v}" is not snowflake.` };
    const refused = invalidFields(reply, {
      limit: intError(limit, 1, 1000),
      before: snowflake(before),
      after: snowflake(after),
    });
    if (refused) return refused;
    if (!botHasPermission(ctx, guild, BAN_MEMBERS)) return DiscordErrors.missingPermissions(reply);
    const all = [...guild.bans.values()].sort((a, b) => byId(a.user_id, b.user_id));
    const count = limit === undefined ? 1000 : Number(limit);
    // always ascending by user id; `before` wins over `after` and gives the bans just before it
    const page =
      before !== undefined
        ? all.filter((b) => byId(b.user_id, before) < 0).slice(-count)
        : all.filter((b) => after === undefined || byId(b.user_id, after) > 0).slice(0, count);
    return page.map(banJson);
  });

  app.get<BanParams>('/guilds/:guildId/bans/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    if (!botHasPermission(ctx, guild, BAN_MEMBERS)) return DiscordErrors.missingPermissions(reply);
    const ban = guild.bans.get(request.params.userId);
    if (!ban) return DiscordErrors.unknownBan(reply);
    return banJson(ban);
  });

  /**
   * Create Guild Ban: body optional, `delete_message_seconds` 0–604800 (or the older
   * `delete_message_days` 0–7; the emulator keeps no member's messages, so nothing is deleted).
   * Never the owner, nor a member at or above the bot's highest role (50013); an unknown user →
   * 10013. A member is removed; the ban keeps `X-Audit-Log-Reason`. Banning again changes nothing.
   */
  app.put<BanParams>('/guilds/:guildId/bans/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      return discordError(reply, 400, 50109, 'The request body contains invalid JSON.');
    const { delete_message_seconds: seconds, delete_message_days: days } = body as Record<
      string,
      unknown
    >;
    const refused = invalidFields(reply, {
      delete_message_seconds: intError(seconds, 0, 604800),
      delete_message_days: intError(days, 0, 7),
    });
    if (refused) return refused;
    if (!elevatedActionAllowed(ctx, guild, BAN_MEMBERS, reply)) return reply;
    const { userId } = request.params;
    if (!ctx.store.discord.users.has(userId)) return DiscordErrors.unknownUser(reply);
    if (!botOutranks(ctx, guild, userId)) return DiscordErrors.missingPermissions(reply);
    banUser(ctx, guild, userId, ctx.config.botUserId, auditLogReason(request));
    return reply.code(204).send();
  });

  app.delete<BanParams>('/guilds/:guildId/bans/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    if (!elevatedActionAllowed(ctx, guild, BAN_MEMBERS, reply)) return reply;
    const { userId } = request.params;
    if (!guild.bans.has(userId)) return DiscordErrors.unknownBan(reply);
    unbanUser(ctx, guild, userId, ctx.config.botUserId, auditLogReason(request));
    return reply.code(204).send();
  });
}
