import type {
  GroupSummary,
  Server,
  ServerConfig,
  ServerEditData,
  ServerRole,
} from '../contract/types';
import type { MockDb, MockServer } from './db';
import { forbidden, MockHttpError } from './respond';
import { requireSnowflake } from './validation';
import { NO_RESTRICTIONS } from '../contract/console';

/** The contract's Server as the given user sees it. */
export function serverView(server: MockServer, userId: string): Server {
  const member = server.members.find((m) => m.user_id === userId);
  return {
    id: server.id,
    server_id: server.server_id,
    server_name: server.server_name,
    server_icon: server.server_icon,
    owner: member?.owner ?? false,
    member_count: server.member_count,
    bot_added: server.bot_added,
    can_manage: member?.can_manage ?? false,
  };
}

export function configView(server: MockServer): ServerConfig {
  return {
    server_name: server.server_name,
    nickname_format: server.nickname_format,
    nickname_template: server.nickname_template ?? null,
    nickname_bypass_role_ids: [...(server.nickname_bypass_role_ids ?? [])],
    role_bypass_role_ids: [...(server.role_bypass_role_ids ?? [])],
    restrictions: structuredClone(server.restrictions ?? NO_RESTRICTIONS),
    verified_role_name: server.verified_role_name,
    verified_role_id: server.verified_role_id,
    group_id: server.group_id,
    unverified_role_id: server.unverified_role_id,
    join_handling: server.join_handling,
    join_dm: server.join_dm,
    log_channel_id: server.log_channel_id,
    resync: server.resync,
    staff_roles: {
      manager_role_ids: [...(server.manager_role_ids ?? [])],
      updater_role_ids: [...(server.updater_role_ids ?? [])],
    },
  };
}

export function rolesView(server: MockServer): ServerRole[] {
  return [...server.roles]
    .sort((a, b) => b.position - a.position)
    .map((role) => ({
      ...role,
      // the bot can only give roles below its own, and never @everyone
      assignable: role.id !== server.server_id && role.position < server.bot_role_position,
    }));
}

export function groupView(db: MockDb, server: MockServer): GroupSummary | null {
  const group = server.group_id ? db.groups.find((g) => g.id === server.group_id) : undefined;
  if (!group) return null;
  return {
    id: group.id,
    name: group.name,
    ranks: group.ranks.map(({ rank, name }) => ({
      rank,
      name,
      discord_role_id: server.group_roles.find((r) => r.rank === rank)?.role_id ?? null,
    })),
  };
}

export function editView(db: MockDb, server: MockServer): ServerEditData {
  return {
    server_config: configView(server),
    roles: rolesView(server),
    group: groupView(db, server),
  };
}

/** Servers the user owns or may manage and that a sync has listed. */
export function managedServers(db: MockDb, userId: string): MockServer[] {
  return db.servers.filter(
    (s) => s.listed && s.members.some((m) => m.user_id === userId && (m.owner || m.can_manage)),
  );
}

/**
 * The server behind `/api/v1/server/{id}/…`: 400 for a bad id; like the API, one 403 for a server
 * that is unknown or not managed (no existence oracle).
 */
export function requireManagedServer(
  db: MockDb,
  id: string | undefined,
  userId: string,
): MockServer {
  const serverId = requireSnowflake(id, 'server id');
  const server = db.servers.find((s) => s.server_id === serverId);
  const member = server?.members.find((m) => m.user_id === userId);
  if (!server || !member || !(member.owner || member.can_manage)) {
    throw new MockHttpError(
      forbidden(
        'You need to own this server or have Manage Server or Administrator in it.',
        'not_server_manager',
      ),
    );
  }
  return server;
}
