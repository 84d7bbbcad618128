import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { parseRobloxGroupInput } from '@roconnect/shared-lib/contract';
import { replaceGroupBinds, type NewBind } from '../../domain/binds/store';
import { requireGrantable, type GrantContext } from '../../domain/roles/role-safety';
import { findRoleByName } from '../../domain/roles/roles';

export interface GroupInput {
  group_id?: string | number;
  group_url?: string;
}

/** The group id from `{group_id}` or `{group_url}`; 400 naming the field when it is not a group. */
export function groupIdFromBody(body: GroupInput): string {
  if (body.group_id !== undefined && body.group_url !== undefined) {
    throw badRequest('send either body.group_id or body.group_url, not both');
  }
  const [field, value] =
    body.group_id !== undefined
      ? ['body.group_id', String(body.group_id)]
      : ['body.group_url', body.group_url];
  if (value === undefined) throw badRequest('body.group_id or body.group_url is required');
  const parsed = parseRobloxGroupInput(value);
  if (!parsed.ok) throw badRequest(`${field} is not a Roblox group: ${parsed.error}`);
  return parsed.groupId;
}

/**
 * The default binds of a group: reads the group and its ranks; makes one Discord role per rank
 * above 0 that the server does not have yet (matched by name); replaces that group's rank binds
 * with one single-rank bind per rank, first in the list; every other bind stays (badge, game pass
 * and item binds, other groups'). Rank names belong to whoever owns the Roblox group, so a
 * same-named existing role is checked like a chosen one before any is created.
 */
export async function bindGroup(ctx: AppContext, g: GrantContext, groupId: string) {
  const guildId = g.guildId;
  const group = await ctx.integrations.roblox.getGroup(groupId);
  if (!group) throw notFound(`Roblox group ${groupId} does not exist.`, 'group_not_found');
  const ranks = (await ctx.integrations.roblox.getGroupRoles(groupId))
    .filter((r) => r.rank > 0)
    .sort((a, b) => a.rank - b.rank);
  const planned = ranks.map((rank) => {
    // cut by code point, never inside a surrogate pair
    const name = [...rank.name].slice(0, 100).join('');
    const existing = findRoleByName(g, name);
    if (existing) requireGrantable(existing, g);
    return { rank, name, existingId: existing?.id };
  });
  const created = new Map<string, string>();
  const rolesCreated: string[] = [];
  const binds: NewBind[] = [];
  for (const { rank, name, existingId } of planned) {
    let roleId = existingId ?? created.get(name.toLowerCase());
    if (!roleId) {
      roleId = (await ctx.integrations.discordBot.createRole(guildId, name)).id;
      created.set(name.toLowerCase(), roleId);
      rolesCreated.push(name);
    }
    binds.push({
      groupId: group.id,
      groupName: group.name,
      minRank: rank.rank,
      maxRank: rank.rank,
      roleId,
      roleName: name,
    });
  }
  const { before, after } = await replaceGroupBinds(ctx.db, guildId, group.id, binds);
  return { groupId: group.id, groupName: group.name, rolesCreated, before, after };
}
