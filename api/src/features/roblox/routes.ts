import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { pkceChallenge, randomToken } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { bindBrowser, browserHashOf } from '../../domain/tokens/browser-binding';
import { createState } from '../../domain/tokens/oauth-state';
import { handleRobloxCallback } from './callback';
import { ROBLOX_ROUTES } from '@roconnect/shared-lib/contract';
import {
  robloxAuthUrlRoute,
  robloxCallbackRoute,
  robloxStatusRoute,
} from '@roconnect/shared-lib/contract/schemas';
import { ok } from '../../lib/answer';

export const robloxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.get(
    ROBLOX_ROUTES.authUrl.path,
    { schema: robloxAuthUrlRoute, onRequest: app.authenticate },
    async (request, reply) => {
      if (!ctx.integrations.robloxOAuth.configured) {
        throw new ApiError(
          503,
          'roblox_not_configured',
          'Roblox linking is not configured on this server.',
        );
      }
      const verifier = randomToken(48); // 64 characters, within PKCE's 43–128
      const state = await createState(ctx.db, ctx.settings.encryptionKey, {
        purpose: 'roblox_link',
        userId: authOf(request).userId,
        verifier,
        browserHash: bindBrowser(request, reply, ctx.settings),
      });
      return ok({
        auth_url: ctx.integrations.robloxOAuth.authorizeUrl(state, pkceChallenge(verifier)),
      });
    },
  );

  app.get(ROBLOX_ROUTES.callback.path, { schema: robloxCallbackRoute }, async (request, reply) => {
    const browserHash = browserHashOf(request, ctx.settings);
    return reply.redirect(
      await handleRobloxCallback(ctx, request.log, request.query, browserHash),
      302,
    );
  });

  app.get(ROBLOX_ROUTES.status.path, { schema: robloxStatusRoute }, async () =>
    ok({ configured: ctx.integrations.robloxOAuth.configured }),
  );
};
