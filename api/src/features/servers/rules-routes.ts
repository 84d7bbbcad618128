import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, unauthorized } from '../../lib/errors';
import { requireManagingCaller } from '../../domain/guilds/access';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import { recordBypassChange, recordRestrictionsChange } from '../../domain/config/setting-audit';
import { requireBot } from '../../domain/roles/validate';
import { requireRemovalChoice } from '../../domain/rules/removal-rights';
import { getUser } from '../../domain/accounts/users';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** PUT …/edit/bypass-roles and …/edit/restrictions (docs/product.md › Restrictions). */
export const rulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  serve(app, SERVER_ENDPOINTS.editBypassRoles, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    requireBot(guild);
    const roles = await ctx.integrations.discordBot.listRoles(guild.id);
    const body = request.body;
    for (const field of ['nickname_bypass_role_ids', 'role_bypass_role_ids'] as const)
      body[field].forEach((id, i) => {
        if (id === guild.id || !roles.some((r) => r.id === id))
          throw notFound(
            `body.${field}[${i}]: the role ${id} does not exist in this server.`,
            'role_not_found',
          );
      });
    const before = await getConfig(ctx.db, guild.id);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      nicknameBypassRoleIds: [...new Set(body.nickname_bypass_role_ids)],
      roleBypassRoleIds: [...new Set(body.role_bypass_role_ids)],
    });
    const names = new Map(roles.map((r) => [r.id, r.name]));
    await recordBypassChange(ctx.db, guild.id, userId, before, row, names);
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });

  serve(app, SERVER_ENDPOINTS.editRestrictions, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const body = request.body;
    const caller = await getUser(ctx.db, userId);
    if (!caller) throw unauthorized();
    // kick and ban are turned on only by someone who could do it themselves, read live, and only
    // when the bot may do them now (docs/product.md › Restrictions, docs/security.md)
    if (body.action !== 'deny') {
      requireBot(guild);
      await requireRemovalChoice(ctx, guild.id, caller.discordId, body.action);
    }
    const before = await getConfig(ctx.db, guild.id);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      minAccountAgeDays: body.min_account_age_days,
      blockedRobloxUserIds: [...new Set(body.blocked_roblox_user_ids)],
      blockedGroupIds: [...new Set(body.blocked_group_ids)],
      ...(body.required_group_ids && {
        requiredGroupIds: [...new Set(body.required_group_ids)],
      }),
      ...(body.ban_evasion && { banEvasion: body.ban_evasion }),
      restrictionAction: body.action,
      restrictionChosenBy: caller.discordId,
    });
    await recordRestrictionsChange(ctx.db, guild.id, userId, before, row);
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });
};
