import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { perAddressLimit, signInCeiling } from '../../lib/rate-limit';
import { bindBrowser } from '../../domain/tokens/browser-binding';
import { handleDiscordCallback } from './callback';
import { createState } from '../../domain/tokens/oauth-state';
import { AUTH_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { LOGIN_CHECK_HEADER, LOGIN_CHECK_PATTERN } from './login-check';
import {
  findSessionIdByRefreshToken,
  revokeSession,
  rotateRefreshToken,
} from '../../domain/sessions/sessions';
import { verifyAccessToken } from '../../domain/sessions/tokens';
import { getUser, toUserDto } from '../../domain/accounts/users';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(
    app,
    AUTH_ENDPOINTS.discordUrl,
    {
      config: { rateLimit: perAddressLimit(ctx.settings) },
      preHandler: signInCeiling(app, ctx.settings),
    },
    async (request, reply) => {
      const check = request.headers[LOGIN_CHECK_HEADER];
      if (check !== undefined && (typeof check !== 'string' || !LOGIN_CHECK_PATTERN.test(check))) {
        throw badRequest(`headers.${LOGIN_CHECK_HEADER} must be 43 base64url characters`);
      }
      const state = await createState(ctx.db, ctx.settings.encryptionKey, {
        purpose: 'discord_login',
        browserHash: bindBrowser(request, reply, ctx.settings),
        clientCheck: check,
      });
      return ok({ auth_url: ctx.integrations.discordOAuth.loginUrl(state) });
    },
  );

  serve(app, AUTH_ENDPOINTS.callback, {}, async (request, reply) => {
    return reply.redirect(await handleDiscordCallback(ctx, request), 302);
  });

  serve(app, AUTH_ENDPOINTS.refresh, {}, async (request) => {
    const tokens = await rotateRefreshToken(
      ctx.db,
      ctx.settings.jwtSecret,
      request.body.refresh_token,
      ctx.settings.accessTokenTtlSeconds,
    );
    return ok(tokens);
  });

  serve(app, AUTH_ENDPOINTS.me, { onRequest: app.authenticate }, async (request) => {
    const user = await getUser(ctx.db, authOf(request).userId);
    if (!user) throw unauthorized('This account no longer exists.', 'unknown_user');
    return ok(toUserDto(user));
  });

  // Logout must end the server session even after the access token expired: the refresh token
  // in the body identifies it then.
  serve(
    app,
    AUTH_ENDPOINTS.logout,
    {
      // the body is optional: no body is the same as an empty one
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const bearer = /^Bearer (\S{1,4096})$/.exec(request.headers.authorization ?? '')?.[1];
      const claims = bearer ? await verifyAccessToken(ctx.settings.jwtSecret, bearer) : null;
      const refreshToken = request.body.refresh_token;
      const sessionId =
        claims?.sessionId ??
        (refreshToken ? await findSessionIdByRefreshToken(ctx.db, refreshToken) : null);
      if (!sessionId)
        throw unauthorized(
          'No session to end: send the access or the refresh token.',
          'no_session',
        );
      await revokeSession(ctx.db, sessionId, 'logout');
      return ok({});
    },
  );
};
