import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { requireBot } from './auth';
import { discordError, DiscordErrors } from './errors';
import { botGuild, elevatedActionAllowed, guildForBot, MANAGE_ROLES } from './guildAccess';
import { guildJson, roleJson, sortedRoles } from '../views';

type GuildParams = { Params: { guildId: string } };
const MAX_ROLES = 250;

export function registerDiscordGuilds(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get<GuildParams>('/guilds/:guildId', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    const guild = guildForBot(ctx, request.params.guildId, reply, 'unknown_guild');
    if (!guild) return reply;
    const withCounts =
      (request.query as Record<string, unknown> | undefined)?.with_counts === 'true';
    return guildJson(ctx, guild, withCounts);
  });

  app.get<GuildParams>('/guilds/:guildId/roles', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    return sortedRoles(guild).map(roleJson);
  });

  app.post<GuildParams>('/guilds/:guildId/roles', async (request, reply) => {
    const guild = botGuild(ctx, request, request.params.guildId, reply);
    if (!guild) return reply;
    if (!elevatedActionAllowed(ctx, guild, MANAGE_ROLES, reply)) return reply;
    const body = (
      typeof request.body === 'object' && request.body !== null ? request.body : {}
    ) as Record<string, unknown>;
    const name = body.name === undefined ? 'new role' : body.name;
    if (typeof name !== 'string')
      return DiscordErrors.invalidForm(reply, 'name', 'BASE_TYPE_STRING', 'Must be a string.');
    if (name.length > 100)
      return DiscordErrors.invalidForm(
        reply,
        'name',
        'BASE_TYPE_MAX_LENGTH',
        'Must be 100 or fewer in length.',
      );
    if (
      body.permissions !== undefined &&
      (typeof body.permissions !== 'string' || !/^\d{1,20}$/.test(body.permissions))
    ) {
      return DiscordErrors.invalidForm(
        reply,
        'permissions',
        'NUMBER_TYPE_COERCE',
        'Value is not a valid permission set.',
      );
    }
    if (guild.roles.length >= MAX_ROLES)
      return discordError(reply, 400, 30005, 'Maximum number of guild roles reached (250)');
    // Discord creates new roles at position 1, just above @everyone, pushing the others up.
    for (const role of guild.roles) if (role.position >= 1) role.position += 1;
    const role = {
      id: ctx.store.discord.newId(),
      name: name.trim() || 'new role',
      position: 1,
      managed: false,
      // as Discord: a role created without permissions gets @everyone's
      permissions:
        (body.permissions as string | undefined) ??
        guild.roles.find((r) => r.id === guild.id)?.permissions ??
        '0',
    };
    guild.roles.push(role);
    return roleJson(role);
  });
}
