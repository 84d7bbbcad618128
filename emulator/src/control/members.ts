import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { guildOfIds, refuse } from './refusals';
import { dispatchMemberUpdate } from '../gateway/events';

const PERMISSIONS = /^\d{1,20}$/;

type Checked =
  { ok: true; permissions?: string; roles?: string[] } | { ok: false; message: string };

function readChange(body: unknown, roleIds: Set<string>): Checked {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, message: 'send a JSON object {permissions?, roles?}' };
  const { permissions, roles, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return { ok: false, message: `body.${unknown} is not allowed` };
  if (
    permissions !== undefined &&
    (typeof permissions !== 'string' || !PERMISSIONS.test(permissions))
  )
    return { ok: false, message: 'body.permissions must be a decimal string such as "8" or "0"' };
  if (roles !== undefined) {
    if (!Array.isArray(roles))
      return { ok: false, message: 'body.roles must be an array of role ids' };
    const bad = roles.findIndex((r) => typeof r !== 'string' || !roleIds.has(r));
    if (bad >= 0) return { ok: false, message: `body.roles[${bad}] is not a role of this server` };
  }
  return {
    ok: true,
    ...(permissions !== undefined ? { permissions: permissions as string } : {}),
    ...(roles !== undefined ? { roles: [...new Set(roles as string[])] } : {}),
  };
}

/**
 * `PATCH /__emulator/guilds/{guild_id}/members/{user_id}` `{permissions?, roles?}`: changes a member
 * as a server's staff would in Discord (demote a manager, give or take roles) so tests can replay it.
 */
export function registerMemberControl(app: FastifyInstance, ctx: EmulatorContext): void {
  app.patch<{ Params: { guildId: string; userId: string } }>(
    '/__emulator/guilds/:guildId/members/:userId',
    async (request, reply) => {
      const { guildId, userId } = request.params;
      const guild = guildOfIds(
        ctx,
        { guildId, otherId: userId, invalidIds: 'guild_id and user_id must be Discord ids' },
        reply,
      );
      if (!guild) return reply;
      const member = guild.members.get(userId);
      if (!member)
        return refuse(reply, 404, 'not_found', `User ${userId} is not a member of ${guild.name}.`);
      const change = readChange(request.body, new Set(guild.roles.map((r) => r.id)));
      if (!change.ok) return refuse(reply, 400, 'invalid_member', change.message);
      if (change.permissions !== undefined) member.permissions = change.permissions;
      if (change.roles !== undefined) {
        const changed = JSON.stringify(member.roles) !== JSON.stringify(change.roles);
        member.roles = change.roles;
        if (changed) dispatchMemberUpdate(ctx, guild, member);
      }
      return { user_id: member.user_id, permissions: member.permissions, roles: [...member.roles] };
    },
  );
}
