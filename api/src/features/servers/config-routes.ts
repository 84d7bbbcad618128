import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { findMembership, requireManager } from './access';
import { loadGrantContext } from './role-safety';
import { listBinds } from '../binds/store';
import { getConfig, setupStatus, toServerConfigDto } from './config-store';
import { rolesWithAssignability } from './roles';
import { configRoute, editRoute, setupStatusRoute } from './schemas';

/** Read-only views: configuration, setup status, the edit page. */
export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  app.get('/api/v1/server/:id/config', { schema: configRoute, ...authed }, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    return {
      success: true as const,
      data: { server_config: toServerConfigDto(guild.name, await getConfig(ctx.db, guild.id)) },
    };
  });

  app.get('/api/v1/server/:id/setup', { schema: setupStatusRoute, ...authed }, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    return { success: true as const, data: setupStatus(await getConfig(ctx.db, guild.id)) };
  });

  app.get('/api/v1/server/:id/edit', { schema: editRoute, ...authed }, async (request) => {
    const { userId } = authOf(request);
    const guild = await requireManager(ctx.db, userId, request.params.id);
    const config = await getConfig(ctx.db, guild.id);
    const owner = (await findMembership(ctx.db, userId, guild.id))?.owner === true;
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
    return {
      success: true as const,
      data: { server_config: toServerConfigDto(guild.name, config), roles, group },
    };
  });
};
