/**
 * The contract's values that the browser needs as well as the API's schemas (./schemas): the
 * allowed nickname formats and setup steps, and the binds' limits. No TypeBox here.
 */

export const NICKNAME_FORMATS = [
  'roblox_username',
  'roblox_display',
  'discord_display',
  'discord_username',
  'discord_display_with_roblox',
  'none',
] as const;

export const SETUP_STEPS = ['nickname', 'verified_role', 'group'] as const;

/** What the bot does when someone joins: verify (linked) or give the unverified role, or nothing. */
export const JOIN_HANDLING_MODES = ['verify', 'off'] as const;

/** How often every member of a server is updated without anyone asking. */
export const RESYNC_SCHEDULES = ['off', 'daily', 'weekly'] as const;

/** POST …/verify-message: the custom text's limit (Discord's message content allows 2,000). */
export const VERIFY_MESSAGE_MAX_LENGTH = 1500;

/** PUT …/binds takes at most this many binds. */
export const MAX_BINDS = 250;

/**
 * PUT …/binds names at most this many distinct Roblox groups (400 `too_many_groups`): each group
 * costs Roblox reads on every verify and editor load, and one API's Roblox budget is shared.
 */
export const MAX_GROUPS_PER_SERVER = 25;

/**
 * PUT …/binds names at most this many distinct badges, game passes and catalog items together
 * (400 `too_many_items`): a game pass or item costs one Roblox call per member on every verify,
 * and every server shares one API's Roblox budget (docs/security.md › T4).
 */
export const MAX_ITEMS_PER_SERVER = 25;

/**
 * What a bind checks on Roblox: a rank range in a group (the default when `kind` is absent, so
 * binds saved before kinds existed keep working), a badge awarded, a game pass or a catalog item
 * (asset) owned.
 */
export const BIND_KINDS = ['group', 'badge', 'gamepass', 'asset'] as const;

/**
 * The fields of a bind that say what it checks, by kind (the other fields are its rule: the role,
 * the nickname, the priority). A bind has its kind's fields and no other kind's; the contract's
 * bind types (console.ts), the mock API and the API's checks all read them from here.
 */
export const BIND_KIND_FIELDS = {
  group: ['group_id', 'min_rank', 'max_rank'],
  badge: ['badge_id'],
  gamepass: ['gamepass_id'],
  asset: ['asset_id'],
} as const satisfies Record<(typeof BIND_KINDS)[number], readonly string[]>;

/** A bind's `priority` range: the highest-priority matching bind's nickname names the member. */
export const BIND_PRIORITY_MIN = 0;
export const BIND_PRIORITY_MAX = 1000;

/** Discord's limit on a nickname, in characters. */
export const NICKNAME_MAX_LENGTH = 32;

/** How long a nickname template may be (it is cut to NICKNAME_MAX_LENGTH once filled in). */
export const NICKNAME_TEMPLATE_MAX_LENGTH = 100;

/**
 * The tokens a nickname template may name, each in braces (`{roblox-name}`): the Roblox username,
 * display name and id, the member's Discord display name and username, the member's rank name in
 * the first bound group, and the server's name. Anything else outside braces is kept as written.
 */
export const NICKNAME_TOKENS = [
  'roblox-name',
  'display-name',
  'roblox-id',
  'discord-name',
  'discord-username',
  'group-rank',
  'server-name',
] as const;

/**
 * The six nickname formats as named templates: `nickname_format` picks one of these, and a
 * server whose `nickname_template` is null uses its format's template. `none` sets no nickname.
 */
export const NICKNAME_PRESET_TEMPLATES = {
  roblox_username: '{roblox-name}',
  roblox_display: '{display-name}',
  discord_display: '{discord-name}',
  discord_username: '{discord-username}',
  discord_display_with_roblox: '{discord-name} ({roblox-name})',
  none: '',
} as const satisfies Record<(typeof NICKNAME_FORMATS)[number], string>;

/** What happens to a member a restriction catches (docs/product.md › Restrictions). */
export const RESTRICTION_ACTIONS = ['deny', 'kick', 'ban'] as const;

/** PUT …/edit/restrictions: the most ids each blocked list may hold. */
export const MAX_BLOCKED_ROBLOX_USERS = 1000;
export const MAX_BLOCKED_GROUPS = 100;

/** PUT …/edit/restrictions: the most Roblox groups a group lock may name. */
export const MAX_REQUIRED_GROUPS = 10;

/**
 * What happens when a member verifies with a Roblox account that another Discord account banned
 * in the server used here: nothing, a note to staff (the log channel and audit log), or that and a
 * restriction (the restrictions' action).
 */
export const BAN_EVASION_MODES = ['off', 'flag', 'deny'] as const;

/** PUT …/edit/bypass-roles: the most roles each list may hold. */
export const MAX_BYPASS_ROLES = 25;

/** The longest minimum account age a server may ask for, in days (ten years). */
export const MAX_MIN_ACCOUNT_AGE_DAYS = 3650;
