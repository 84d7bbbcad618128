import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { DiscordErrors } from './errors';
import { botGuild } from './guildAccess';
import { memberJson } from '../views';

const byId = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /guilds/{g}/members?limit=1..1000&after=<user id>: members in user-id order, one page; 403
 * 50001 while the application's Server Members intent is off.
 */
export function registerDiscordMemberList(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<{ Params: { guildId: string }; Querystring: { limit?: string; after?: string } }>(
    '/guilds/:guildId/members',
    async (request, reply) => {
      const guild = botGuild(ctx, request, request.params.guildId, reply);
      if (!guild) return reply;
      // listing members needs the Server Members privileged intent (emulator/README.md › Application)
      if (!ctx.store.application.guild_members_intent) return DiscordErrors.missingAccess(reply);
      const limit = request.query.limit === undefined ? 1 : Number(request.query.limit);
      const after = request.query.after ?? '0';
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        return DiscordErrors.invalidForm(
          reply,
          'limit',
          'NUMBER_TYPE_MAX',
          'int value should be between 1 and 1000.',
        );
      if (!/^\d{1,20}$/.test(after))
        return DiscordErrors.invalidForm(
          reply,
          'after',
          'NUMBER_TYPE_COERCE',
          'Value is not snowflake.',
        );
      return [...guild.members.values()]
        .filter((m) => byId(m.user_id, after) > 0)
        .sort((a, b) => byId(a.user_id, b.user_id))
        .slice(0, limit)
        .map((m) => memberJson(ctx, m));
    },
  );
}
