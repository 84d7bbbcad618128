import { randomUUID } from 'node:crypto';
import type { AuditSource } from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { settingChanges, verifications } from '../../db/schema';
import { getUser, type UserRow } from '../accounts/users';

export type AuditSetting =
  | 'nickname_format'
  | 'verified_role'
  | 'unverified_role'
  | 'binds'
  | 'log_channel'
  | 'join_handling'
  | 'join_dm'
  | 'resync'
  | 'verify_message'
  | 'bypass_roles'
  | 'restrictions'
  | 'messages'
  /** not a setting: a member verified with a Roblox account a banned account used (domain/rules/ban-evasion.ts) */
  | 'ban_evasion'
  | 'staff_roles'
  | 'config_import'
  | 'api_keys'
  | 'webhook'
  | 'webhook_test'
  | 'webhook_retry';

/** The actor of an entry as it is stored: their Discord id and name at the time. */
export interface AuditActor {
  discordId: string | null;
  username: string | null;
}

/**
 * What is recorded, as it happens, for whoever follows the log in this process (the log channel:
 * domain/discord-log). Unlink clean-ups and update-run summaries are announced only: the audit
 * log itself keeps verifications and setting changes.
 */
export type AuditEvent =
  | {
      kind: 'setting_change';
      guildId: string;
      actor: AuditActor;
      setting: AuditSetting;
      before: string | null;
      after: string | null;
    }
  | { kind: 'verification'; guildId: string; actor: AuditActor; record: VerificationRecord }
  | { kind: 'unlink_cleanup'; guildId: string; cleanup: UnlinkCleanupRecord }
  | { kind: 'update_run'; guildId: string; run: UpdateRunRecord };

export interface UnlinkCleanupRecord {
  member: { discordId: string; username: string };
  account: { robloxId: string; username: string };
  rolesRemoved: string[];
  nicknameReset: boolean;
  warnings: string[];
}

export interface UpdateRunRecord {
  status: 'done' | 'failed' | 'cancelled';
  total: number;
  done: number;
  failed: number;
  error: string | null;
  startedAt: Date | null;
  finishedAt: Date;
}

type AuditListener = (event: AuditEvent) => void;
const listeners = new WeakMap<Db, Set<AuditListener>>();

/** Follows what is recorded through `db`; answers the function that stops following. */
export function followAudit(db: Db, listener: AuditListener): () => void {
  const set = listeners.get(db) ?? new Set<AuditListener>();
  listeners.set(db, set);
  set.add(listener);
  return () => void set.delete(listener);
}

/** A follower's failure is its own: it never fails the action that was recorded. */
function announce(db: Db, event: AuditEvent): void {
  for (const listener of listeners.get(db) ?? []) {
    try {
      listener(event);
    } catch {
      // followers report their own failures; nothing to do here
    }
  }
}

/** Tells the followers about an account's clean-up in one server at unlink. */
export function announceUnlinkCleanup(db: Db, guildId: string, cleanup: UnlinkCleanupRecord) {
  announce(db, { kind: 'unlink_cleanup', guildId, cleanup });
}

/** Tells the followers that a server-wide member update ended (one summary per run). */
export function announceUpdateRun(db: Db, guildId: string, run: UpdateRunRecord) {
  announce(db, { kind: 'update_run', guildId, run });
}

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
  const actor = await actorSnapshot(db, change.actorUserId);
  await db.insert(settingChanges).values({
    id: randomUUID(),
    guildId: change.guildId,
    ...actor,
    setting: change.setting,
    before: change.before,
    after: change.after,
    createdAt: new Date(),
  });
  announce(db, {
    kind: 'setting_change',
    guildId: change.guildId,
    actor: { discordId: actor.actorDiscordId, username: actor.actorUsername },
    setting: change.setting,
    before: change.before,
    after: change.after,
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

/**
 * The member asked for this update themselves (the website's Verify, the Verify button, their own
 * /verify or /update): the only updates that count as consent (docs/security.md › Member privacy).
 * Join handling, update-all, resync and the developer API have no actor; /update has the staff member.
 */
export const askedByMember = (actorUserId: string | null, memberUserId: string) =>
  actorUserId !== null && actorUserId === memberUserId;

/** One row per roles / nickname update of a member (the audit log's verification entries). */
export async function recordVerification(db: Db, r: VerificationRecord): Promise<void> {
  const actor = await actorSnapshot(db, r.actorUserId, r.member);
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
    ...actor,
    memberDiscordId: r.member.discordId,
    memberUsername: r.member.username,
    robloxId: r.account.robloxId,
    robloxUsername: r.account.username,
    memberAsked: askedByMember(r.actorUserId, r.member.id),
    createdAt: new Date(),
  });
  announce(db, {
    kind: 'verification',
    guildId: r.guildId,
    actor: { discordId: actor.actorDiscordId, username: actor.actorUsername },
    record: r,
  });
}
