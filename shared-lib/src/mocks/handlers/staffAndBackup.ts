import { CONFIG_BACKUP_ROUTES, SERVER_ROUTES } from '../../contract/apiRoutes';
import type {
  BackupBind,
  BackupRole,
  ConfigBackup,
  ConfigImportResult,
} from '../../contract/staffAndBackup';
import { recordSettingChange } from '../console';
import type { MockDb } from '../db';
import type { MockBind, MockServer } from '../dbTypes';
import { fail, ok, readJsonObject } from '../respond';
import { NO_RESTRICTIONS } from '../../contract/console';
import { configView } from '../views';
import { handle, onManagedServer } from './route';

const MAX_STAFF_ROLES = 10;

const roleRef = (server: MockServer, id: string | null): BackupRole | null =>
  id ? { id, name: server.roles.find((r) => r.id === id)?.name ?? '' } : null;

function backupOf(server: MockServer): ConfigBackup {
  const ref = (id: string) => roleRef(server, id)!;
  const channel = server.channels.find((c) => c.id === server.log_channel_id);
  return {
    version: 1,
    settings: {
      nickname_format: server.nickname_format,
      nickname_template: server.nickname_template ?? null,
      verified_role: roleRef(server, server.verified_role_id),
      unverified_role: roleRef(server, server.unverified_role_id),
      nickname_bypass_roles: (server.nickname_bypass_role_ids ?? []).map(ref),
      role_bypass_roles: (server.role_bypass_role_ids ?? []).map(ref),
      join_handling: server.join_handling,
      join_dm: server.join_dm,
      log_channel: server.log_channel_id
        ? { id: server.log_channel_id, name: channel?.name ?? '' }
        : null,
      resync: server.resync,
    },
    binds: server.binds.map((b): BackupBind => ({
      kind: b.kind ?? 'group',
      group_id: 'group_id' in b ? b.group_id : null,
      group_name: null,
      min_rank: 'min_rank' in b ? b.min_rank : 0,
      max_rank: 'max_rank' in b ? b.max_rank : 0,
      item_id: 'item_id' in b ? b.item_id : null,
      item_name: null,
      nickname: b.nickname ?? null,
      priority: b.priority ?? 0,
      role: ref(b.role_id),
    })),
    restrictions: structuredClone(server.restrictions ?? NO_RESTRICTIONS),
    staff_roles: {
      manager_roles: (server.manager_role_ids ?? []).map(ref),
      updater_roles: (server.updater_role_ids ?? []).map(ref),
    },
    messages: structuredClone(
      server.messages ?? { verified_dm: null, welcome_dm: null, verify_message: null },
    ),
  };
}

