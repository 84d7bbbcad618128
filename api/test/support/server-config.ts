import type { Restrictions } from '@roconnect/shared-lib/contract';
import { GROUP, MAX, PETE } from './world';

/** A server's restrictions while none is set: nobody restricted (docs/product.md). */
export const NO_RESTRICTIONS: Restrictions = {
  min_account_age_days: null,
  blocked_roblox_user_ids: [],
  blocked_group_ids: [],
  required_group_ids: [],
  ban_evasion: 'flag',
  action: 'deny',
};

/**
 * The configuration the API answers for standardWorld's GUILD_A ("Bot Guild") before anything is
 * saved, with `changes` over it.
 */
export function defaultServerConfig(changes: Record<string, unknown> = {}) {
  return {
    server_name: 'Bot Guild',
    nickname_format: 'roblox_username',
    nickname_template: null,
    nickname_bypass_role_ids: [],
    role_bypass_role_ids: [],
    restrictions: NO_RESTRICTIONS,
    verified_role_name: 'Verified',
    verified_role_id: null,
    group_id: null,
    unverified_role_id: null,
    join_handling: 'verify',
    join_dm: false,
    log_channel_id: null,
    resync: 'off',
    staff_roles: { manager_role_ids: [], updater_role_ids: [] },
    ...changes,
  };
}

/** standardWorld's GROUP as the API describes it: its name and every rank. */
export const TEST_GROUP = {
  id: GROUP,
  name: 'Test Group',
  ranks: [
    { rank: 0, name: 'Guest' },
    { rank: 1, name: 'Member' },
    { rank: 50, name: 'Officer' },
    { rank: 255, name: 'Owner' },
  ],
};

/** A group bind as the API answers it: ranks `min`–`max` of `group` give the role, nothing else. */
export function groupBind(
  min: number,
  max: number,
  roleId: string,
  roleName: string,
  group = GROUP,
) {
  return {
    kind: 'group',
    group_id: group,
    min_rank: min,
    max_rank: max,
    role_id: roleId,
    role_name: roleName,
    nickname: null,
    priority: 0,
  };
}

/** The developer API's answer for Max, linked to Pete and shown in the server. */
export const MAX_AS_PETE = {
  discord_id: MAX,
  roblox_id: PETE,
  roblox_username: 'PlainPete',
  roblox_display_name: 'Pete',
};
