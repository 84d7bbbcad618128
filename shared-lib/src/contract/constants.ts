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

/** PUT …/binds takes at most this many binds. */
export const MAX_BINDS = 250;

/**
 * PUT …/binds names at most this many distinct Roblox groups (400 `too_many_groups`): each group
 * costs Roblox reads on every verify and editor load, and one API's Roblox budget is shared.
 */
export const MAX_GROUPS_PER_SERVER = 25;
