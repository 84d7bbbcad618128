/**
 * The API's view of Discord and Roblox. `discord/` and `roblox/` implement these against the real
 * HTTP APIs (base URLs are settings; the default is the emulator). The rest of the API depends
 * only on these interfaces, so tests may also pass hand-made fakes.
 */

/** A failure from Discord or Roblox that the API turns into a documented answer. */
export class IntegrationError extends Error {
  constructor(
    /** 'discord' | 'roblox' */
    readonly provider: 'discord' | 'roblox',
    /** machine code, e.g. 'missing_permissions', 'unknown_member', 'cannot_dm', 'invalid_grant', 'not_found', 'unavailable' */
    readonly kind: IntegrationErrorKind,
    /** a message a server owner or user can act on */
    message: string,
    /** provider's numeric code when there is one (e.g. Discord 50013) */
    readonly providerCode?: number,
    /** provider's HTTP status */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}
export type IntegrationErrorKind =
  | 'missing_permissions' // Discord 50013 (role hierarchy, owner nickname, missing perms)
  | 'missing_access' // Discord 50001
  | 'unknown_member' // Discord 10007
  | 'unknown_guild' // Discord 10004
  | 'unknown_role' // Discord 10011
  | 'cannot_dm' // Discord 50007
  | 'dm_rate_limited' // Discord 40003: the bot is opening DMs too fast
  | 'owner_mfa_required' // Discord 60003: an elevated action in a server with 2FA moderation
  | 'unknown_channel' // Discord 10003
  | 'unknown_message' // Discord 10008
  | 'unknown_ban' // Discord 10026: the user is not banned
  | 'invalid_grant' // OAuth code/refresh token rejected
  | 'not_found' // Roblox group/user not found
  | 'rate_limited' // still limited after the client's own waiting
  | 'unavailable'; // network failure or 5xx after retries

// ---------------- Discord ----------------

export interface DiscordTokenSet {
  access_token: string;
  refresh_token: string;
  /** seconds */
  expires_in: number;
  scope: string;
  /** the server a bot authorization was granted for (Discord's `guild.id`), when there is one */
  guild_id?: string;
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
}

export interface DiscordUserGuild {
  id: string;
  name: string;
  icon: string | null;
  owner: boolean;
  /** permission bit set as a decimal string */
  permissions: string;
  approximate_member_count: number;
}

export interface DiscordGuild {
  id: string;
  name: string;
  icon: string | null;
  owner_id: string;
  approximate_member_count: number;
}

export interface DiscordRole {
  id: string;
  name: string;
  position: number;
  managed: boolean;
  /** permission bit set as a decimal string */
  permissions: string;
}

export interface DiscordMember {
  user_id: string;
  nick: string | null;
  roles: string[];
}

/** A permission overwrite of a channel: type 0 a role (id = role id, @everyone's is the guild id), 1 a member. */
export interface DiscordPermissionOverwrite {
  id: string;
  type: number;
  /** permission bit sets as decimal strings */
  allow: string;
  deny: string;
}

export interface DiscordChannel {
  id: string;
  name: string;
  /** 0 text, 2 voice, 4 category, 5 announcement, 13 stage, 15 forum, … */
  type: number;
  position: number;
  permission_overwrites: DiscordPermissionOverwrite[];
}

/** An embed as the bot posts them (a subset of Discord's). */
export interface DiscordEmbed {
  title?: string;
  description?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
  timestamp?: string;
}

/** A message the bot posts in a channel; mentions never ping anyone. */
export interface DiscordOutgoingMessage {
  content?: string;
  embeds?: DiscordEmbed[];
  /** action rows of buttons */
  components?: {
    type: 1;
    components: { type: 2; style: number; label: string; custom_id?: string; url?: string }[];
  }[];
}

/** Discord's OAuth2 for people (login) — Bearer tokens of the person. */
export interface DiscordOAuthClient {
  /** authorize URL for login: scopes `identify guilds role_connections.write` */
  loginUrl(state: string): string;
  /** authorize URL for adding the bot to one guild: scope `bot`, permissions 402738176 */
  botInviteUrl(state: string, guildId: string): string;
  exchangeCode(code: string): Promise<DiscordTokenSet>;
  /** throws IntegrationError kind 'invalid_grant' when Discord refuses the refresh token */
  refresh(refreshToken: string): Promise<DiscordTokenSet>;
  revoke(token: string): Promise<void>;
  getCurrentUser(accessToken: string): Promise<DiscordUser>;
  getCurrentUserGuilds(accessToken: string): Promise<DiscordUserGuild[]>;
}

/** The bot's REST calls (Authorization: Bot <token>) via @discordjs/rest. */
export interface DiscordBotClient {
  /**
   * id of the bot's own user, read from Discord once per client (not assumed to be the
   * application id: older apps' bot users have ids of their own)
   */
  getBotUserId(): Promise<string>;
  /** the bot's own member in the guild; null when the bot is not a member */
  getBotMember(guildId: string): Promise<DiscordMember | null>;
  /** null when the bot is not in the guild (Discord 10004 / 50001) */
  getGuild(guildId: string): Promise<DiscordGuild | null>;
  /** ids of every guild the bot is in (its own guild list, all pages) */
  listBotGuildIds(): Promise<string[]>;
  listRoles(guildId: string): Promise<DiscordRole[]>;
  /** the highest position among the bot member's roles in the guild */
  getBotHighestRolePosition(guildId: string): Promise<number>;
  createRole(guildId: string, name: string): Promise<DiscordRole>;
  /** null when the user is not a member (Discord 10007) */
  getMember(guildId: string, userId: string): Promise<DiscordMember | null>;
  addMemberRole(guildId: string, userId: string, roleId: string): Promise<void>;
  removeMemberRole(guildId: string, userId: string, roleId: string): Promise<void>;
  setMemberNickname(guildId: string, userId: string, nick: string | null): Promise<void>;
  /**
   * One `PATCH /guilds/{g}/members/{u}`: `roles` replaces the member's whole role list, `nick`
   * sets (null: resets) the nickname. Discord applies all of it or, when it refuses, none of it.
   * `reason` shows in the server's audit log.
   */
  editMember(
    guildId: string,
    userId: string,
    changes: { roles?: string[]; nick?: string | null },
    reason?: string,
  ): Promise<void>;
  /** removes the member from the guild (needs Kick Members); `reason` shows in its audit log */
  kickMember(guildId: string, userId: string, reason?: string): Promise<void>;
  /** bans the user from the guild (needs Ban Members); `reason` shows in its audit log */
  banMember(guildId: string, userId: string, reason?: string): Promise<void>;
  /** opens a DM channel and posts the message; throws kind 'cannot_dm' for Discord 50007 */
  sendDirectMessage(userId: string, content: string): Promise<void>;
  /** every channel of the guild, with its permission overwrites */
  listChannels(guildId: string): Promise<DiscordChannel[]>;
  /**
   * Posts in a guild channel (no mention pings); throws kind 'missing_permissions' (50013),
   * 'missing_access' (50001) or 'unknown_channel' (10003) when the bot cannot.
   */
  postMessage(channelId: string, message: DiscordOutgoingMessage): Promise<{ id: string }>;
  /**
   * Edits a message the bot posted (Discord's Edit Message; no mention pings); throws kind
   * 'unknown_message' (10008) when it is gone, or the channel refusals of postMessage.
   */
  editMessage(channelId: string, messageId: string, message: DiscordOutgoingMessage): Promise<void>;
  /** Deletes a message the bot posted; throws kind 'unknown_message' (10008) when it is gone. */
  deleteMessage(channelId: string, messageId: string): Promise<void>;
  /** Whether the user is banned from the guild (Get Guild Ban; needs Ban Members). */
  isBanned(guildId: string, userId: string): Promise<boolean>;
}

/** Discord Linked Roles: the application's metadata records and each user's values. */
export interface DiscordRoleConnectionsClient {
  /** the application's metadata records as Discord has them (bot token) */
  getMetadata(): Promise<RoleConnectionMetadataRecord[]>;
  /** replaces the application's metadata records (bot token) */
  putMetadata(records: RoleConnectionMetadataRecord[]): Promise<void>;
  /** replaces the user's values; the access token needs the scope `role_connections.write` */
  putUserConnection(accessToken: string, connection: RoleConnectionValues): Promise<void>;
}

/** One metadata record a server can require of a role (Discord's type numbers, 1–8). */
export interface RoleConnectionMetadataRecord {
  type: number;
  key: string;
  name: string;
  description: string;
}

/** A user's role connection: the platform account shown on their profile and its values by key. */
export interface RoleConnectionValues {
  platform_name?: string;
  platform_username?: string;
  metadata: Record<string, string>;
}

// ---------------- Roblox ----------------

export interface RobloxUserInfo {
  /** the Roblox user id, as a decimal string */
  sub: string;
  /** username */
  preferred_username: string;
  /** display name */
  name: string;
  picture: string | null;
}

export interface RobloxOAuthClient {
  /** false when client id or secret is not set: `/roblox/status` answers configured:false */
  readonly configured: boolean;
  /** authorize URL, scopes `openid profile`, PKCE S256 */
  authorizeUrl(state: string, codeChallenge: string): string;
  /** returns the Roblox access token; throws 'invalid_grant' when the code or verifier is refused */
  exchangeCode(code: string, codeVerifier: string): Promise<{ access_token: string }>;
  getUserInfo(accessToken: string): Promise<RobloxUserInfo>;
}

export interface RobloxGroup {
  id: string;
  name: string;
}

export interface RobloxGroupRole {
  id: string;
  name: string;
  /** 0–255; 0 is the guest rank */
  rank: number;
}

/** A Roblox thing a bind may name besides a group. */
export type RobloxItemKind = 'badge' | 'gamepass' | 'asset';

/** Whether a user owns an item; `private`: the user keeps their inventory hidden (not an error). */
export type RobloxOwnership = 'owned' | 'not_owned' | 'private';

export interface RobloxApiClient {
  /** null when the group does not exist */
  getGroup(groupId: string): Promise<RobloxGroup | null>;
  getGroupRoles(groupId: string): Promise<RobloxGroupRole[]>;
  /** the user's rank in the group, 0 when not a member (one call; for several groups use getUserGroupRanks) */
  getUserRankInGroup(userId: string, groupId: string): Promise<number>;
  /** the user's rank in every group they are in, by group id, from one call */
  getUserGroupRanks(userId: string): Promise<Map<string, number>>;
  /** headshot URL, null when none is available */
  getAvatarHeadshotUrl(userId: string): Promise<string | null>;
  /** when the Roblox account was created; null when Roblox does not know the account */
  getUserCreatedAt(userId: string): Promise<Date | null>;
  /** which of the badges Roblox awarded the user (one call per 100 ids: awarded-dates) */
  getUserBadgeAwards(userId: string, badgeIds: readonly string[]): Promise<Set<string>>;
  /** whether the user owns a game pass or catalog item (one call each: Roblox has no batch form) */
  getUserOwnership(
    userId: string,
    kind: Exclude<RobloxItemKind, 'badge'>,
    itemId: string,
  ): Promise<RobloxOwnership>;
  /** a badge's, game pass's or catalog item's name; null when Roblox does not know it */
  getItemName(kind: RobloxItemKind, itemId: string): Promise<string | null>;
}

/** Everything the API needs from the outside world, built once from settings. */
export interface Integrations {
  discordOAuth: DiscordOAuthClient;
  discordBot: DiscordBotClient;
  robloxOAuth: RobloxOAuthClient;
  roblox: RobloxApiClient;
  discordRoleConnections: DiscordRoleConnectionsClient;
}

/** Settings the integration clients are built from (all have emulator defaults; see api/src/config). */
export interface IntegrationSettings {
  discordApiBaseUrl: string; // e.g. https://discord.com/api  (emulator: http://127.0.0.1:3100/api)
  discordAuthorizeUrl: string; // e.g. https://discord.com/oauth2/authorize
  discordClientId: string;
  discordClientSecret: string;
  discordBotToken: string;
  discordRedirectUri: string; // <API_URL>/auth/callback
  robloxAuthorizeUrl: string; // https://apis.roblox.com/oauth/v1/authorize
  robloxTokenUrl: string; // https://apis.roblox.com/oauth/v1/token
  robloxUserInfoUrl: string; // https://apis.roblox.com/oauth/v1/userinfo
  robloxGroupsBaseUrl: string; // https://groups.roblox.com
  robloxThumbnailsBaseUrl: string; // https://thumbnails.roblox.com
  robloxUsersBaseUrl: string; // https://users.roblox.com
  /** https://badges.roblox.com (absent: robloxGroupsBaseUrl, the emulator's one origin) */
  robloxBadgesBaseUrl?: string;
  /** https://inventory.roblox.com (absent: robloxGroupsBaseUrl) */
  robloxInventoryBaseUrl?: string;
  /** https://economy.roblox.com, for catalog item names (absent: robloxGroupsBaseUrl) */
  robloxEconomyBaseUrl?: string;
  /** https://apis.roblox.com/game-passes, for game pass names (absent: robloxGroupsBaseUrl) */
  robloxGamePassesBaseUrl?: string;
  robloxClientId: string | undefined;
  robloxClientSecret: string | undefined;
  robloxRedirectUri: string; // <API_URL>/roblox/callback
  /** Roblox web API calls in flight at once per process (ROBLOX_MAX_CONCURRENT_REQUESTS; default 6) */
  robloxMaxConcurrentRequests?: number;
  /** how long an ownership answer is reused per account and item (ROBLOX_OWNERSHIP_CACHE_SECONDS; default 300) */
  robloxOwnershipCacheSeconds?: number;
}
