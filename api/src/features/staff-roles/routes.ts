import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { requireServerAdmin } from '../../domain/guilds/access';
import { getConfig, toServerConfigDto } from '../../domain/config/config-store';
import { requireBot } from '../../domain/roles/validate';
import { checkStaffRoles, saveStaffRoles } from '../../domain/staff/staff-roles';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * PUT /api/v1/server/{id}/edit/staff-roles (docs/product.md › Staff): the owner, Administrator or
 * Manage Server only, read live; a delegated manager may not widen their own reach.
 */
export const staffRolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(app, SERVER_ENDPOINTS.editStaffRoles, { onRequest: app.authenticate }, async (request) => {
    const { userId } = authOf(request);
    const { guild } = await requireServerAdmin(ctx, userId, request.params.id);
    const body = request.body;
    const wanted = body.manager_role_ids.length + body.updater_role_ids.length;
    const roles = wanted
      ? (requireBot(guild), await ctx.integrations.discordBot.listRoles(guild.id))
      : [];
    checkStaffRoles(body, guild.id, new Set(roles.map((r) => r.id)));
    const names = new Map(roles.map((r) => [r.id, r.name]));
    await saveStaffRoles(ctx.db, guild.id, userId, body, names);
    return ok({
      server_config: toServerConfigDto(guild.name, await getConfig(ctx.db, guild.id)),
    });
  });
};
