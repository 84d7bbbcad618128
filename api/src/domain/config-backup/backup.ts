import type {
  BackupBind,
  BackupRole,
  ConfigBackup,
  ConfigImportResult,
  StaffRoles,
} from '@roconnect/shared-lib/contract';
import { CONFIG_BACKUP_VERSION } from '@roconnect/shared-lib/contract/schemas';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { DiscordChannel, DiscordRole } from '../../integrations/types';
import { ApiError, badRequest } from '../../lib/errors';
import { recordSettingChange } from '../audit/record';
import { describeBinds, listBinds, replaceBinds, type NewBind } from '../binds/store';
import {
  getConfig,
  restrictionsOf,
  saveConfig,
  type ConfigPatch,
  type ConfigRow,
} from '../config/config-store';
import { nicknameSettingOf, nicknameSettingOfBody } from '../config/nickname-setting';
import { checkServerMessages } from '../messages/render';
import { getServerMessages, saveServerMessages, type ServerMessages } from '../messages/store';
import { grantRefusal, type GrantContext } from '../roles/role-safety';
import { staffRolesOf } from '../staff/staff-roles';

/** Text (0) and announcement (5) channels: the only ones a log channel may be. */
const MESSAGE_CHANNEL_TYPES = new Set([0, 5]);

/** The server's live roles and message channels, by id: what a backup's names are matched to. */
export interface LiveServer {
  guildId: string;
  roles: DiscordRole[];
  channels: DiscordChannel[];
}

export async function readLiveServer(ctx: AppContext, guildId: string): Promise<LiveServer> {
  const bot = ctx.integrations.discordBot;
  const [roles, channels] = await Promise.all([bot.listRoles(guildId), bot.listChannels(guildId)]);
  return {
    guildId,
    roles: roles.filter((r) => r.id !== guildId),
    channels: channels.filter((c) => MESSAGE_CHANNEL_TYPES.has(c.type)),
  };
}

/**
 * One part of the configuration a backup carries (docs/product.md › Backup and import): how it is
 * written out, and how a backup's part becomes a change of the stored row. A new part (the
 * server's messages, say) is one more entry in PARTS.
 */
interface Part {
  /** the backup's key */
  key: 'settings' | 'restrictions' | 'staff_roles';
  exportOf(row: ConfigRow | null, name: Namer): ConfigBackup[Part['key']];
  importOf(backup: ConfigBackup, match: Matcher, current: ConfigRow | null): ConfigPatch;
}

type Namer = { role(id: string | null, fallback?: string): BackupRole | null };
type Matcher = {
  role(ref: BackupRole | null, field: string): string | null;
  roles(refs: readonly BackupRole[], field: string): string[];
  channel(ref: BackupRole | null, field: string): string | null;
};

