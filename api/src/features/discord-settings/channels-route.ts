import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { requireLiveManager } from '../../domain/guilds/access';
import { requireBot } from '../../domain/roles/validate';
import { consoleLimits } from '../../lib/route-limits';
import { DISCORD_SETTINGS_ROUTES } from '@roconnect/shared-lib/contract';
import { channelsRoute } from '@roconnect/shared-lib/contract/schemas';
import { readManagerChannels } from './channel-check';
import { ok } from '../../lib/answer';

/**
 * GET /api/v1/server/{id}/channels: the text channels the bot can post in, live from Discord, of
 * those the caller can see and post in themselves (a channel hidden from them is not named).
 */
export const channelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'channels');
  app.get(
    DISCORD_SETTINGS_ROUTES.channels.path,
    { schema: channelsRoute, onRequest: app.authenticate, config: limits.config },
    async (request) => {
      const { guild, membership } = await requireLiveManager(
        ctx,
        authOf(request).userId,
        request.params.id,
      );
      await limits.server(request);
      requireBot(guild);
      const channels = await readManagerChannels(ctx, guild, membership);
      return ok(channels.choosable);
    },
  );
};
