import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { requireLiveManager, requireManager } from '../servers/access';
import { getConfig, saveConfig } from '../servers/config-store';
import { loadGrantContext } from '../servers/role-safety';
import { recordBindsChange } from '../servers/setting-audit';
import { requireBot } from '../servers/validate';
import { planBinds } from './plan';
import { getBindsRoute, putBindsRoute } from './schemas';
import { listBinds, replaceBinds } from './store';
import { bindsView } from './view';

/** GET/PUT /api/v1/server/{id}/binds: the caller must manage the server. */
export const bindsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  app.get('/api/v1/server/:id/binds', { schema: getBindsRoute, ...authed }, async (request) => {
    const guild = await requireManager(ctx.db, authOf(request).userId, request.params.id);
    const config = await getConfig(ctx.db, guild.id);
    const known = new Map(
      config?.groupId && config.groupName ? [[config.groupId, config.groupName]] : [],
    );
    return {
      success: true as const,
      data: await bindsView(ctx, guild, await listBinds(ctx.db, guild.id), known),
    };
  });

  app.put('/api/v1/server/:id/binds', { schema: putBindsRoute, ...authed }, async (request) => {
    const { userId } = authOf(request);
    const { guild, membership } = await requireLiveManager(ctx, userId, request.params.id);
    const config = await getConfig(ctx.db, guild.id);
    const before = await listBinds(ctx.db, guild.id);
    const inputs = request.body.binds;
    let planned: Awaited<ReturnType<typeof planBinds>> = { binds: [], groupNames: new Map() };
    if (inputs.length) {
      requireBot(guild);
      const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
      planned = await planBinds(ctx, inputs, grant, config?.unverifiedRoleId ?? null);
    }
    await replaceBinds(ctx.db, guild.id, planned.binds);
    // config.group_id names the first bound group (null: no group integration)
    const first = planned.binds[0]?.groupId ?? null;
    await saveConfig(ctx.db, guild.id, userId, {
      groupId: first,
      groupName: first ? (planned.groupNames.get(first) ?? null) : null,
    });
    await recordBindsChange(ctx.db, guild.id, userId, before, planned.binds);
    const rows = await listBinds(ctx.db, guild.id);
    return {
      success: true as const,
      data: await bindsView(ctx, guild, rows, planned.groupNames),
    };
  });
};
