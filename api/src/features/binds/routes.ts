import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consoleLimits } from '../../lib/route-limits';
import { requireManagingCaller } from '../../domain/guilds/access';
import { getConfig, saveConfig } from '../../domain/config/config-store';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { recordBindsChange } from '../../domain/config/setting-audit';
import { requireBot } from '../../domain/roles/validate';
import { planBinds } from './plan';
import { BIND_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { listBinds, replaceBinds } from '../../domain/binds/store';
import { bindsView } from './view';
import { bindsPreviewRoute } from './preview-route';
import { bindLookupRoute } from './lookup-route';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * GET/PUT /api/v1/server/{id}/binds: the caller must manage the server now. Both ask Roblox (and
 * PUT Discord) about every bound group, so both are limited per user and per server.
 */
export const bindsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const readLimits = consoleLimits(app, ctx.settings, 'binds-get');
  const writeLimits = consoleLimits(app, ctx.settings, 'binds-put');

  serve(app, BIND_ENDPOINTS.list, readLimits.options, async (request) => {
    const { guild } = await requireManagingCaller(ctx, request, readLimits);
    const config = await getConfig(ctx.db, guild.id);
    const known = new Map(
      config?.groupId && config.groupName ? [[config.groupId, config.groupName]] : [],
    );
    return ok(await bindsView(ctx, guild, await listBinds(ctx.db, guild.id), known));
  });

  serve(app, BIND_ENDPOINTS.replace, writeLimits.options, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request, writeLimits);
    const config = await getConfig(ctx.db, guild.id);
    const before = await listBinds(ctx.db, guild.id);
    const inputs = request.body.binds;
    let planned: Awaited<ReturnType<typeof planBinds>> = {
      binds: [],
      groupNames: new Map(),
      newRoles: new Map(),
    };
    if (inputs.length) {
      requireBot(guild);
      const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
      planned = await planBinds(ctx, inputs, grant, config?.unverifiedRoleId ?? null);
    }
    await replaceBinds(ctx.db, guild.id, planned.binds);
    // config.group_id names the first bound group (null: no group integration)
    const first = planned.binds.find((b) => b.groupId)?.groupId ?? null;
    await saveConfig(ctx.db, guild.id, userId, {
      groupId: first,
      groupName: first ? (planned.groupNames.get(first) ?? null) : null,
    });
    await recordBindsChange(ctx.db, guild.id, userId, before, planned.binds);
    const rows = await listBinds(ctx.db, guild.id);
    return ok(await bindsView(ctx, guild, rows, planned.groupNames));
  });

  await bindsPreviewRoute(app, {});
  await bindLookupRoute(app, {});
};
