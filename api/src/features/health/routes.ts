import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bindBrowser } from '../../domain/tokens/browser-binding';
import { createState } from '../../domain/tokens/oauth-state';
import { consoleLimits } from '../../lib/route-limits';
import { requireManagingCaller } from '../../domain/guilds/access';
import { getConfig } from '../../domain/config/config-store';
import { checkServerHealth } from './check';
import { SERVER_HEALTH_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * GET /api/v1/server/{id}/health: live from Discord (3 bot calls); the caller must manage the
 * server now, and answers are limited per user and per server.
 */
export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'health');
  serve(app, SERVER_HEALTH_ENDPOINTS.check, limits.options, async (request, reply) => {
    const { userId, guild } = await requireManagingCaller(ctx, request, limits);
    let inviteUrl: string | undefined;
    // the same invite as GET …/bot/invite-url: one state, bound to this user and browser
    const reinviteUrl = async () => {
      inviteUrl ??= ctx.integrations.discordOAuth.botInviteUrl(
        await createState(ctx.db, ctx.settings.encryptionKey, {
          purpose: 'bot_invite',
          userId,
          guildId: guild.id,
          browserHash: bindBrowser(request, reply, ctx.settings),
        }),
        guild.id,
      );
      return inviteUrl;
    };
    const health = await checkServerHealth(
      ctx,
      guild.id,
      await getConfig(ctx.db, guild.id),
      reinviteUrl,
    );
    return ok(health);
  });
};
