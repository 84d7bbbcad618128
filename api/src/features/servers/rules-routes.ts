import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { conflict, notFound } from '../../lib/errors';
import { requireLiveManager } from '../../domain/guilds/access';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import { recordBypassChange, recordRestrictionsChange } from '../../domain/config/setting-audit';
import { requireBot } from '../../domain/roles/validate';
import { botPermissions } from '../../domain/rules/bot-permissions';
import { SERVER_ROUTES } from '@roconnect/shared-lib/contract';
import {
  editBypassRolesRoute,
  editRestrictionsRoute,
} from '@roconnect/shared-lib/contract/schemas';

const KICK_MEMBERS = 1n << 1n;
const BAN_MEMBERS = 1n << 2n;

/** PUT …/edit/bypass-roles and …/edit/restrictions (docs/product.md › Restrictions). */
export const rulesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  app.put(
    SERVER_ROUTES.editBypassRoles.path,
    { schema: editBypassRolesRoute, ...authed },
    async (request) => {
      const { userId } = authOf(request);
      const { guild } = await requireLiveManager(ctx, userId, request.params.id);
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
      return {
        success: true as const,
        data: { server_config: toServerConfigDto(guild.name, row) },
      };
    },
  );

  app.put(
    SERVER_ROUTES.editRestrictions.path,
    { schema: editRestrictionsRoute, ...authed },
    async (request) => {
      const { userId } = authOf(request);
      const { guild } = await requireLiveManager(ctx, userId, request.params.id);
      const body = request.body;
      // kick and ban are turned on only when the bot may do them now (docs/product.md › Restrictions)
      if (body.action !== 'deny') {
        requireBot(guild);
        const needed = body.action === 'kick' ? KICK_MEMBERS : BAN_MEMBERS;
        const name = body.action === 'kick' ? 'Kick Members' : 'Ban Members';
        if (((await botPermissions(ctx, guild.id)) & needed) === 0n)
          throw conflict(
            `The bot's role does not have ${name}, so it cannot ${body.action} restricted members. ` +
              `Give the RoConnect role ${name} in Server Settings → Roles, or choose deny.`,
            `bot_cannot_${body.action}`,
          );
      }
      const before = await getConfig(ctx.db, guild.id);
      const row = await saveConfig(ctx.db, guild.id, userId, {
        minAccountAgeDays: body.min_account_age_days,
        blockedRobloxUserIds: [...new Set(body.blocked_roblox_user_ids)],
        blockedGroupIds: [...new Set(body.blocked_group_ids)],
        restrictionAction: body.action,
      });
      await recordRestrictionsChange(ctx.db, guild.id, userId, before, row);
      return {
        success: true as const,
        data: { server_config: toServerConfigDto(guild.name, row) },
      };
    },
  );
};
