import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { consoleLimits } from '../../lib/route-limits';
import { requireManagingCaller, requireManager } from '../../domain/guilds/access';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { listBinds } from '../../domain/binds/store';
import { getConfig, setupStatus, toServerConfigDto } from '../../domain/config/config-store';
import { rolesWithAssignability } from '../../domain/roles/roles';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * Read-only views: configuration, setup status, the edit page. Config and setup status read only
 * the stored settings (no member data, no Discord call), so the last sync's rights do; the edit
 * page asks the bot 3–4 times, so it takes live rights and per-user and per-server limits.
 */
export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const editLimits = consoleLimits(app, ctx.settings, 'edit');

  serve(app, SERVER_ENDPOINTS.config, authed, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    return ok({ server_config: toServerConfigDto(guild.name, await getConfig(ctx.db, guild.id)) });
  });

  serve(app, SERVER_ENDPOINTS.setupStatus, authed, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    return ok(setupStatus(await getConfig(ctx.db, guild.id)));
  });

  serve(app, SERVER_ENDPOINTS.edit, editLimits.options, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request, editLimits);
    const config = await getConfig(ctx.db, guild.id);
    const owner = membership.owner;
    const roles = guild.botPresent
      ? rolesWithAssignability(await loadGrantContext(ctx, guild.id, userId, owner))
      : [];
    // The first group's single-rank binds, as the page before binds showed them (binds: GET …/binds).
    const binds = config?.groupId ? await listBinds(ctx.db, guild.id) : [];
    const group =
      config?.groupId != null
        ? {
            id: config.groupId,
            name: config.groupName ?? `Group ${config.groupId}`,
            ranks: binds
              .filter((b) => b.groupId === config.groupId && b.minRank === b.maxRank)
              .map((b) => ({ rank: b.minRank, name: b.roleName, discord_role_id: b.roleId })),
          }
        : null;
    return ok({ server_config: toServerConfigDto(guild.name, config), roles, group });
  });
};
