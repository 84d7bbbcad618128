/**
 * The application as its developer set it up in Discord's Developer Portal: what Discord checks
 * calls against (privileged intents, registered redirect URIs, the bot's code grant, the owner's
 * 2FA). emulator/README.md › Application lists each rule; PATCH /__emulator/application changes
 * these settings until the next reset.
 */
export interface ApplicationSettings {
  /** the Server Members privileged intent: without it the member list answers 50001 and an IDENTIFY asking for it is closed 4014 */
  guild_members_intent: boolean;
  /** OAuth2 redirect URIs registered on the application; an authorize request with another is refused */
  redirect_uris: string[];
  /** "Requires OAuth2 Code Grant": only then does a bot-only invite return to the redirect URI with a code */
  bot_require_code_grant: boolean;
  /** the application owner's account has 2FA: elevated actions in a guild with mfa_level 1 need it */
  owner_mfa_enabled: boolean;
  interactions_endpoint_url: string | null;
  role_connections_verification_url: string | null;
}

/** Application flags (Discord docs: Resources → Application, Application Flags). */
export const APPLICATION_FLAGS = {
  GATEWAY_GUILD_MEMBERS: 1 << 14,
  /** what an app in fewer than 100 servers has once the intent is turned on */
  GATEWAY_GUILD_MEMBERS_LIMITED: 1 << 15,
} as const;

export function defaultApplication(redirectUris: string[]): ApplicationSettings {
  return {
    guild_members_intent: true,
    redirect_uris: [...redirectUris],
    bot_require_code_grant: false,
    owner_mfa_enabled: true,
    interactions_endpoint_url: null,
    role_connections_verification_url: null,
  };
}

export function applicationFlags(settings: ApplicationSettings): number {
  return settings.guild_members_intent ? APPLICATION_FLAGS.GATEWAY_GUILD_MEMBERS_LIMITED : 0;
}

const BOOLEAN_KEYS = [
  'guild_members_intent',
  'bot_require_code_grant',
  'owner_mfa_enabled',
] as const;
const URL_KEYS = ['interactions_endpoint_url', 'role_connections_verification_url'] as const;

/** A PATCH body → the settings it changes, or a message naming what is wrong. */
export function parseApplicationPatch(body: unknown): Partial<ApplicationSettings> | string {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return 'the body must be a JSON object of application settings';
  const patch: Partial<ApplicationSettings> = {};
  for (const [key, value] of Object.entries(body)) {
    if ((BOOLEAN_KEYS as readonly string[]).includes(key)) {
      if (typeof value !== 'boolean') return `${key} must be true or false`;
      patch[key as (typeof BOOLEAN_KEYS)[number]] = value;
    } else if ((URL_KEYS as readonly string[]).includes(key)) {
      if (value !== null && !isHttpUrl(value)) return `${key} must be an http(s) URL or null`;
      patch[key as (typeof URL_KEYS)[number]] = value as string | null;
    } else if (key === 'redirect_uris') {
      if (!Array.isArray(value) || value.length > 10 || !value.every(isHttpUrl))
        return 'redirect_uris must be a list of at most 10 http(s) URLs';
      patch.redirect_uris = [...(value as string[])];
    } else {
      return `unknown application setting: ${key}`;
    }
  }
  return patch;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
