import type { MockDb, MockGroup, MockServer } from './db';
import { nextSnowflake } from './db';
import { isGroupBind } from './rules';

/** As the API: a role at or above the bot's highest role cannot be given by the bot. */
export function roleAboveBotMessage(
  server: MockServer,
  role: { id?: string; name?: string },
): string | null {
  const found = server.roles.find((r) => (role.id ? r.id === role.id : r.name === role.name));
  if (!found || found.position < server.bot_role_position) return null;
  return (
    `The role "${found.name}" is at or above the bot's highest role, so the bot cannot give it. ` +
    'In Server Settings → Roles, drag the RoConnect bot’s role above it, or choose another role.'
  );
}

/** The id of the role with this name, created just below the bot's role when missing. */
export function ensureRole(db: MockDb, server: MockServer, name: string): string {
  const existing = server.roles.find((r) => r.name === name);
  if (existing) return existing.id;
  const id = nextSnowflake(db);
  server.roles.push({ id, name, position: nextPositionBelowBot(server) });
  return id;
}

/** Links the group and creates one Discord role per rank above 0; returns the created role names. */
export function linkGroup(db: MockDb, server: MockServer, group: MockGroup): string[] {
  server.group_id = group.id;
  server.group_roles = [];
  const created: string[] = [];
  for (const { rank, name } of group.ranks.filter((r) => r.rank > 0)) {
    const existed = server.roles.some((r) => r.name === name);
    server.group_roles.push({ rank, role_id: ensureRole(db, server, name) });
    if (!existed) created.push(name);
  }
  // as the API: the one-role-per-rank set-up replaces the group's rank binds, first in the list;
  // every other bind stays
  server.binds = [
    ...server.group_roles.map(({ rank, role_id }) => ({
      group_id: group.id,
      min_rank: rank,
      max_rank: rank,
      role_id,
    })),
    ...server.binds.filter((b) => !(isGroupBind(b) && b.group_id === group.id)),
  ];
  return created;
}

/** As the API: removes the server's group's rank binds; the next bound group becomes its group. */
export function unlinkGroup(server: MockServer): void {
  const groupId = server.group_id;
  server.binds = server.binds.filter((b) => !(isGroupBind(b) && b.group_id === groupId));
  server.group_id = server.binds.find(isGroupBind)?.group_id ?? null;
  server.group_roles = [];
}

function nextPositionBelowBot(server: MockServer): number {
  const below = server.roles
    .filter((r) => r.position < server.bot_role_position)
    .map((r) => r.position);
  const position = Math.max(0, ...below) + 1;
  return Math.min(position, server.bot_role_position - 1);
}
