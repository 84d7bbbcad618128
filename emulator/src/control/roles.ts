import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOfIds, refuse } from './refusals';
import type { GuildRecord } from '../store/discordState';

const PERMISSIONS = /^\d{1,20}$/;

type Checked =
  { ok: true; position?: number; permissions?: string } | { ok: false; message: string };

function readChange(body: unknown): Checked {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'send a JSON object {position?, permissions?}' };
  const { position, permissions, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { ok: false, message: `body.${unknown} is not allowed` };
  if (
    position !== undefined &&
    (typeof position !== 'number' || !Number.isInteger(position) || position < 1 || position > 250)
  )
    return { ok: false, message: 'body.position must be a whole number from 1 to 250' };
  if (
    permissions !== undefined &&
    (typeof permissions !== 'string' || !PERMISSIONS.test(permissions))
  )
    return { ok: false, message: 'body.permissions must be a decimal string such as "8" or "0"' };
  return {
    ok: true,
    ...(position !== undefined ? { position: position as number } : {}),
    ...(permissions !== undefined ? { permissions: permissions as string } : {}),
  };
}

/** The bot member's permissions as Discord computes them: @everyone and its roles together. */
function recomputeBotPermissions(guild: GuildRecord, botUserId: string): void {
  const bot = guild.members.get(botUserId);
  if (!bot) return;
  let bits = 0n;
  for (const role of guild.roles)
    if (role.id === guild.id || bot.roles.includes(role.id)) bits |= BigInt(role.permissions);
  bot.permissions = bits.toString();
}

/**
 * `PATCH /__emulator/guilds/{guild_id}/roles/{role_id}` `{position?, permissions?}`: moves a role
 * or changes its permissions as a server's staff would in Server Settings → Roles (e.g. drag the
 * bot's role below a role it gives). A change to a role the bot has changes what the bot may do.
 */
export function registerRoleControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.patch<{ Params: { guildId: string; roleId: string } }>(
    '/__emulator/guilds/:guildId/roles/:roleId',
    async (request, reply) => {
      const { guildId, roleId } = request.params;
      const guild = guildOfIds(
        ctx,
        { guildId, otherId: roleId, invalidIds: 'guild_id and role_id must be Discord ids' },
        reply,
      );
      if (!guild) return reply;
      const role = guild.roles.find((r) => r.id === roleId);
      if (!role)
        return refuse(reply, 404, 'not_found', `There is no role ${roleId} in ${guild.name}.`);
      const change = readChange(request.body);
      if (!change.ok) return refuse(reply, 400, 'invalid_role', change.message);
      if (change.position !== undefined && role.id === guild.id)
        return refuse(reply, 400, 'invalid_role', '@everyone always stays at position 0');
      if (change.position !== undefined) role.position = change.position;
      if (change.permissions !== undefined) {
        role.permissions = change.permissions;
        recomputeBotPermissions(guild, ctx.config.botUserId);
      }
      return {
        id: role.id,
        name: role.name,
        position: role.position,
        permissions: role.permissions,
      };
    },
  );
}
