/** The seed file shape (emulator/README.md). */

export interface SeedDiscordUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  /** optional: false makes DMs to this user fail with 50007 */
  accepts_dms?: boolean;
}

export interface SeedDiscordRole {
  id: string;
  name: string;
  position: number;
  /** optional: managed roles (integrations) cannot be given by the bot */
  managed?: boolean;
  /** optional: the role's permission bit set as a decimal string, like members' (default "0") */
  permissions?: string;
}

export interface SeedDiscordMember {
  user_id: string;
  /** permission bit set as a decimal string */
  permissions: string;
  nick: string | null;
  roles: string[];
}

/** a guild channel; `bot_can_send: false` makes the bot's posts there fail with 50013 */
export interface SeedDiscordChannel {
  id: string;
  name: string;
  /** 0 text, 2 voice, 4 category, 5 announcement, 13 stage, 15 forum */
  type: number;
  bot_can_send?: boolean;
}

/** a user banned from the guild before the emulator starts */
export interface SeedDiscordBan {
  user_id: string;
  /** optional: the ban's reason (default null) */
  reason?: string | null;
}

export interface SeedDiscordGuild {
  id: string;
  name: string;
  icon: string | null;
  owner_id: string;
  bot_present: boolean;
  bot_role_position: number;
  roles: SeedDiscordRole[];
  members: SeedDiscordMember[];
  /** optional: reported as approximate_member_count instead of the member list's length */
  member_count?: number;
  /** optional: without it the guild has one text channel `general` whose id is the guild's id */
  channels?: SeedDiscordChannel[];
  /** optional: 1 = server-wide 2FA for moderation (elevated bot actions need the app owner's 2FA); default 0 */
  mfa_level?: 0 | 1;
  /** optional: users of discord.users banned from the guild (none of them a member) */
  bans?: SeedDiscordBan[];
}

export interface SeedRobloxUser {
  id: number;
  name: string;
  display_name: string;
  /** optional ISO date; default 2015-01-01T00:00:00.000Z */
  created?: string;
  /** optional: false means no headshot is available (picture null, thumbnail state Blocked) */
  has_headshot?: boolean;
  /** optional: badges awarded, by id, or `{id, awarded_date}` (default date: the account's `created`) */
  badges?: (number | SeedRobloxBadgeAward)[];
  /** optional: ids of the game passes and catalog assets the user owns */
  inventory?: number[];
  /** optional: true makes inventory checks answer 403, as for "Who can see my inventory? No one" */
  inventory_private?: boolean;
}

export interface SeedRobloxBadgeAward {
  id: number;
  /** ISO date the badge was awarded */
  awarded_date?: string;
}

/** a badge, game pass or catalog asset: what binds name and the inventory routes answer */
export interface SeedRobloxItem {
  id: number;
  name: string;
}

export interface SeedRobloxGroupRole {
  id: number;
  name: string;
  rank: number;
}

export interface SeedRobloxGroup {
  id: number;
  name: string;
  /** optional */
  description?: string;
  roles: SeedRobloxGroupRole[];
  members: { user_id: number; role_id: number }[];
}

export interface Seed {
  discord: { users: SeedDiscordUser[]; guilds: SeedDiscordGuild[] };
  roblox: {
    users: SeedRobloxUser[];
    groups: SeedRobloxGroup[];
    /** optional: badges (badges.roblox.com) */
    badges?: SeedRobloxItem[];
    /** optional: game passes (apis.roblox.com/game-passes) */
    gamepasses?: SeedRobloxItem[];
    /** optional: catalog assets (economy and catalog.roblox.com) */
    assets?: SeedRobloxItem[];
  };
}
