import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../../context';
import { IntegrationError } from '../../integrations/types';
import { badGateway, conflict } from '../../lib/errors';
import { perUserLimit } from '../../lib/rate-limit';
import {
  disconnectLinkedRoles,
  linkedRolesStatus,
} from '../../domain/role-connections/linked-roles';
import { bindBrowser } from '../../domain/tokens/browser-binding';
import { createState } from '../../domain/tokens/oauth-state';
import { LINKED_ROLES_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

/**
 * The member's Linked Roles page (docs/product.md › Linked Roles): whether RoConnect writes their
 * Discord role connection and what it shares there, Connect through Discord's OAuth (the return
 * is the auth callback's, by the state's purpose), and Disconnect.
 */
export const linkedRolesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const authed = { onRequest: app.authenticate };
  const limited = { ...authed, config: perUserLimit(ctx.settings) };

  serve(app, LINKED_ROLES_ENDPOINTS.linkedRoles, authed, async (request) =>
    ok(await linkedRolesStatus(ctx, authOf(request).userId)),
  );

  serve(app, LINKED_ROLES_ENDPOINTS.connect, limited, async (request, reply) => {
    const state = await createState(ctx.db, ctx.settings.encryptionKey, {
      purpose: 'linked_roles',
      userId: authOf(request).userId,
      browserHash: bindBrowser(request, reply, ctx.settings),
    });
    // the sign-in's scopes: the tokens that come back replace the member's stored ones
    return ok({ auth_url: ctx.integrations.discordOAuth.loginUrl(state) });
  });

  serve(app, LINKED_ROLES_ENDPOINTS.disconnect, limited, async (request) => {
    const { userId } = authOf(request);
    try {
      if ((await disconnectLinkedRoles(ctx, userId)) === 'not_connected')
        throw conflict(
          'Linked Roles is not connected: there is nothing to disconnect.',
          'not_connected',
        );
    } catch (err) {
      if (!(err instanceof IntegrationError)) throw err;
      request.log.warn({ status: err.status }, 'Discord refused to empty a role connection');
      throw badGateway(
        'Discord did not empty your Linked Roles connection, so nothing changed. Please try again in a moment.',
        'discord_failed',
      );
    }
    return ok(await linkedRolesStatus(ctx, userId));
  });
};
