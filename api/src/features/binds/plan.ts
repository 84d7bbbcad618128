import type { AppContext } from '../../context';
import { ApiError, badRequest, notFound } from '../../lib/errors';
import { lookupRobloxGroups } from '../../lib/roblox-group-cache';
import { grantRefusal, type GrantContext } from '../../domain/roles/role-safety';
import { findRoleByName } from '../../domain/roles/roles';
import { cleanRoleName } from '../../domain/roles/validate';
import { MAX_GROUPS_PER_SERVER, parseRobloxGroupInput } from '@roconnect/shared-lib/contract';
import type { NewBind } from '../../domain/binds/store';

export type BindInputBody = {
  group_id: string | number;
  min_rank: number;
  max_rank: number;
  role_id?: string;
  role_name?: string;
};

/** A refusal about one bind names it: `body.binds[2]: …`. */
const about = (i: number, err: ApiError) =>
  new ApiError(err.statusCode, err.code, `body.binds[${i}]: ${err.message}`);

type Planned = Omit<NewBind, 'roleId' | 'roleName' | 'groupName'> & {
  role: { id: string; name: string } | { create: string };
};

/** Checks every bind before anything is created; answers what to save and which roles to make. */
function check(
  inputs: BindInputBody[],
  g: GrantContext,
  unverifiedRoleId: string | null,
): Planned[] {
  const seen = new Map<string, number>();
  const planned = inputs.map((b, i) => {
    const at = `body.binds[${i}]`;
    const parsed = parseRobloxGroupInput(String(b.group_id));
    if (!parsed.ok) throw badRequest(`${at}.group_id is not a Roblox group: ${parsed.error}`);
    if (b.min_rank > b.max_rank)
      throw badRequest(`${at}.min_rank (${b.min_rank}) must not be above max_rank (${b.max_rank})`);
    if ((b.role_id === undefined) === (b.role_name === undefined))
      throw badRequest(`${at}: send exactly one of role_id or role_name`);
    let role: Planned['role'];
    if (b.role_id !== undefined) {
      const found = g.roles.find((r) => r.id === b.role_id && r.id !== g.guildId);
      if (!found)
        throw notFound(`${at}.role_id: that role does not exist in this server.`, 'role_not_found');
      const refusal = grantRefusal(found, g);
      if (refusal) throw about(i, refusal);
      role = { id: found.id, name: found.name };
    } else {
      const name = cleanRoleName(b.role_name!, `${at}.role_name`);
      const existing = findRoleByName(g, name);
      if (existing) {
        const refusal = grantRefusal(existing, g);
        if (refusal) throw about(i, refusal);
        role = { id: existing.id, name: existing.name };
      } else role = { create: name };
    }
    if ('id' in role && role.id === unverifiedRoleId)
      throw badRequest(
        `${at}: "${role.name}" is the unverified role, which verification takes away; bind another role.`,
      );
    const key = `${parsed.groupId}:${b.min_rank}:${b.max_rank}:${'id' in role ? role.id : `new:${role.create.toLowerCase()}`}`;
    const first = seen.get(key);
    if (first !== undefined) throw badRequest(`${at} repeats body.binds[${first}]`);
    seen.set(key, i);
    return { groupId: parsed.groupId, minRank: b.min_rank, maxRank: b.max_rank, role };
  });
  // every group costs Roblox reads on each verify and editor load (security review N4)
  const groups = new Set(planned.map((p) => p.groupId)).size;
  if (groups > MAX_GROUPS_PER_SERVER)
    throw badRequest(
      `body.binds names ${groups} Roblox groups; a server may bind at most ${MAX_GROUPS_PER_SERVER}. Remove ${groups - MAX_GROUPS_PER_SERVER} of them and save again.`,
      'too_many_groups',
    );
  return planned;
}

/**
 * The binds to save from the editor's list: at most MAX_GROUPS_PER_SERVER groups, each existing on
 * Roblox (the shared cache, else Roblox), every role one the bot may give; roles asked for by a new name are created
 * last, once per name, so a refused list creates nothing. Answers the group names too.
 */
export async function planBinds(
  ctx: AppContext,
  inputs: BindInputBody[],
  g: GrantContext,
  unverifiedRoleId: string | null,
): Promise<{ binds: NewBind[]; groupNames: Map<string, string> }> {
  const planned = check(inputs, g, unverifiedRoleId);
  const groupNames = new Map<string, string>();
  const lookups = await lookupRobloxGroups(
    ctx,
    planned.map((p) => p.groupId),
    { forSave: true },
  );
  for (const [groupId, found] of lookups) {
    if (!found.ok) throw found.error;
    if (!found.group) {
      const i = planned.findIndex((p) => p.groupId === groupId);
      throw notFound(
        `body.binds[${i}].group_id: Roblox group ${groupId} does not exist.`,
        'group_not_found',
      );
    }
    groupNames.set(groupId, found.group.name);
  }
  const created = new Map<string, { id: string; name: string }>();
  const binds: NewBind[] = [];
  for (const p of planned) {
    let role: { id: string; name: string };
    if ('create' in p.role) {
      const key = p.role.create.toLowerCase();
      role =
        created.get(key) ??
        (await ctx.integrations.discordBot.createRole(g.guildId, p.role.create));
      created.set(key, role);
    } else role = p.role;
    binds.push({
      groupId: p.groupId,
      groupName: groupNames.get(p.groupId) ?? null,
      minRank: p.minRank,
      maxRank: p.maxRank,
      roleId: role.id,
      roleName: role.name,
    });
  }
  return { binds, groupNames };
}
