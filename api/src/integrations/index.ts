import { createDiscordBotClient, type BotClientPolicy } from './discord/botClient';
import { createDiscordOAuthClient } from './discord/oauthClient';
import { createDiscordRoleConnectionsClient } from './discord/roleConnections';
import type { HttpPolicy } from './http';
import { createRobloxApiClient } from './roblox/apiClient';
import { createRobloxOAuthClient } from './roblox/oauthClient';
import type { IntegrationSettings, Integrations } from './types';

export * from './types';
export { createPkcePair, pkceChallenge, type PkcePair } from './roblox/pkce';
export {
  createDiscordBotClient,
  createDiscordOAuthClient,
  createRobloxApiClient,
  createRobloxOAuthClient,
};
export type { BotClientPolicy, HttpPolicy };

export interface IntegrationPolicies {
  /** fetch-based clients (Discord OAuth, Roblox): retries of 5xx/network failures, timeout, longest 429 wait */
  http?: HttpPolicy;
  /** the bot's @discordjs/rest client */
  bot?: BotClientPolicy;
}

/** Builds every client from settings once; tests may pass shorter retry policies. */
export function createIntegrations(
  settings: IntegrationSettings,
  policies: IntegrationPolicies = {},
): Integrations {
  return {
    discordOAuth: createDiscordOAuthClient(settings, policies.http),
    discordBot: createDiscordBotClient(settings, policies.bot),
    robloxOAuth: createRobloxOAuthClient(settings, policies.http),
    roblox: createRobloxApiClient(settings, policies.http),
    discordRoleConnections: createDiscordRoleConnectionsClient(settings, policies.http),
  };
}
