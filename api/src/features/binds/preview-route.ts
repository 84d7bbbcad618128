import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consoleLimits } from '../../lib/route-limits';
import { requireManagingCaller } from '../../domain/guilds/access';
import { getConfig, restrictionsOf } from '../../domain/config/config-store';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { requireBot } from '../../domain/roles/validate';
import { listMemberFacts } from '../../domain/rules/member-facts';
import { previewBinds } from '../../domain/rules/preview';
import { BIND_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { planBinds } from './plan';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * POST /api/v1/server/{id}/binds/preview: the list is checked as PUT checks it (nothing is
 * created or saved), then counted over every verified member's last known Roblox data; Roblox is
 * asked only for names and ranks the shared caches lack, never about members.
 */
export const bindsPreviewRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'binds-preview');
  serve(app, BIND_ENDPOINTS.preview, limits.options, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request, limits);
    requireBot(guild);
    const config = await getConfig(ctx.db, guild.id);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    const planned = await planBinds(
      ctx,
      request.body.binds,
      grant,
      config?.unverifiedRoleId ?? null,
      { forPreview: true },
    );
    const members = await listMemberFacts(ctx.db, guild.id);
    const data = previewBinds(
      members,
      planned.binds.map((b) => ({ ...b, groupId: b.groupId ?? null })),

      {
        guildId: guild.id,
        roles: grant.roles,
        botTop: grant.botTop,
        restrictions: restrictionsOf(config),
        roleBypassRoleIds: config?.roleBypassRoleIds ?? [],
        newRoles: planned.newRoles,
      },
      new Date(),
    );
    return ok(data);
  });
};
