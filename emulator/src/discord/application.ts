import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { applicationFlags } from '../store/application';
import { userJson } from '../views';
import { requireBot } from './auth';

/**
 * GET /applications/@me (Discord docs: Resources → Application, Get Current Application): the
 * application the bot token belongs to, with its flags (the privileged intents it may use), its
 * registered redirect URIs and URLs, and its bot user, whose id may differ from the application's.
 */
export function registerApplication(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get('/applications/@me', async (request, reply) => {
    if (!requireBot(ctx, request, reply)) return reply;
    const settings = ctx.store.application;
    const bot = ctx.store.discord.users.get(ctx.config.botUserId);
    return {
      id: ctx.config.discordClientId,
      name: ctx.config.botUsername,
      icon: null,
      description: '',
      bot_public: true,
      bot_require_code_grant: settings.bot_require_code_grant,
      flags: applicationFlags(settings),
      redirect_uris: settings.redirect_uris,
      interactions_endpoint_url: settings.interactions_endpoint_url,
      role_connections_verification_url: settings.role_connections_verification_url,
      verify_key: ctx.signer.publicKeyHex,
      bot: bot ? userJson(bot) : { id: ctx.config.botUserId, username: ctx.config.botUsername },
    };
  });
}
