import type { GatewaySettings } from './runtime/gatewayHub';
import type { RateLimitSettings } from './runtime/rateLimiter';
import { LIMITS_OFF } from './runtime/rateLimiter';
import type { Seed } from './seed/types';
import { defaultApplication, type ApplicationSettings } from './store/application';

export interface EmulatorOptions {
  seed?: Seed;
  discordClientId?: string;
  /** the bot's user id; default the application id (as for apps made since 2019; older ones differ) */
  botUserId?: string;
  /** the application's registered OAuth2 redirect URIs; default http://localhost:3000/auth/callback */
  redirectUris?: string[];
  discordClientSecret?: string;
  discordBotToken?: string;
  robloxClientId?: string;
  robloxClientSecret?: string;
  /** the origin browsers use to reach the emulator (used in picture URLs); default http://localhost:3100 */
  publicUrl?: string;
  /** the bot's username and managed role name; default RoConnect */
  botUsername?: string;
  /** where POST /__emulator/interactions sends interactions; default http://127.0.0.1:3000/api/interactions */
  interactionsUrl?: string;
  /** REST rate limits; default off (headers only) */
  rateLimits?: RateLimitSettings;
  /** the gateway's recommended shard count (GET /gateway/bot `shards`); default 1 */
  gatewayShards?: number;
  /** HELLO's heartbeat_interval in ms; default 41250 as Discord */
  gatewayHeartbeatIntervalMs?: number;
  /** how long a session stays resumable after its socket drops, ms; default 180000 */
  gatewaySessionTtlMs?: number;
  /** dispatches kept per session for RESUME; default 5000 */
  gatewayReplayLimit?: number;
}

export interface EmulatorConfig {
  discordClientId: string;
  botUserId: string;
  /** the application as its developer set it up; PATCH /__emulator/application changes it until reset */
  application: ApplicationSettings;
  discordClientSecret: string;
  discordBotToken: string;
  robloxClientId: string;
  robloxClientSecret: string;
  publicUrl: string;
  botUsername: string;
  interactionsUrl: string;
  rateLimits: RateLimitSettings;
  gateway: GatewaySettings;
}

export const DEFAULTS = {
  discordClientId: '100000000000000001',
  redirectUri: 'http://localhost:3000/auth/callback',
  discordClientSecret: 'emulator-discord-secret',
  discordBotToken: 'emulator-bot-token',
  robloxClientId: 'emulator-roblox-client',
  robloxClientSecret: 'emulator-roblox-secret',
  publicUrl: 'http://localhost:3100',
  botUsername: 'RoConnect',
  interactionsUrl: 'http://127.0.0.1:3000/api/interactions',
  gatewayShards: 1,
  gatewayHeartbeatIntervalMs: 41250,
  gatewaySessionTtlMs: 180_000,
  gatewayReplayLimit: 5000,
} as const;

export function resolveConfig(options: EmulatorOptions): EmulatorConfig {
  const discordClientId = options.discordClientId ?? DEFAULTS.discordClientId;
  return {
    discordClientId,
    botUserId: options.botUserId ?? discordClientId,
    application: defaultApplication(options.redirectUris ?? [DEFAULTS.redirectUri]),
    discordClientSecret: options.discordClientSecret ?? DEFAULTS.discordClientSecret,
    discordBotToken: options.discordBotToken ?? DEFAULTS.discordBotToken,
    robloxClientId: options.robloxClientId ?? DEFAULTS.robloxClientId,
    robloxClientSecret: options.robloxClientSecret ?? DEFAULTS.robloxClientSecret,
    publicUrl: (options.publicUrl ?? DEFAULTS.publicUrl).replace(/\/+$/, ''),
    botUsername: options.botUsername ?? DEFAULTS.botUsername,
    interactionsUrl: options.interactionsUrl ?? DEFAULTS.interactionsUrl,
    rateLimits: options.rateLimits ?? LIMITS_OFF,
    gateway: {
      shards: options.gatewayShards ?? DEFAULTS.gatewayShards,
      heartbeatIntervalMs:
        options.gatewayHeartbeatIntervalMs ?? DEFAULTS.gatewayHeartbeatIntervalMs,
      sessionTtlMs: options.gatewaySessionTtlMs ?? DEFAULTS.gatewaySessionTtlMs,
      replayLimit: options.gatewayReplayLimit ?? DEFAULTS.gatewayReplayLimit,
    },
  };
}
