import type { BindsData } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { IntegrationError } from '../../integrations/types';
import { lookupRobloxGroups } from '../../lib/roblox-group-cache';
import type { GuildRow } from '../../domain/guilds/access';
import type { BindRow } from '../../domain/binds/store';

/** The editor's data: binds with the roles' live names, and each group with its ranks (cached). */
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
  // names and ranks from the shared cache: Roblox is asked only for groups not read lately
  const lookups = await lookupRobloxGroups(ctx, groupIds);
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
    groups: groupIds.map((id) => {
      const found = lookups.get(id);
      const group = found?.ok ? found.group : null;
      // a group Roblox cannot answer for now, or no longer has: its id and the name last saved
      return {
        id,
        name: group?.name || groupNames.get(id) || `Group ${id}`,
        ranks: group?.ranks ?? [],
      };
    }),
  };
}
