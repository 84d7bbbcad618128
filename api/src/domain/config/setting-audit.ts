import type { Db } from '../../db/client';
import { recordSettingChange } from '../audit/record';
import { describeBinds, type NewBind } from '../binds/store';
import type { ConfigRow } from './config-store';

/** The audit log's before/after of each setting, as people read them. */
const nicknameOf = (row: ConfigRow | null) => row?.nicknameFormat ?? 'roblox_username';
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
