import type { FastifyInstance } from 'fastify';
import { recordBotCalls } from '../runtime/callLog';
import type { EmulatorContext } from '../context';
import { registerApplication } from './application';
import { registerDiscordBans } from './bans';
import { registerDiscordChannels } from './channels';
import { registerDiscordConsent } from './consent';
import { registerGatewayInfo } from './gatewayInfo';
import { registerDiscordGuilds } from './guilds';
import { registerDiscordMembers } from './members';
import { registerInteractionRoutes } from './interactions';
import { registerDiscordMemberList } from './memberList';
import { enforceRateLimits } from '../runtime/rateLimiter';
import { registerRoleConnections } from './roleConnections';
import { registerDiscordToken } from './token';
import { registerDiscordUsers } from './users';
import { requireDiscordUserAgent } from './userAgent';

/** Discord's REST API under /api and /api/v10, plus the consent page at /oauth2/authorize. */
export async function discordPlugin(app: FastifyInstance, ctx: EmulatorContext): Promise<void> {
  registerDiscordConsent(app, ctx);
  for (const prefix of ['/api', '/api/v10']) {
    app.register(
      async (api) => {
        // a call without Discord's User-Agent is refused before it counts anywhere
        requireDiscordUserAgent(api);
        // the limiter first: a refused request is answered 429 and never reaches the call log
        enforceRateLimits(api, ctx.rateLimiter);
        recordBotCalls(api, ctx.botCalls);
        registerDiscordToken(api, ctx);
        registerDiscordUsers(api, ctx);
        registerDiscordGuilds(api, ctx);
        registerDiscordMemberList(api, ctx);
        registerDiscordMembers(api, ctx);
        registerDiscordBans(api, ctx);
        registerInteractionRoutes(api, ctx);
        registerDiscordChannels(api, ctx);
        registerGatewayInfo(api, ctx);
        registerApplication(api, ctx);
        registerRoleConnections(api, ctx);
      },
      { prefix },
    );
  }
}
