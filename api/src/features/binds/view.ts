import type { BindGroup, BindsData } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { IntegrationError } from '../../integrations/types';
import type { GuildRow } from '../servers/access';
import type { BindRow } from './store';

/** A group's name and ranks from Roblox; its id alone when Roblox cannot answer now. */
async function groupOf(ctx: AppContext, groupId: string, known?: string): Promise<BindGroup> {
  try {
    const [group, ranks] = await Promise.all([
      ctx.integrations.roblox.getGroup(groupId),
      ctx.integrations.roblox.getGroupRoles(groupId),
    ]);
    return {
      id: groupId,
      name: group?.name ?? known ?? `Group ${groupId}`,
      ranks: [...ranks]
        .sort((a, b) => a.rank - b.rank)
        .map((r) => ({ rank: r.rank, name: r.name })),
    };
  } catch (err) {
    if (!(err instanceof IntegrationError)) throw err;
    return { id: groupId, name: known ?? `Group ${groupId}`, ranks: [] };
  }
}

/** The editor's data: binds with the roles' live names, and each group with its ranks. */
export async function bindsView(
  ctx: AppContext,
  guild: GuildRow,
  rows: BindRow[],
  known: Map<string, string> = new Map(),
): Promise<BindsData> {
  const groupNames = new Map(known);
  const live =
    guild.botPresent && rows.length
      ? await ctx.integrations.discordBot.listRoles(guild.id).catch((err: unknown) => {
          if (err instanceof IntegrationError) return [];
          throw err;
        })
      : [];
  const names = new Map(live.map((r) => [r.id, r.name]));
  const groupIds = [...new Set(rows.map((b) => b.groupId))];
  for (const b of rows)
    if (b.groupName && !groupNames.has(b.groupId)) groupNames.set(b.groupId, b.groupName);
  return {
    binds: rows.map((b) => ({
      group_id: b.groupId,
      min_rank: b.minRank,
      max_rank: b.maxRank,
      role_id: b.roleId,
      role_name: names.get(b.roleId) ?? b.roleName,
    })),
    groups: await Promise.all(groupIds.map((id) => groupOf(ctx, id, groupNames.get(id)))),
  };
}
