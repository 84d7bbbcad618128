import type { FastifyInstance, FastifyReply } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOr404, refuse, SNOWFLAKE } from './refusals';
import { dispatchMemberRemove, memberAddData } from '../gateway/events';
import { Intent } from '../runtime/gatewayProtocol';
import type { GuildRecord } from '../store/discordState';

/** one call may add this many members (a join burst for the benchmark) */
const MAX_BATCH = 10_000;

/** the ids in `{user_id}` or `{user_ids: [...]}`, or an error text */
function readUserIds(body: unknown): string[] | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'send a JSON object {user_id} or {user_ids: [...]}';
  const { user_id: one, user_ids: many, ...rest } = body as Record<string, unknown>;
  const extra = Object.keys(rest)[0];
  if (extra !== undefined) return `body.${extra} is not allowed`;
  if ((one === undefined) === (many === undefined))
    return 'send exactly one of user_id or user_ids';
  if (one !== undefined) {
    if (typeof one !== 'string' || !SNOWFLAKE.test(one))
      return 'body.user_id must be a Discord user id (17–20 digits)';
    return [one];
  }
  if (!Array.isArray(many) || many.length === 0 || many.length > MAX_BATCH)
    return `body.user_ids must be an array of 1 to ${MAX_BATCH} user ids`;
  const bad = many.findIndex((id) => typeof id !== 'string' || !SNOWFLAKE.test(id));
  if (bad >= 0) return `body.user_ids[${bad}] must be a Discord user id (17–20 digits)`;
  if (new Set(many).size !== many.length) return 'body.user_ids has the same id twice';
  return many as string[];
}

/**
 * `POST /__emulator/guilds/{guild_id}/members` `{user_id}` or `{user_ids}`: users of the seed join
 * the server, as when they accept an invite (a banned user → 409); `DELETE …/members/{user_id}`:
 * one leaves. Each change is dispatched on the gateway (GUILD_MEMBER_ADD / GUILD_MEMBER_REMOVE)
 * to the sessions holding the guild's shard that asked for the GUILD_MEMBERS intent, when the bot
 * is in the guild.
 */
export function registerMemberJoinControl(app: FastifyInstance, ctx: EmulatorContext): void {
  const checkedGuild = (guildId: string, reply: FastifyReply): GuildRecord | undefined => {
    if (!SNOWFLAKE.test(guildId)) {
      refuse(reply, 400, 'invalid_id', 'guild_id must be a Discord id (17–20 digits)');
      return undefined;
    }
    return guildOr404(ctx, guildId, reply);
  };

  app.post<{ Params: { guildId: string } }>(
    '/__emulator/guilds/:guildId/members',
    async (request, reply) => {
      const guild = checkedGuild(request.params.guildId, reply);
      if (!guild) return reply;
      const ids = readUserIds(request.body);
      if (typeof ids === 'string') return refuse(reply, 400, 'invalid_member', ids);
      const { users } = ctx.store.discord;
      const unknown = ids.find((id) => !users.has(id) || users.get(id)!.bot);
      if (unknown)
        return refuse(reply, 404, 'not_found', `There is no user ${unknown} in the seed.`);
      const already = ids.find((id) => guild.members.has(id));
      if (already)
        return refuse(
          reply,
          409,
          'already_member',
          `User ${already} is already a member of ${guild.name}.`,
        );
      // Discord keeps a banned user out until the ban is removed
      const banned = ids.find((id) => guild.bans.has(id));
      if (banned)
        return refuse(reply, 409, 'banned', `User ${banned} is banned from ${guild.name}.`);
      const joinedAt = new Date().toISOString();
      let dispatched = 0;
      for (const userId of ids) {
        const member = {
          user_id: userId,
          permissions: '0',
          nick: null,
          roles: [],
          joined_at: joinedAt,
        };
        guild.members.set(userId, member);
        if (guild.member_count !== undefined) guild.member_count += 1;
        if (guild.bot_present)
          dispatched += ctx.gateway.dispatchToGuild(
            guild.id,
            Intent.GuildMembers,
            'GUILD_MEMBER_ADD',
            memberAddData(ctx, guild, member),
          );
      }
      return {
        added: ids.length,
        member_count: ctx.store.discord.memberCount(guild),
        dispatched,
      };
    },
  );

  app.delete<{ Params: { guildId: string; userId: string } }>(
    '/__emulator/guilds/:guildId/members/:userId',
    async (request, reply) => {
      const guild = checkedGuild(request.params.guildId, reply);
      if (!guild) return reply;
      const { userId } = request.params;
      if (!SNOWFLAKE.test(userId))
        return refuse(reply, 400, 'invalid_id', 'user_id must be a Discord id (17–20 digits)');
      if (!guild.members.has(userId))
        return refuse(reply, 404, 'not_found', `User ${userId} is not a member of ${guild.name}.`);
      if (userId === guild.owner_id)
        return refuse(reply, 400, 'invalid_member', 'The owner cannot leave their own server.');
      if (userId === ctx.config.botUserId)
        return refuse(
          reply,
          400,
          'invalid_member',
          'The bot leaves a server only when it is removed.',
        );
      ctx.store.discord.removeMember(guild, userId);
      const dispatched = dispatchMemberRemove(ctx, guild, userId);
      return { removed: 1, member_count: ctx.store.discord.memberCount(guild), dispatched };
    },
  );
}
