import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { pkceChallenge, randomToken } from '../../lib/crypto';
import { ApiError } from '../../lib/errors';
import { bindBrowser } from '../../domain/tokens/browser-binding';
import { createState } from '../../domain/tokens/oauth-state';
import { handleRobloxCallback } from './callback';
import { ROBLOX_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

export const robloxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  serve(app, ROBLOX_ENDPOINTS.authUrl, { onRequest: app.authenticate }, async (request, reply) => {
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
  });

  serve(app, ROBLOX_ENDPOINTS.callback, {}, async (request, reply) => {
    return reply.redirect(await handleRobloxCallback(ctx, request), 302);
  });

  serve(app, ROBLOX_ENDPOINTS.status, {}, async () =>
    ok({ configured: ctx.integrations.robloxOAuth.configured }),
  );
};
