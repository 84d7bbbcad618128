import type { Db } from '../../db/client';
import { recordSettingChange, type AuditSetting } from '../audit/record';
import { describeBinds, type NewBind } from '../binds/store';
import { restrictionsOf, type ConfigRow } from './config-store';

/** The audit log's before/after of each setting, as people read them. */
const nicknameOf = (row: ConfigRow | null) =>
  row ? (row.nicknameTemplate ?? row.nicknameFormat ?? 'roblox_username') : null;
const verifiedRoleOf = (row: ConfigRow | null) =>
  row?.verifiedRoleId ? `${row.verifiedRoleName} (${row.verifiedRoleId})` : null;
type BindWords = Pick<NewBind, 'groupId' | 'minRank' | 'maxRank' | 'roleName'>[];

/** A recorder of one setting's change: both sides in words, recorded only when they differ. */
const recorderOf =
  <T>(setting: AuditSetting, inWords: (value: T) => string | null) =>
  (db: Db, guildId: string, actorUserId: string, before: T, after: T) =>
    recordSettingChange(db, {
      guildId,
      actorUserId,
      setting,
      before: inWords(before),
      after: inWords(after),
    });

export const recordNicknameChange = recorderOf('nickname_format', nicknameOf);
export const recordVerifiedRoleChange = recorderOf('verified_role', verifiedRoleOf);
export const recordBindsChange = recorderOf('binds', (binds: BindWords) => describeBinds(binds));

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
  recorderOf('bypass_roles', (row: ConfigRow | null) => bypassOf(row, roleNames))(
    db,
    guildId,
    actorUserId,
    before,
    after,
  );

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
    ...(r.required_group_ids.length
      ? [`only members of groups ${r.required_group_ids.join(', ')}`]
      : []),
  ];
  // the guard is on by default: said only when it is not the default
  const guard = r.ban_evasion === 'flag' ? '' : `; ban evasion ${r.ban_evasion}`;
  const chooser =
    r.action !== 'deny' && row?.restrictionChosenBy
      ? `, chosen by Discord user ${row.restrictionChosenBy}`
      : '';
  if (!parts.length) return guard ? guard.slice(2) : null;
  return `${parts.join('; ')}; action ${r.action}${chooser}${guard}`;
}

export const recordRestrictionsChange = recorderOf('restrictions', describeRestrictions);
