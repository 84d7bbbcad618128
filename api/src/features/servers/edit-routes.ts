import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../lib/errors';
import { requireManagingCaller } from '../../domain/guilds/access';
import { removeGroupBinds } from '../../domain/binds/store';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import {
  recordBindsChange,
  recordNicknameChange,
  recordVerifiedRoleChange,
} from '../../domain/config/setting-audit';
import { bindGroup, groupIdFromBody } from './group';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { checkChosenRole, ensureVerifiedRole } from '../../domain/roles/roles';
import { nicknameSettingOfBody } from '../../domain/config/nickname-setting';
import { cleanRoleName, requireBot } from '../../domain/roles/validate';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** Changes after setup; they never move the wizard. */
export const editRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  serve(app, SERVER_ENDPOINTS.editNickname, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const before = await getConfig(ctx.db, guild.id);
    // a format and a template are one setting: whichever is sent decides both (docs/product.md › Nicknames)
    const row = await saveConfig(ctx.db, guild.id, userId, nicknameSettingOfBody(request.body));
    await recordNicknameChange(ctx.db, guild.id, userId, before, row);
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });

  serve(app, SERVER_ENDPOINTS.editVerifiedRole, authed, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request);
    const name = cleanRoleName(request.body.verified_role_name);
    requireBot(guild);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    let role: { id: string; name: string };
    if (request.body.verified_role_id) {
      const chosen = checkChosenRole(grant, request.body.verified_role_id);
      if (!chosen) throw notFound('That role does not exist in this server.', 'role_not_found');
      role = chosen;
    } else {
      role = await ensureVerifiedRole(ctx, grant, name);
    }
    const before = await getConfig(ctx.db, guild.id);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      verifiedRoleName: role.name,
      verifiedRoleId: role.id,
    });
    await recordVerifiedRoleChange(ctx.db, guild.id, userId, before, row);
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });

  serve(app, SERVER_ENDPOINTS.editGroup, authed, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request);
    const groupId = groupIdFromBody(request.body);
    requireBot(guild);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    const bound = await bindGroup(ctx, grant, groupId);
    await recordBindsChange(ctx.db, guild.id, userId, bound.before, bound.after);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      groupId: bound.groupId,
      groupName: bound.groupName,
    });
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });

  // Removing the group integration removes that group's rank binds only; the next bound group,
  // if any, becomes the server's group (config.group_id names the first bound group).
  serve(app, SERVER_ENDPOINTS.removeGroup, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const config = await getConfig(ctx.db, guild.id);
    if (!config?.groupId) return ok({ server_config: toServerConfigDto(guild.name, config) });
    const { before, after } = await removeGroupBinds(ctx.db, guild.id, config.groupId);
    if (after.length !== before.length)
      await recordBindsChange(ctx.db, guild.id, userId, before, after);
    const next = after.find((b) => (b.kind ?? 'group') === 'group' && b.groupId);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      groupId: next?.groupId ?? null,
      groupName: next?.groupName ?? null,
    });
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });
};
