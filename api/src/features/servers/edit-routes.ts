import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { requireLiveManager } from '../../domain/guilds/access';
import { listBinds } from '../../domain/binds/store';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import {
  recordBindsChange,
  recordNicknameChange,
  recordVerifiedRoleChange,
} from '../../domain/config/setting-audit';
import { bindGroup, groupIdFromBody } from './group';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { checkChosenRole, ensureVerifiedRole } from '../../domain/roles/roles';
import {
  SERVER_ROUTES,
  parseNicknameTemplate,
  presetOfTemplate,
  type NicknameFormat,
} from '@roconnect/shared-lib/contract';
import {
  editGroupRoute,
  editNicknameRoute,
  editVerifiedRoleRoute,
} from '@roconnect/shared-lib/contract/schemas';
import { cleanRoleName, requireBot } from '../../domain/roles/validate';

/**
 * PUT …/edit/nickname's body: a named format, or a template (docs/product.md › Nicknames). A
 * template equal to a named one is stored as that name; a template that names an unknown token
 * or can never fit in 32 characters is a 400 saying which.
 */
function nicknamePatch(body: { nickname_format?: NicknameFormat; nickname_template?: string }) {
  const { nickname_format: format, nickname_template: template } = body;
  if ((format === undefined) === (template === undefined))
    throw badRequest('send exactly one of body.nickname_format or body.nickname_template');
  if (format !== undefined) return { nicknameFormat: format, nicknameTemplate: null };
  const parsed = parseNicknameTemplate(template!, 'body.nickname_template');
  if (!parsed.ok) throw badRequest(parsed.error, 'invalid_nickname_template');
  const preset = presetOfTemplate(template!);
  return preset
    ? { nicknameFormat: preset, nicknameTemplate: null }
    : { nicknameTemplate: template! };
}

/** Changes after setup; they never move the wizard. */
export const editRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  app.put(
    SERVER_ROUTES.editNickname.path,
    { schema: editNicknameRoute, ...authed },
    async (request) => {
      const { userId } = authOf(request);
      const { guild } = await requireLiveManager(ctx, userId, request.params.id);
      const before = await getConfig(ctx.db, guild.id);
      const row = await saveConfig(ctx.db, guild.id, userId, nicknamePatch(request.body));
      await recordNicknameChange(ctx.db, guild.id, userId, before, row);
      return {
        success: true as const,
        data: { server_config: toServerConfigDto(guild.name, row) },
      };
    },
  );

  app.put(
    SERVER_ROUTES.editVerifiedRole.path,
    { schema: editVerifiedRoleRoute, ...authed },
    async (request) => {
      const { userId } = authOf(request);
      const { guild, membership } = await requireLiveManager(ctx, userId, request.params.id);
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
      return {
        success: true as const,
        data: { server_config: toServerConfigDto(guild.name, row) },
      };
    },
  );

  app.put(SERVER_ROUTES.editGroup.path, { schema: editGroupRoute, ...authed }, async (request) => {
    const { userId } = authOf(request);
    const { guild, membership } = await requireLiveManager(ctx, userId, request.params.id);
    const groupId = groupIdFromBody(request.body);
    requireBot(guild);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    const before = await listBinds(ctx.db, guild.id);
    const bound = await bindGroup(ctx, grant, groupId);
    await recordBindsChange(ctx.db, guild.id, userId, before, bound.binds);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      groupId: bound.groupId,
      groupName: bound.groupName,
    });
    return {
      success: true as const,
      data: { server_config: toServerConfigDto(guild.name, row) },
    };
  });
};
