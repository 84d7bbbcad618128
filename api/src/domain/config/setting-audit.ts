import type { Db } from '../../db/client';
import { recordSettingChange } from '../audit/record';
import { describeBinds, type NewBind } from '../binds/store';
import { restrictionsOf, type ConfigRow } from './config-store';

/** The audit log's before/after of each setting, as people read them. */
const nicknameOf = (row: ConfigRow | null) =>
  row?.nicknameTemplate ?? row?.nicknameFormat ?? 'roblox_username';
const verifiedRoleOf = (row: ConfigRow | null) =>
  row?.verifiedRoleId ? `${row.verifiedRoleName} (${row.verifiedRoleId})` : null;

export const recordNicknameChange = (
  db: Db,
  guildId: string,
  actorUserId: string,
  before: ConfigRow | null,
  after: ConfigRow,
) =>
  recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'nickname_format',
    before: before ? nicknameOf(before) : null,
    after: nicknameOf(after),
  });

export const recordVerifiedRoleChange = (
  db: Db,
  guildId: string,
  actorUserId: string,
  before: ConfigRow | null,
  after: ConfigRow,
) =>
  recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'verified_role',
    before: verifiedRoleOf(before),
    after: verifiedRoleOf(after),
  });

export const recordBindsChange = (
  db: Db,
  guildId: string,
  actorUserId: string,
  before: Pick<NewBind, 'groupId' | 'minRank' | 'maxRank' | 'roleName'>[],
  after: Pick<NewBind, 'groupId' | 'minRank' | 'maxRank' | 'roleName'>[],
) =>
  recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'binds',
    before: describeBinds(before),
    after: describeBinds(after),
  });

/** The bypass roles by name, e.g. `nickname: Staff; roles: none`; null when there are none. */
function bypassOf(row: ConfigRow | null, names: ReadonlyMap<string, string>): string | null {
  const list = (ids: readonly string[] | undefined) =>
    (ids ?? []).map((id) => names.get(id) ?? id).join(', ') || 'none';
  if (!row?.nicknameBypassRoleIds?.length && !row?.roleBypassRoleIds?.length) return null;
  return `nickname: ${list(row.nicknameBypassRoleIds)}; roles: ${list(row.roleBypassRoleIds)}`;
}

export const recordBypassChange = (
  db: Db,
  guildId: string,
  actorUserId: string,
  before: ConfigRow | null,
  after: ConfigRow,
  roleNames: ReadonlyMap<string, string>,
) =>
  recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'bypass_roles',
    before: bypassOf(before, roleNames),
    after: bypassOf(after, roleNames),
  });

/**
 * The restrictions in words, e.g. `accounts at least 30 days old; action kick, chosen by Discord
 * user 1100…`; null: none. A kick or ban names who chose it: the bot acts on that person's rights
 * (docs/security.md, "kick and ban through the bot").
 */
export function describeRestrictions(row: ConfigRow | null): string | null {
  const r = restrictionsOf(row);
  const parts = [
    ...(r.min_account_age_days !== null
      ? [`accounts at least ${r.min_account_age_days} days old`]
      : []),
    ...(r.blocked_roblox_user_ids.length
      ? [`blocked accounts ${r.blocked_roblox_user_ids.join(', ')}`]
      : []),
    ...(r.blocked_group_ids.length ? [`blocked groups ${r.blocked_group_ids.join(', ')}`] : []),
  ];
  const chooser =
    r.action !== 'deny' && row?.restrictionChosenBy
      ? `, chosen by Discord user ${row.restrictionChosenBy}`
      : '';
  return parts.length ? `${parts.join('; ')}; action ${r.action}${chooser}` : null;
}

export const recordRestrictionsChange = (
  db: Db,
  guildId: string,
  actorUserId: string,
  before: ConfigRow | null,
  after: ConfigRow,
) =>
  recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'restrictions',
    before: describeRestrictions(before),
    after: describeRestrictions(after),
  });