/** Imports a backup into a mock server (or only says what it would do): matched by id, then name. */
function importInto(server: MockServer, backup: ConfigBackup, apply: boolean): ConfigImportResult {
  const unmatched_roles: ConfigImportResult['unmatched_roles'] = [];
  const unmatched_channels: ConfigImportResult['unmatched_channels'] = [];
  const role = (ref: BackupRole | null, field: string) => {
    if (!ref) return null;
    const found =
      server.roles.find((r) => r.id === ref.id) ?? server.roles.find((r) => r.name === ref.name);
    if (!found) unmatched_roles.push({ ...ref, field });
    return found?.id ?? null;
  };
  const roles = (refs: BackupRole[], field: string) =>
    refs.map((r, i) => role(r, `${field}[${i}]`)).filter((id): id is string => id !== null);
  const s = backup.settings;
  const channelRef = s.log_channel;
  const channel = channelRef
    ? (server.channels.find((c) => c.id === channelRef.id) ??
      server.channels.find((c) => c.name === channelRef.name))
    : null;
  if (channelRef && !channel)
    unmatched_channels.push({ ...channelRef, field: 'settings.log_channel' });
  const next: MockServer = {
    ...structuredClone(server),
    nickname_format: s.nickname_format,
    nickname_template: s.nickname_template,
    verified_role_id: role(s.verified_role, 'settings.verified_role') ?? server.verified_role_id,
    unverified_role_id: s.unverified_role
      ? (role(s.unverified_role, 'settings.unverified_role') ?? server.unverified_role_id)
      : null,
    nickname_bypass_role_ids: roles(s.nickname_bypass_roles, 'settings.nickname_bypass_roles'),
    role_bypass_role_ids: roles(s.role_bypass_roles, 'settings.role_bypass_roles'),
    join_handling: s.join_handling,
    join_dm: s.join_dm,
    log_channel_id: channelRef ? (channel?.id ?? server.log_channel_id) : null,
    resync: s.resync,
    restrictions: structuredClone(backup.restrictions),
    manager_role_ids: roles(backup.staff_roles.manager_roles, 'staff_roles.manager_roles'),
    updater_role_ids: roles(backup.staff_roles.updater_roles, 'staff_roles.updater_roles'),
    messages: structuredClone(backup.messages),
    binds: backup.binds.flatMap((b, i): MockBind[] => {
      const roleId = role(b.role, `binds[${i}].role`);
      if (!roleId) return [];
      const rule = { role_id: roleId, nickname: b.nickname ?? undefined, priority: b.priority };
      return b.kind === 'group'
        ? [{ ...rule, group_id: b.group_id ?? '', min_rank: b.min_rank, max_rank: b.max_rank }]
        : [{ ...rule, kind: b.kind, item_id: b.item_id ?? '' }];
    }),
  };
  const before = backupOf(server);
  const after = backupOf(next);
  const changes: ConfigImportResult['changes'] = [];
  const say = (v: unknown) => JSON.stringify(v);
  for (const key of Object.keys(before.settings) as (keyof ConfigBackup['settings'])[])
    if (say(before.settings[key]) !== say(after.settings[key]))
      changes.push({
        field: `settings.${key}`,
        before: say(before.settings[key]),
        after: say(after.settings[key]),
      });
  for (const key of ['binds', 'restrictions', 'staff_roles', 'messages'] as const)
    if (say(before[key]) !== say(after[key]))
      changes.push({ field: key, before: say(before[key]), after: say(after[key]) });
  if (apply) Object.assign(server, next);
  return { dry_run: !apply, applied: apply, changes, unmatched_roles, unmatched_channels };
}

/** Delegated staff and configuration backups (docs/product.md › Staff, › Backup and import). */
export function staffAndBackupHandlers(db: MockDb) {
  const onServer = onManagedServer(db);
  return [
    handle(
      SERVER_ROUTES.editStaffRoles,
      onServer(async (server, request, user) => {
        const body = await readJsonObject(request);
        const lists: Record<string, string[]> = {};
        for (const field of ['manager_role_ids', 'updater_role_ids'] as const) {
          const ids = body[field];
          if (!Array.isArray(ids) || ids.length > MAX_STAFF_ROLES)
            return fail(400, 'invalid_request', `body.${field} must list at most 10 roles.`);
          for (const [i, id] of ids.entries())
            if (id === server.server_id || !server.roles.some((r) => r.id === id))
              return fail(
                400,
                'role_not_found',
                `body.${field}[${i}]: the role ${String(id)} does not exist in this server.`,
              );
          lists[field] = [...new Set(ids as string[])];
        }
        const words = () =>
          `managers: ${(server.manager_role_ids ?? []).length}; updaters: ${(server.updater_role_ids ?? []).length}`;
        const before = words();
        server.manager_role_ids = lists.manager_role_ids;
        server.updater_role_ids = lists.updater_role_ids;
        recordSettingChange(db, server, user, 'staff_roles', before, words());
        return ok({ server_config: configView(server) });
      }),
    ),
    handle(
      CONFIG_BACKUP_ROUTES.export,
      onServer((server) => ok(backupOf(server))),
    ),
    handle(
      CONFIG_BACKUP_ROUTES.import,
      onServer(async (server, request, user) => {
        const body = (await readJsonObject(request)) as unknown as ConfigBackup;
        if (body.version !== 1)
          return fail(
            400,
            'unsupported_version',
            `body.version: this backup is version ${JSON.stringify(body.version)}; RoConnect reads version 1.`,
          );
        const apply = new URL(request.url).searchParams.get('dry_run') === 'false';
        const result = importInto(server, body, apply);
        if (apply && result.changes.length)
          recordSettingChange(
            db,
            server,
            user,
            'config_import',
            result.changes.map((c) => `${c.field}: ${c.before}`).join('; '),
            result.changes.map((c) => `${c.field}: ${c.after}`).join('; '),
          );
        return ok(result);
      }),
    ),
  ];
}
