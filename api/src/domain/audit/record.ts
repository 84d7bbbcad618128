import { randomUUID } from 'node:crypto';
import type { AuditSource } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { settingChanges, verifications } from '../../db/schema';
import { getUser, type UserRow } from '../accounts/users';

export type AuditSetting = 'nickname_format' | 'verified_role' | 'unverified_role' | 'binds';

/** The actor's Discord id and name as they are now (kept in the row, so the log outlives them). */
async function actorSnapshot(db: Db, actorUserId: string | null, known?: UserRow) {
  if (!actorUserId) return { actorUserId: null, actorDiscordId: null, actorUsername: null };
  const user = known?.id === actorUserId ? known : await getUser(db, actorUserId);
  return {
    actorUserId,
    actorDiscordId: user?.discordId ?? null,
    actorUsername: user?.username ?? null,
  };
}

/** Records who changed a setting of a server, before and after; nothing when it did not change. */
export async function recordSettingChange(
  db: Db,
  change: {
    guildId: string;
    actorUserId: string | null;
    setting: AuditSetting;
    before: string | null;
    after: string | null;
  },
): Promise<void> {
  if (change.before === change.after) return;
  await db.insert(settingChanges).values({
    id: randomUUID(),
    guildId: change.guildId,
    ...(await actorSnapshot(db, change.actorUserId)),
    setting: change.setting,
    before: change.before,
    after: change.after,
    createdAt: new Date(),
  });
}

export interface VerificationRecord {
  guildId: string;
  source: AuditSource;
  actorUserId: string | null;
  member: UserRow;
  account: { id: string; robloxId: string; username: string };
  rolesAdded: { id: string; name: string }[];
  rolesRemoved: { id: string; name: string }[];
  nicknameBefore: string | null;
  nicknameAfter: string | null;
  /** the bot set the nickname now (for the old `nickname` column) */
  nicknameUpdated: boolean;
  /** after the update the member's nickname is the one the format gives */
  nicknameByBot: boolean;
  dmSent: boolean;
  warnings: string[];
}

/** One row per roles / nickname update of a member (the audit log's verification entries). */
export async function recordVerification(db: Db, r: VerificationRecord): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    guildId: r.guildId,
    userId: r.member.id,
    robloxAccountId: r.account.id,
    rolesAdded: r.rolesAdded.map((x) => x.name),
    rolesRemoved: r.rolesRemoved.map((x) => x.name),
    roleIdsAdded: r.rolesAdded.map((x) => x.id),
    roleIdsRemoved: r.rolesRemoved.map((x) => x.id),
    nickname: r.nicknameUpdated ? r.nicknameAfter : null,
    nicknameBefore: r.nicknameBefore,
    nicknameAfter: r.nicknameAfter,
    nicknameByBot: r.nicknameByBot,
    dmSent: r.dmSent,
    warnings: r.warnings,
    source: r.source,
    ...(await actorSnapshot(db, r.actorUserId, r.member)),
    memberDiscordId: r.member.discordId,
    memberUsername: r.member.username,
    robloxId: r.account.robloxId,
    robloxUsername: r.account.username,
    createdAt: new Date(),
  });
}