const PARTS: Part[] = [
  {
    key: 'settings',
    exportOf: (row, name) => {
      const nickname = nicknameSettingOf(row);
      return {
        nickname_format: nickname.nicknameFormat,
        nickname_template: nickname.nicknameTemplate,
        verified_role: name.role(row?.verifiedRoleId ?? null, row?.verifiedRoleName),
        unverified_role: name.role(row?.unverifiedRoleId ?? null),
        nickname_bypass_roles: (row?.nicknameBypassRoleIds ?? []).map((id) => name.role(id)!),
        role_bypass_roles: (row?.roleBypassRoleIds ?? []).map((id) => name.role(id)!),
        join_handling: (row?.joinHandling ?? 'verify') as 'verify' | 'off',
        join_dm: row?.joinDm ?? false,
        log_channel: null, // filled in by exportConfig, which knows the channels
        resync: (row?.resync ?? 'off') as 'off' | 'daily' | 'weekly',
      };
    },
    importOf: ({ settings: s }, match) => {
      // a nickname template that names the format's own template is that format (nickname-setting.ts)
      const nickname =
        s.nickname_template !== null
          ? nicknameSettingOfBody({ nickname_template: s.nickname_template })
          : nicknameSettingOfBody({ nickname_format: s.nickname_format });
      const verified = match.role(s.verified_role, 'settings.verified_role');
      const unverified = match.role(s.unverified_role, 'settings.unverified_role');
      const logChannel = match.channel(s.log_channel, 'settings.log_channel');
      return {
        ...nickname,
        // what is not found here keeps this server's own (reported as unmatched)
        ...(s.verified_role === null
          ? { verifiedRoleId: null }
          : verified
            ? { verifiedRoleId: verified }
            : {}),
        ...(s.unverified_role === null
          ? { unverifiedRoleId: null }
          : unverified
            ? { unverifiedRoleId: unverified }
            : {}),
        ...(s.log_channel === null
          ? { logChannelId: null }
          : logChannel
            ? { logChannelId: logChannel, logChannelError: null }
            : {}),
        nicknameBypassRoleIds: match.roles(
          s.nickname_bypass_roles,
          'settings.nickname_bypass_roles',
        ),
        roleBypassRoleIds: match.roles(s.role_bypass_roles, 'settings.role_bypass_roles'),
        joinHandling: s.join_handling,
        joinDm: s.join_dm,
        resync: s.resync,
      };
    },
  },
  {
    key: 'restrictions',
    exportOf: (row) => restrictionsOf(row),
    importOf: ({ restrictions: r }) => ({
      minAccountAgeDays: r.min_account_age_days,
      blockedRobloxUserIds: [...new Set(r.blocked_roblox_user_ids)],
      blockedGroupIds: [...new Set(r.blocked_group_ids)],
      requiredGroupIds: [...new Set(r.required_group_ids)],
      banEvasion: r.ban_evasion,
      restrictionAction: r.action,
    }),
  },
  {
    key: 'staff_roles',
    exportOf: (row, name) => {
      const staff = staffRolesOf(row);
      return {
        manager_roles: staff.manager_role_ids.map((id) => name.role(id)!),
        updater_roles: staff.updater_role_ids.map((id) => name.role(id)!),
      };
    },
    importOf: ({ staff_roles: s }, match) => ({
      managerRoleIds: match.roles(s.manager_roles, 'staff_roles.manager_roles'),
      updaterRoleIds: match.roles(s.updater_roles, 'staff_roles.updater_roles'),
    }),
  },
];

const bindOf = (
  b: Awaited<ReturnType<typeof listBinds>>[number],
  role: BackupRole,
): BackupBind => ({
  kind: b.kind ?? 'group',
  group_id: b.groupId ?? null,
  group_name: b.groupName ?? null,
  min_rank: b.minRank,
  max_rank: b.maxRank,
  item_id: b.itemId ?? null,
  item_name: b.itemName ?? null,
  nickname: b.nickname ?? null,
  priority: b.priority ?? 0,
  role,
});

/** The server's whole configuration as a backup: no secrets, roles and channels by id and name. */
export async function exportConfig(ctx: AppContext, live: LiveServer): Promise<ConfigBackup> {
  const row = await getConfig(ctx.db, live.guildId);
  const roleNames = new Map(live.roles.map((r) => [r.id, r.name]));
  const name: Namer = {
    role: (id, fallback) => (id ? { id, name: roleNames.get(id) ?? fallback ?? '' } : null),
  };
  const backup = { version: CONFIG_BACKUP_VERSION } as ConfigBackup;
  for (const part of PARTS) Object.assign(backup, { [part.key]: part.exportOf(row, name) });
  const channelId = row?.logChannelId ?? null;
  backup.settings.log_channel = channelId
    ? { id: channelId, name: live.channels.find((c) => c.id === channelId)?.name ?? '' }
    : null;
  backup.binds = (await listBinds(ctx.db, live.guildId)).map((b) =>
    bindOf(b, { id: b.roleId, name: roleNames.get(b.roleId) ?? b.roleName }),
  );
  backup.messages = await getServerMessages(ctx.db, live.guildId);
  return backup;
}

/** A bind of the backup checked the way PUT …/binds checks one (400 naming it). */
function checkBind(b: BackupBind, i: number): void {
  const at = `body.binds[${i}]`;
  if (b.min_rank > b.max_rank) throw badRequest(`${at}.min_rank is above its max_rank.`);
  if (b.kind === 'group' ? !b.group_id || b.item_id : !b.item_id || b.group_id)
    throw badRequest(
      b.kind === 'group'
        ? `${at}: a group bind needs group_id and no item_id.`
        : `${at}: a ${b.kind} bind needs item_id and no group_id.`,
    );
}

