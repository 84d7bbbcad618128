import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { perAddressLimit, signInCeiling } from '../../lib/rate-limit';
import { bindBrowser, browserHashOf } from '../../domain/tokens/browser-binding';
import { handleDiscordCallback } from './callback';
import { createState } from '../../domain/tokens/oauth-state';
import { AUTH_ROUTES } from '@roconnect/shared-lib/contract';
import {
  callbackRoute,
  discordUrlRoute,
  logoutRoute,
  meRoute,
  refreshRoute,
} from '@roconnect/shared-lib/contract/schemas';
import { LOGIN_CHECK_HEADER, LOGIN_CHECK_PATTERN } from './login-check';
import {
  findSessionIdByRefreshToken,
  revokeSession,
  rotateRefreshToken,
} from '../../domain/sessions/sessions';
import { verifyAccessToken } from '../../domain/sessions/tokens';
import { getUser, toUserDto } from '../../domain/accounts/users';
import { ok } from '../../lib/answer';

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    AUTH_ROUTES.discordUrl.path,
    {
      schema: discordUrlRoute,
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

  app.get(AUTH_ROUTES.callback.path, { schema: callbackRoute }, async (request, reply) => {
    const location = await handleDiscordCallback(
      ctx,
      request.log,
      request.query,
      browserHashOf(request, ctx.settings),
    );
    return reply.redirect(location, 302);
  });

  app.post(AUTH_ROUTES.refresh.path, { schema: refreshRoute }, async (request) => {
    const tokens = await rotateRefreshToken(
      ctx.db,
      ctx.settings.jwtSecret,
      request.body.refresh_token,
      ctx.settings.accessTokenTtlSeconds,
    );
    return ok(tokens);
  });

  app.get(
    AUTH_ROUTES.me.path,
    { schema: meRoute, onRequest: app.authenticate },
    async (request) => {
      const user = await getUser(ctx.db, authOf(request).userId);
      if (!user) throw unauthorized('This account no longer exists.', 'unknown_user');
      return ok(toUserDto(user));
    },
  );

  // Logout must end the server session even after the access token expired: the refresh token
  // in the body identifies it then.
  app.post(
    AUTH_ROUTES.logout.path,
    {
      schema: logoutRoute,
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
