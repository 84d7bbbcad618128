import { and, eq } from 'drizzle-orm';
import type {
  JoinHandling,
  ResyncSchedule,
  Restrictions,
  SetupStep,
} from '@roconnect/shared-lib/contract';
import type { Db } from '../../db/client';
import { guildConfigs } from '../../db/schema';
import { nicknameSettingOf } from './nickname-setting';

export type ConfigRow = typeof guildConfigs.$inferSelect;
export type ConfigPatch = Partial<Omit<ConfigRow, 'guildId' | 'updatedAt' | 'updatedBy'>>;

export const STEP_ORDER: SetupStep[] = ['nickname', 'verified_role', 'group'];

export async function getConfig(db: Db, guildId: string): Promise<ConfigRow | null> {
  const [row] = await db.select().from(guildConfigs).where(eq(guildConfigs.guildId, guildId));
  return row ?? null;
}

export async function saveConfig(
  db: Db,
  guildId: string,
  userId: string,
  patch: ConfigPatch,
): Promise<ConfigRow> {
  const set = { ...patch, updatedBy: userId, updatedAt: new Date() };
  const [row] = await db
    .insert(guildConfigs)
    .values({ guildId, ...set })
    .onConflictDoUpdate({ target: guildConfigs.guildId, set })
    .returning();
  return row!;
}

/**
 * Why the last post to the log channel failed (null: it went through). Only while that channel is
 * still the log channel: a post that failed before the owner chose another marks nothing.
 */
export async function setLogChannelError(
  db: Db,
  guildId: string,
  channelId: string,
  error: string | null,
): Promise<void> {
  await db
    .update(guildConfigs)
    .set({ logChannelError: error })
    .where(and(eq(guildConfigs.guildId, guildId), eq(guildConfigs.logChannelId, channelId)));
}

/**
 * The contract's server_config, with the documented defaults when nothing is stored yet. The
 * nickname fields are read in their one form (nickname-setting.ts), so they never disagree.
 */
export function toServerConfigDto(guildName: string | null, row: ConfigRow | null) {
  const nickname = nicknameSettingOf(row);
  return {
    server_name: guildName || 'Unknown Server',
    nickname_format: nickname.nicknameFormat,
    nickname_template: nickname.nicknameTemplate,
    nickname_bypass_role_ids: [...(row?.nicknameBypassRoleIds ?? [])],
    role_bypass_role_ids: [...(row?.roleBypassRoleIds ?? [])],
    restrictions: restrictionsOf(row),
    verified_role_name: row?.verifiedRoleName ?? 'Verified',
    verified_role_id: row?.verifiedRoleId ?? null,
    group_id: row?.groupId ?? null,
    unverified_role_id: row?.unverifiedRoleId ?? null,
    ...discordSettingsDto(row),
    // delegated staff (domain/staff, migration 0020)
    staff_roles: {
      manager_role_ids: [...(row?.managerRoleIds ?? [])],
      updater_role_ids: [...(row?.updaterRoleIds ?? [])],
    },
  };
}

/**
 * Who may not verify in a server and what happens to them (migrations 0012, 0023), with the
 * defaults: nobody is restricted, ban evaders are flagged. A row from before them has none.
 */
export function restrictionsOf(row: ConfigRow | null): Restrictions {
  return {
    min_account_age_days: row?.minAccountAgeDays ?? null,
    blocked_roblox_user_ids: [...(row?.blockedRobloxUserIds ?? [])],
    blocked_group_ids: [...(row?.blockedGroupIds ?? [])],
    required_group_ids: [...(row?.requiredGroupIds ?? [])],
    ban_evasion: (row?.banEvasion ?? 'flag') as Restrictions['ban_evasion'],
    action: (row?.restrictionAction ?? 'deny') as Restrictions['action'],
  };
}

/** What the bot does inside Discord for a server (migration 0009), with the defaults. */
export interface DiscordSettings {
  joinHandling: JoinHandling;
  joinDm: boolean;
  logChannelId: string | null;
  resync: ResyncSchedule;
}

export function discordSettingsOf(row: ConfigRow | null): DiscordSettings {
  return {
    joinHandling: (row?.joinHandling ?? 'verify') as JoinHandling,
    joinDm: row?.joinDm ?? false,
    logChannelId: row?.logChannelId ?? null,
    resync: (row?.resync ?? 'off') as ResyncSchedule,
  };
}

/** The gateway worker's and the resync schedule's read: defaults when nothing is stored. */
export async function getDiscordSettings(db: Db, guildId: string): Promise<DiscordSettings> {
  return discordSettingsOf(await getConfig(db, guildId));
}

function discordSettingsDto(row: ConfigRow | null) {
  const s = discordSettingsOf(row);
  return {
    join_handling: s.joinHandling,
    join_dm: s.joinDm,
    log_channel_id: s.logChannelId,
    resync: s.resync,
  };
}

export function setupStatus(row: ConfigRow | null) {
  if (row?.setupCompleted) return { setup_completed: true, setup_step: null };
  return { setup_completed: false, setup_step: (row?.setupStep ?? 'nickname') as SetupStep };
}

/** Moves the wizard forward to `next` (never backwards). */
export function advance(row: ConfigRow | null, next: SetupStep): SetupStep {
  const current = (row?.setupStep ?? 'nickname') as SetupStep;
  return STEP_ORDER.indexOf(next) > STEP_ORDER.indexOf(current) ? next : current;
}
