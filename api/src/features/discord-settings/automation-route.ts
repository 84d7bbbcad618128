import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordSettingChange, type AuditSetting } from '../../domain/audit/record';
import {
  discordSettingsOf,
  getConfig,
  saveConfig,
  toServerConfigDto,
  type ConfigPatch,
} from '../../domain/config/config-store';
import { requireManagingCaller } from '../../domain/guilds/access';
import { badRequest } from '../../lib/errors';
import { DISCORD_SETTINGS_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const onOff = (value: boolean) => (value ? 'on' : 'off');

/**
 * PUT /api/v1/server/{id}/automation `{join_handling?, join_dm?, resync?}`: what the gateway
 * worker does when someone joins, and the scheduled resync. Fields left out keep their value;
 * each one that changes is its own audit entry.
 */
export const automationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  serve(app, DISCORD_SETTINGS_ENDPOINTS.automation, authed, async (request) => {
    const body = request.body;
    if (body.join_handling === undefined && body.join_dm === undefined && body.resync === undefined)
      throw badRequest('body must set at least one of join_handling, join_dm or resync.');
    const { userId, guild } = await requireManagingCaller(ctx, request);
    const before = discordSettingsOf(await getConfig(ctx.db, guild.id));
    const patch: ConfigPatch = {};
    if (body.join_handling !== undefined) patch.joinHandling = body.join_handling;
    if (body.join_dm !== undefined) patch.joinDm = body.join_dm;
    if (body.resync !== undefined) patch.resync = body.resync;
    const row = await saveConfig(ctx.db, guild.id, userId, patch);
    const after = discordSettingsOf(row);
    const changes: [AuditSetting, string, string][] = [
      ['join_handling', before.joinHandling, after.joinHandling],
      ['join_dm', onOff(before.joinDm), onOff(after.joinDm)],
      ['resync', before.resync, after.resync],
    ];
    for (const [setting, was, now] of changes)
      await recordSettingChange(ctx.db, {
        guildId: guild.id,
        actorUserId: userId,
        setting,
        before: was,
        after: now,
      });
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });
};
