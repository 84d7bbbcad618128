import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { SetupStep } from '@roconnect/shared-lib/contract';
import { badRequest, conflict } from '../../lib/errors';
import { requireManagingCaller } from '../../domain/guilds/access';
import {
  STEP_ORDER,
  advance,
  getConfig,
  saveConfig,
  type ConfigRow,
} from '../../domain/config/config-store';
import { listBinds, replaceBinds } from '../../domain/binds/store';
import { bindGroup, groupIdFromBody } from './group';
import { loadGrantContext } from '../../domain/roles/role-safety';
import { ensureVerifiedRole } from '../../domain/roles/roles';
import {
  recordBindsChange,
  recordNicknameChange,
  recordVerifiedRoleChange,
} from '../../domain/config/setting-audit';
import { cleanRoleName, requireBot } from '../../domain/roles/validate';
import { settingOfFormat } from '../../domain/config/nickname-setting';
import { SERVER_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/** Steps run in order: nickname → verified_role → group → completed. */
function requireStep(row: ConfigRow | null, step: SetupStep): void {
  if (row?.setupCompleted) return;
  const current = (row?.setupStep ?? 'nickname') as SetupStep;
  if (STEP_ORDER.indexOf(step) > STEP_ORDER.indexOf(current)) {
    throw conflict(`Finish the "${current}" step of the setup first.`, 'setup_step_out_of_order');
  }
}

const nextStep = (row: ConfigRow) => (row.setupCompleted ? null : (row.setupStep as SetupStep));

export const setupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };

  serve(app, SERVER_ENDPOINTS.setupNickname, authed, async (request) => {
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const current = await getConfig(ctx.db, guild.id);
    // a format chosen here is the server's nickname: a template of its own gives way to it
    const row = await saveConfig(ctx.db, guild.id, userId, {
      ...settingOfFormat(request.body.nickname_format),
      setupStep: advance(current, 'verified_role'),
    });
    await recordNicknameChange(ctx.db, guild.id, userId, current, row);
    return ok({ setup_step: nextStep(row) });
  });

  serve(app, SERVER_ENDPOINTS.setupVerifiedRole, authed, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request);
    const name = cleanRoleName(request.body.verified_role_name);
    const current = await getConfig(ctx.db, guild.id);
    requireStep(current, 'verified_role');
    requireBot(guild);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    const role = await ensureVerifiedRole(ctx, grant, name);
    const row = await saveConfig(ctx.db, guild.id, userId, {
      verifiedRoleName: role.name,
      verifiedRoleId: role.id,
      setupStep: advance(current, 'group'),
    });
    await recordVerifiedRoleChange(ctx.db, guild.id, userId, current, row);
    return ok({ verified_role_id: role.id, setup_step: nextStep(row) });
  });

  serve(app, SERVER_ENDPOINTS.setupGroup, authed, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request);
    const body = request.body;
    const given = [
      body.group_id !== undefined,
      body.group_url !== undefined,
      body.skip !== undefined,
    ].filter(Boolean).length;
    if (given !== 1)
      throw badRequest('send exactly one of body.group_id, body.group_url or body.skip');
    const current = await getConfig(ctx.db, guild.id);
    requireStep(current, 'group');

    if (body.skip) {
      const before = await listBinds(ctx.db, guild.id);
      await replaceBinds(ctx.db, guild.id, []);
      await recordBindsChange(ctx.db, guild.id, userId, before, []);
      await saveConfig(ctx.db, guild.id, userId, {
        groupId: null,
        groupName: null,
        setupStep: 'group',
        setupCompleted: true,
      });
      return ok({ setup_completed: true, group_id: null, group_name: null, roles_created: [] });
    }
    const groupId = groupIdFromBody(body);
    requireBot(guild);
    const grant = await loadGrantContext(ctx, guild.id, userId, membership.owner);
    const bound = await bindGroup(ctx, grant, groupId);
    await recordBindsChange(ctx.db, guild.id, userId, bound.before, bound.after);
    await saveConfig(ctx.db, guild.id, userId, {
      groupId: bound.groupId,
      groupName: bound.groupName,
      setupStep: 'group',
      setupCompleted: true,
    });
    return ok({
      setup_completed: true,
      group_id: bound.groupId,
      group_name: bound.groupName,
      roles_created: bound.rolesCreated,
    });
  });
};
