import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { startLogPoster } from '../../domain/discord-log/log-poster';
import { automationRoutes } from './automation-route';
import { channelsRoutes } from './channels-route';
import { logChannelRoutes } from './log-channel-route';
import { verifyMessageRoutes } from './verify-message-route';
import { namedPlugin } from '../../lib/named-plugin';

/** How long a server's log entries gather before they go out as one message. */
const LOG_WINDOW_MS = 2000;

/**
 * What the bot does inside Discord for a server: its channels, the log channel (and the poster
 * that follows the audit log into it), join handling and resync, the Verify message. Every route
 * is under /api/v1/server/{id}: the caller must manage the server (domain/guilds/access).
 */
export const discordSettings: FastifyPluginAsyncTypebox = async (app) => {
  const poster = startLogPoster(app.ctx, { windowMs: LOG_WINDOW_MS, log: app.log });
  app.addHook('onClose', async () => poster.close());
  await app.register(namedPlugin(channelsRoutes));
  await app.register(namedPlugin(logChannelRoutes));
  await app.register(namedPlugin(automationRoutes));
  await app.register(namedPlugin(verifyMessageRoutes));
};
