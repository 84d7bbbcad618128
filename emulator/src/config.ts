import type { RateLimitSettings } from './discord/rateLimiter';
import { LIMITS_OFF } from './discord/rateLimiter';
import type { Seed } from './seed/types';

export interface EmulatorOptions {
  seed?: Seed;
  discordClientId?: string;
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
}

export interface EmulatorConfig {
  discordClientId: string;
  discordClientSecret: string;
  discordBotToken: string;
  robloxClientId: string;
  robloxClientSecret: string;
  publicUrl: string;
  botUsername: string;
  interactionsUrl: string;
  rateLimits: RateLimitSettings;
}

export const DEFAULTS = {
  discordClientId: '100000000000000001',
  discordClientSecret: 'emulator-discord-secret',
  discordBotToken: 'emulator-bot-token',
  robloxClientId: 'emulator-roblox-client',
  robloxClientSecret: 'emulator-roblox-secret',
  publicUrl: 'http://localhost:3100',
  botUsername: 'RoConnect',
  interactionsUrl: 'http://127.0.0.1:3000/api/interactions',
} as const;

export function resolveConfig(options: EmulatorOptions): EmulatorConfig {
  return {
    discordClientId: options.discordClientId ?? DEFAULTS.discordClientId,
    discordClientSecret: options.discordClientSecret ?? DEFAULTS.discordClientSecret,
    discordBotToken: options.discordBotToken ?? DEFAULTS.discordBotToken,
    robloxClientId: options.robloxClientId ?? DEFAULTS.robloxClientId,
    robloxClientSecret: options.robloxClientSecret ?? DEFAULTS.robloxClientSecret,
    publicUrl: (options.publicUrl ?? DEFAULTS.publicUrl).replace(/\/+$/, ''),
    botUsername: options.botUsername ?? DEFAULTS.botUsername,
    interactionsUrl: options.interactionsUrl ?? DEFAULTS.interactionsUrl,
    rateLimits: options.rateLimits ?? LIMITS_OFF,
  };
}
