import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { recordSettingChange } from '../../domain/audit/record';
import { getConfig, saveConfig, toServerConfigDto } from '../../domain/config/config-store';
import { requireManagingCaller } from '../../domain/guilds/access';
import { requireBot } from '../../domain/roles/validate';
import { consoleLimits } from '../../lib/route-limits';
import { channelLabel, describeStoredChannel, readManagerChannels } from './channel-check';
import { DISCORD_SETTINGS_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * PUT /api/v1/server/{id}/log-channel `{channel_id | null}`: the channel the audit log is posted
 * to: one the bot and the caller can both post in (channel-check.ts). The change is itself an
 * audit entry, so the new channel's first message confirms it.
 */
export const logChannelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  // choosing a channel asks the bot 5 times: limited per user and per server like the edit page
  const limits = consoleLimits(app, ctx.settings, 'log-channel');
  serve(app, DISCORD_SETTINGS_ENDPOINTS.logChannel, limits.options, async (request) => {
    const { userId, guild, membership } = await requireManagingCaller(ctx, request, limits);
    const channelId = request.body.channel_id;
    const current = await getConfig(ctx.db, guild.id);
    let after: string | null = null;
    if (channelId !== null) {
      requireBot(guild);
      const channels = await readManagerChannels(ctx, guild, membership);
      after = channelLabel(channels.require(channelId));
    }
    const before =
      current?.logChannelId === channelId
        ? after
        : await describeStoredChannel(
            ctx,
            guild.id,
            current?.logChannelId ?? null,
            guild.botPresent,
          );
    const row = await saveConfig(ctx.db, guild.id, userId, {
      logChannelId: channelId,
      logChannelError: null,
    });
    await recordSettingChange(ctx.db, {
      guildId: guild.id,
      actorUserId: userId,
      setting: 'log_channel',
      before,
      after,
    });
    return ok({ server_config: toServerConfigDto(guild.name, row) });
  });
};
