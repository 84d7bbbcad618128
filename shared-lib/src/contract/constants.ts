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
