import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context';
import { requireBot } from './auth';
import { discordError, DiscordErrors, invalidFormAt } from './errors';
import {
  auditLogReason,
  botGuild,
  botHasPermission,
  botHighest,
  botOutranks,
  elevatedActionAllowed,
  guildForBot,
  KICK_MEMBERS,
  MANAGE_NICKNAMES,
  MANAGE_ROLES,
  ownerMfaAllows,
} from './guildAccess';
import { dispatchMemberUpdate } from '../gateway/events';
import { kickMember } from './removals';
import { memberJson } from '../views';

type MemberParams = { Params: { guildId: string; userId: string } };
type MemberRoleParams = { Params: { guildId: string; userId: string; roleId: string } };

export function registerDiscordMembers(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<MemberParams>('/guilds/:guildId/members/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    const member = guild.members.get(request.params.userId);
    if (!member) return DiscordErrors.unknownMember(reply);
    return memberJson(ctx, member);
  });

  /**
   * Remove Guild Member (a kick): Kick Members, and an elevated action under server-wide 2FA; the
   * owner and anyone at or above the bot's highest role → 50013; not a member → 10007. The
   * member leaves, GUILD_MEMBER_REMOVE follows, the audit log keeps `X-Audit-Log-Reason`.
   */
  app.delete<MemberParams>('/guilds/:guildId/members/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    if (!elevatedActionAllowed(ctx, guild, KICK_MEMBERS, reply)) return reply;
    const { userId } = request.params;
    if (!guild.members.has(userId)) return DiscordErrors.unknownMember(reply);
    if (!botOutranks(ctx, guild, userId)) return DiscordErrors.missingPermissions(reply);
    kickMember(ctx, guild, userId, ctx.config.botUserId, auditLogReason(request));
    return reply.code(204).send();
  });

  /**
   * Modify Guild Member: `nick` and `roles` (the whole new set) in one call, all or nothing, as
   * Discord: a role change needs Manage Roles and every role added or removed must be unmanaged
   * and below the bot's highest role; a nickname change needs Manage Nicknames and a target below
   * the bot (never the owner).
   */
  app.patch<MemberParams>('/guilds/:guildId/members/:userId', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    const member = guild.members.get(request.params.userId);
    if (!member) return DiscordErrors.unknownMember(reply);
    if (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body)) {
      return discordError(reply, 400, 50109, 'The request body contains invalid JSON.');
    }
    const body = request.body as Record<string, unknown>;
    const changesNick = 'nick' in body;
    const changesRoles = 'roles' in body && body.roles !== null;
    const nick = body.nick;
    if (changesNick) {
      if (nick !== null && typeof nick !== 'string')
        return DiscordErrors.invalidForm(reply, 'nick', 'BASE_TYPE_STRING', 'Must be a string.');
      if (typeof nick === 'string' && nick.length > 32) {
        return DiscordErrors.invalidForm(
          reply,
          'nick',
          'BASE_TYPE_BAD_LENGTH',
          'Must be between 1 and 32 in length.',
        );
      }
    }
    let roles: string[] | undefined;
    if (changesRoles) {
      if (!Array.isArray(body.roles))
        return DiscordErrors.invalidForm(reply, 'roles', 'BASE_TYPE_ARRAY', 'Must be an array.');
      const bad = body.roles.findIndex((id) => typeof id !== 'string' || !/^\d{17,20}$/.test(id));
      if (bad >= 0)
        return invalidFormAt(reply, {
          path: ['roles', String(bad)],
          code: 'NUMBER_TYPE_COERCE',
          message: 'Value is not snowflake.',
        });
      // @everyone is every member's implicitly and is never listed
      roles = [...new Set(body.roles as string[])].filter((id) => id !== guild.id);
      const unknown = roles.findIndex((id) => !guild.roles.some((r) => r.id === id));
      if (unknown >= 0)
        return invalidFormAt(reply, {
          path: ['roles', String(unknown)],
          code: 'UNKNOWN_ROLE',
          message: 'Unknown role',
        });
    }
    const isSelf = member.user_id === ctx.config.botUserId;
    if (changesNick && !isSelf) {
      if (!botHasPermission(ctx, guild, MANAGE_NICKNAMES))
        return DiscordErrors.missingPermissions(reply);
      // nobody can rename the owner; others must sit strictly below the bot's highest role
      if (guild.owner_id === member.user_id) return DiscordErrors.missingPermissions(reply);
      if (ctx.store.discord.highestPosition(guild, member.user_id) >= botHighest(ctx, guild)) {
        return DiscordErrors.missingPermissions(reply);
      }
    }
    if (roles) {
      const next = new Set(roles);
      const changed = [
        ...roles.filter((id) => !member.roles.includes(id)),
        ...member.roles.filter((id) => !next.has(id)),
      ];
      if (changed.length > 0) {
        if (!botHasPermission(ctx, guild, MANAGE_ROLES))
          return DiscordErrors.missingPermissions(reply);
        if (!ownerMfaAllows(ctx, guild, reply)) return reply;
        const highest = botHighest(ctx, guild);
        const blocked = changed.some((id) => {
          const role = guild.roles.find((r) => r.id === id);
          return !role || role.managed || role.position >= highest;
        });
        if (blocked) return DiscordErrors.missingPermissions(reply);
      }
    }
    const before = JSON.stringify([member.nick, member.roles]);
    if (changesNick) member.nick = nick === '' ? null : (nick as string | null);
    if (roles) member.roles = roles;
    if (JSON.stringify([member.nick, member.roles]) !== before)
      dispatchMemberUpdate(ctx, guild, member);
    return memberJson(ctx, member);
  });

  const changeRole =
    (add: boolean) => async (request: FastifyRequest<MemberRoleParams>, reply: FastifyReply) => {
      if (!requireBot(ctx, request, reply)) return reply;
      const { guildId, userId, roleId } = request.params;
      const guild = guildForBot(ctx, guildId, reply);
      if (!guild) return reply;
      const role = guild.roles.find((r) => r.id === roleId);
      if (!role || role.id === guild.id) return DiscordErrors.unknownRole(reply);
      const member = guild.members.get(userId);
      if (!member) return DiscordErrors.unknownMember(reply);
      if (!botHasPermission(ctx, guild, MANAGE_ROLES))
        return DiscordErrors.missingPermissions(reply);
      if (!ownerMfaAllows(ctx, guild, reply)) return reply;
      if (role.managed || role.position >= botHighest(ctx, guild))
        return DiscordErrors.missingPermissions(reply);
      const had = member.roles.includes(role.id);
      if (add && !had) member.roles.push(role.id);
      if (!add) member.roles = member.roles.filter((id) => id !== role.id);
      if (had !== add) dispatchMemberUpdate(ctx, guild, member);
      return reply.code(204).send();
    };

  app.put<MemberRoleParams>('/guilds/:guildId/members/:userId/roles/:roleId', changeRole(true));
  app.delete<MemberRoleParams>('/guilds/:guildId/members/:userId/roles/:roleId', changeRole(false));
}
