import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { unauthorized } from '../../lib/errors';
import { handleDiscordCallback } from './callback';
import { createState } from './oauth-state';
import { callbackRoute, discordUrlRoute, logoutRoute, meRoute, refreshRoute } from './schemas';
import { revokeSession, rotateRefreshToken } from './sessions';
import { getUser, toUserDto } from './users';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get('/auth/discord-url', { schema: discordUrlRoute }, async () => {
    const state = await createState(ctx.db, ctx.settings.encryptionKey, {
      purpose: 'discord_login',
    });
    return {
      success: true as const,
      data: { auth_url: ctx.integrations.discordOAuth.loginUrl(state) },
    };
  });

  app.get('/auth/callback', { schema: callbackRoute }, async (request, reply) => {
    const location = await handleDiscordCallback(ctx, request.log, request.query);
    return reply.redirect(location, 302);
  });

  app.post('/auth/refresh', { schema: refreshRoute }, async (request) => {
    const tokens = await rotateRefreshToken(
      ctx.db,
      ctx.settings.jwtSecret,
      request.body.refresh_token,
    );
    return { success: true as const, data: tokens };
  });

  app.get('/auth/me', { schema: meRoute, onRequest: app.authenticate }, async (request) => {
    const user = await getUser(ctx.db, authOf(request).userId);
    if (!user) throw unauthorized('This account no longer exists.', 'unknown_user');
    return { success: true as const, data: toUserDto(user) };
  });

  app.post(
    '/auth/logout',
    { schema: logoutRoute, onRequest: app.authenticate },
    async (request) => {
      await revokeSession(ctx.db, authOf(request).sessionId, 'logout');
      return { success: true as const, data: {} };
    },
  );
};
