import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireManagingCaller } from '../../domain/guilds/access';
import { requireBot } from '../../domain/roles/validate';
import { consoleLimits } from '../../lib/route-limits';
import { readManagerChannels } from './channel-check';
import { DISCORD_SETTINGS_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * GET /api/v1/server/{id}/channels: the text channels the bot can post in, live from Discord, of
 * those the caller can see and post in themselves (a channel hidden from them is not named).
 */
export const channelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'channels');
  serve(app, DISCORD_SETTINGS_ENDPOINTS.channels, limits.options, async (request) => {
    const { guild, membership } = await requireManagingCaller(ctx, request, limits);
    requireBot(guild);
    const channels = await readManagerChannels(ctx, guild, membership);
    return ok(channels.choosable);
  });
};
