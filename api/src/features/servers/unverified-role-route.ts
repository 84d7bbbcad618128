import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { DiscordRole } from '../../integrations/types';
import { badRequest, notFound } from '../../lib/errors';
import { recordSettingChange } from '../../domain/audit/record';
import { listBinds } from '../../domain/binds/store';
import { requireManagingCaller } from '../../domain/guilds/access';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { checkChosenRole } from '../../domain/roles/roles';
import { requireBot } from '../../domain/roles/validate';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * PUT /api/v1/server/{id}/edit/unverified-role: the role members have until they verify. It is
 * taken away on verify and given by the server-wide update to members with no linked account
 * (domain/verification/unverified-role.ts); saving it changes no member by itself.
 */
export const unverifiedRoleRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  serve(app, SERVER_ENDPOINTS.editUnverifiedRole, authed, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request);
    const roleId = request.body.unverified_role_id;
    const current = await getConfig(ctx.db, guild.id);
    let roles: DiscordRole[] = [];
    if (roleId !== null) {
      if (roleId === current?.verifiedRoleId)
        throw badRequest(
          'body.unverified_role_id is the verified role; members cannot have both. Choose another role.',
        );
      if ((await listBinds(ctx.db, guild.id)).some((b) => b.roleId === roleId))
        throw badRequest(
          'body.unverified_role_id is bound to a Roblox group rank; verification would give and take it. Choose another role.',
        );
      requireBot(guild);
      const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
      if (!checkChosenRole(grant, roleId))
        throw notFound('That role does not exist in this server.', 'role_not_found');
      roles = grant.roles;
    } else if (current?.unverifiedRoleId && guild.botPresent) {
      // only to name the old role in the audit log
      roles = await ctx.integrations.discordBot.listRoles(guild.id).catch(() => []);
    }
    const row = await saveConfig(ctx.db, guild.id, userId, { unverifiedRoleId: roleId });
    const label = (id: string | null) =>
      id ? `${roles.find((r) => r.id === id)?.name ?? 'unknown role'} (${id})` : null;
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'unverified_role',
      before: label(current?.unverifiedRoleId ?? null),
      after: label(roleId),
    });
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });
};
