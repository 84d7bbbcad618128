import type { Seed } from '../seed/types';
import type { ApplicationSettings } from './application';
import { DiscordState } from './discordState';
import { OAuthState } from './oauthState';
import { RobloxState } from './robloxState';

/** The settings the store is built from (config.ts' EmulatorConfig has them; the store sits below it). */
export interface StoreSettings {
  botUserId: string;
  botUsername: string;
  /** the application's settings a reset goes back to */
  application: ApplicationSettings;
}

const DISCORD_ACCESS_SECONDS = 604800;
const ROBLOX_ACCESS_SECONDS = 899;

/** Everything the emulator knows; rebuilt from the seed on reset. */
export class EmulatorStore {
  discord!: DiscordState;
  roblox!: RobloxState;
  /** the application's Developer Portal settings (emulator/README.md › Application) */
  application!: ApplicationSettings;
  readonly discordOAuth: OAuthState;
  readonly robloxOAuth: OAuthState;
  /** the Discord user who last chose "Continue as …" (bot invites act as them) */
  lastDiscordUserId: string | undefined;

  constructor(
    private seed: Seed,
    private readonly config: StoreSettings,
  ) {
    // Discord ends every token of the user for the app; Roblox only the revoked session
    this.discordOAuth = new OAuthState(DISCORD_ACCESS_SECONDS, 'user');
    this.robloxOAuth = new OAuthState(ROBLOX_ACCESS_SECONDS, 'authorization');
    this.reset();
  }

  /**
   * Rebuilds Discord and Roblox from the seed. Issued tokens survive, so an API that holds a
   * session keeps working across resets (a token whose user is gone from the new seed gets 401).
   */
  reset(seed?: Seed): void {
    if (seed) this.seed = seed;
    // deep copy so that mutations never leak back into the seed object
    const copy = structuredClone(this.seed);
    this.discord = new DiscordState(copy.discord, {
      botUserId: this.config.botUserId,
      botUsername: this.config.botUsername,
    });
    this.roblox = new RobloxState(copy.roblox);
    this.application = structuredClone(this.config.application);
    if (this.lastDiscordUserId && !this.discord.users.has(this.lastDiscordUserId))
      this.lastDiscordUserId = undefined;
  }
}
