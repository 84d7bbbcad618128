import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { readBotChannels } from '../../domain/channels/bot-channels';
import { requireLiveManager } from '../../domain/guilds/access';
import { requireBot } from '../../domain/roles/validate';
import { consoleLimits } from '../../lib/route-limits';
import { DISCORD_SETTINGS_ROUTES } from '@roconnect/shared-lib/contract';
import { channelsRoute } from '@roconnect/shared-lib/contract/schemas';

/** GET /api/v1/server/{id}/channels: the text channels the bot can post in, live from Discord. */
export const channelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'channels');
  app.get(
    DISCORD_SETTINGS_ROUTES.channels.path,
    { schema: channelsRoute, onRequest: app.authenticate, config: limits.config },
    async (request) => {
      const { guild } = await requireLiveManager(ctx, authOf(request).userId, request.params.id);
      await limits.server(request);
      requireBot(guild);
      const channels = await readBotChannels(ctx.integrations.discordBot, guild.id);
      return { success: true as const, data: channels.postable };
    },
  );
};