export interface ImportPlan {
  patch: ConfigPatch;
  /** the server's own words (a table of their own: domain/messages) */
  messages: ServerMessages;
  binds: NewBind[];
  staffChanged: boolean;
  result: ConfigImportResult;
}

/** Plain words of a backup value, for the dry run's before and after. */
function words(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (Array.isArray(value)) return value.map(words).join(', ') || 'none';
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.name === 'string') return o.name || o.id;
    return Object.entries(o)
      .map(([k, v]) => `${k}: ${words(v)}`)
      .join('; ');
  }
  return String(value);
}

/**
 * What importing `backup` would change here: roles and channels matched by id, then by name; what
 * is found neither way is reported and left out. Roles the bot would give pass the same checks as
 * when chosen in the console (domain/roles/role-safety).
 */
export async function planImport(
  ctx: AppContext,
  live: LiveServer,
  backup: ConfigBackup,
  grant: GrantContext,
  dryRun: boolean,
): Promise<ImportPlan> {
  if (backup.version !== CONFIG_BACKUP_VERSION)
    throw badRequest(
      `body.version: this backup is version ${String(backup.version)}; RoConnect reads version ${CONFIG_BACKUP_VERSION}.`,
      'unsupported_version',
    );
  backup.binds.forEach(checkBind);
  try {
    checkServerMessages(backup.messages);
  } catch (err) {
    // the same checks as PUT …/edit/messages, naming the field where the backup has it
    if (err instanceof ApiError)
      throw new ApiError(
        err.statusCode,
        err.code,
        err.message.replace(/^body\./, 'body.messages.'),
      );
    throw err;
  }
  const unmatchedRoles: ConfigImportResult['unmatched_roles'] = [];
  const unmatchedChannels: ConfigImportResult['unmatched_channels'] = [];
  const findBy = <T extends { id: string; name: string }>(list: T[], ref: BackupRole) =>
    list.find((x) => x.id === ref.id) ?? list.find((x) => ref.name !== '' && x.name === ref.name);
  const match: Matcher = {
    role: (ref, field) => {
      if (!ref) return null;
      const found = findBy(live.roles, ref);
      if (!found) unmatchedRoles.push({ id: ref.id, name: ref.name, field });
      return found?.id ?? null;
    },
    roles: (refs, field) => [
      ...new Set(
        refs.flatMap((ref, i) => {
          const id = match.role(ref, `${field}[${i}]`);
          return id ? [id] : [];
        }),
      ),
    ],
    channel: (ref, field) => {
      if (!ref) return null;
      const found = findBy(live.channels as { id: string; name: string }[], ref);
      if (!found) unmatchedChannels.push({ id: ref.id, name: ref.name, field });
      return found?.id ?? null;
    },
  };
  const current = await getConfig(ctx.db, live.guildId);
  const patch: ConfigPatch = {};
  for (const part of PARTS) Object.assign(patch, part.importOf(backup, match, current));

  const byId = new Map(live.roles.map((r) => [r.id, r]));
  const refuseRole = (id: string | null | undefined, field: string) => {
    const role = id ? byId.get(id) : undefined;
    const refusal = role ? grantRefusal(role, grant) : null;
    if (refusal)
      throw new ApiError(refusal.statusCode, refusal.code, `${field}: ${refusal.message}`);
  };
  // a role the bot gives here already stays: only a new one is held to the caller's reach
  const given = new Set(
    [
      current?.verifiedRoleId,
      current?.unverifiedRoleId,
      ...(await listBinds(ctx.db, live.guildId)).map((b) => b.roleId),
    ].filter((id): id is string => !!id),
  );
  const refuseNew = (id: string | null | undefined, field: string) => {
    if (id && !given.has(id)) refuseRole(id, field);
  };
  if (patch.verifiedRoleId) {
    refuseNew(patch.verifiedRoleId, 'body.settings.verified_role');
    patch.verifiedRoleName = byId.get(patch.verifiedRoleId)!.name;
  }
  if (patch.unverifiedRoleId) refuseNew(patch.unverifiedRoleId, 'body.settings.unverified_role');

  const binds: NewBind[] = [];
  backup.binds.forEach((b, i) => {
    const roleId = match.role(b.role, `binds[${i}].role`);
    if (!roleId) return;
    refuseNew(roleId, `body.binds[${i}].role`);
    binds.push({
      kind: b.kind,
      groupId: b.group_id,
      groupName: b.group_name,
      minRank: b.min_rank,
      maxRank: b.max_rank,
      itemId: b.item_id,
      itemName: b.item_name,
      nickname: b.nickname,
      priority: b.priority,
      roleId,
      roleName: byId.get(roleId)!.name,
    });
  });
  // config.group_id names the first bound group (null: no group integration)
  const firstGroup = binds.find((b) => b.groupId);
  patch.groupId = firstGroup?.groupId ?? null;
  patch.groupName = firstGroup?.groupName ?? null;

  // the dry run's changes: this server as an export reads now, and as it would read after
  const before = await exportConfig(ctx, live);
  const after = structuredClone(before);
  const afterRow = { ...(current ?? {}), ...patch } as ConfigRow;
  const roleNames = new Map(live.roles.map((r) => [r.id, r.name]));
  const name: Namer = {
    role: (id, fb) => (id ? { id, name: roleNames.get(id) ?? fb ?? '' } : null),
  };
  for (const part of PARTS) Object.assign(after, { [part.key]: part.exportOf(afterRow, name) });
  const channelId = afterRow.logChannelId ?? null;
  after.settings.log_channel = channelId
    ? { id: channelId, name: live.channels.find((c) => c.id === channelId)?.name ?? '' }
    : null;
  after.binds = binds.map((b) =>
    bindOf({ ...b, guildId: live.guildId, position: 0 } as never, {
      id: b.roleId,
      name: b.roleName,
    }),
  );
  const changes: ConfigImportResult['changes'] = [];
  const compare = (field: string, a: unknown, b: unknown, say = words) => {
    if (JSON.stringify(a) !== JSON.stringify(b))
      changes.push({ field, before: say(a), after: say(b) });
  };
  for (const key of Object.keys(before.settings) as (keyof ConfigBackup['settings'])[])
    compare(`settings.${key}`, before.settings[key], after.settings[key]);
  compare(
    'binds',
    before.binds,
    after.binds,
    (list) =>
      describeBinds(
        (list as BackupBind[]).map((b) => ({
          groupId: b.group_id,
          minRank: b.min_rank,
          maxRank: b.max_rank,
          roleName: b.role.name,
          kind: b.kind,
          itemId: b.item_id,
          itemName: b.item_name,
        })),
      ) ?? 'none',
  );
  compare('restrictions', before.restrictions, after.restrictions);
  after.messages = backup.messages;
  compare('messages', before.messages, after.messages);
  compare('staff_roles', before.staff_roles, after.staff_roles);
  const staffBefore: StaffRoles = staffRolesOf(current);
  const staffChanged =
    JSON.stringify(staffBefore) !==
    JSON.stringify({
      manager_role_ids: patch.managerRoleIds,
      updater_role_ids: patch.updaterRoleIds,
    });
  return {
    patch,
    messages: backup.messages,
    binds,
    staffChanged,
    result: {
      dry_run: dryRun,
      applied: false,
      changes,
      unmatched_roles: unmatchedRoles,
      unmatched_channels: unmatchedChannels,
    },
  };
}

/**
 * Applies a plan in one transaction (the settings and the binds, all or nothing), then records it
 * in the audit log: one entry naming every field that changed.
 */
export async function applyImport(
  db: Db,
  guildId: string,
  actorUserId: string,
  plan: ImportPlan,
): Promise<void> {
  await db.transaction(async (tx) => {
    await saveConfig(tx as unknown as Db, guildId, actorUserId, plan.patch);
    await replaceBinds(tx as unknown as Db, guildId, plan.binds);
    await saveServerMessages(tx as unknown as Db, guildId, plan.messages);
  });
  const { changes } = plan.result;
  if (!changes.length) return;
  await recordSettingChange(db, {
    guildId,
    actorUserId,
    setting: 'config_import',
    before: changes.map((c) => `${c.field}: ${c.before}`).join('; '),
    after: changes.map((c) => `${c.field}: ${c.after}`).join('; '),
  });
}
