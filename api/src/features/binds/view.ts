import type { Bind, BindsData } from '@roconnect/shared-lib/contract';
import type { AppContext } from '../../context';
import { IntegrationError, type RobloxItemKind } from '../../integrations/types';
import { lookupRobloxGroups } from '../../domain/binds/roblox-group-cache';
import type { GuildRow } from '../../domain/guilds/access';
import { kindOf, type BindRow } from '../../domain/binds/store';
import { lookupRobloxItems } from '../../domain/binds/item-names';

/** A stored bind in the contract's shape, by kind. */
function bindDto(b: BindRow, roleName: string): Bind {
  const rule = {
    role_id: b.roleId,
    role_name: roleName,
    nickname: b.nickname,
    priority: b.priority,
  };
  const kind = kindOf(b);
  const id = b.itemId ?? '';
  if (kind === 'badge') return { kind, badge_id: id, ...rule };
  if (kind === 'gamepass') return { kind, gamepass_id: id, ...rule };
  if (kind === 'asset') return { kind, asset_id: id, ...rule };
  return {
    kind: 'group',
    group_id: b.groupId ?? '',
    min_rank: b.minRank,
    max_rank: b.maxRank,
    ...rule,
  };
}

/**
 * The editor's data: binds with the roles' live names, each group with its ranks and each
 * badge, game pass and item with its name (all from the shared caches: Roblox is asked only
 * for what was not read lately).
 */
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
  const groupIds = [...new Set(rows.flatMap((b) => (b.groupId ? [b.groupId] : [])))];
  const itemRefs = [
    ...new Map(
      rows
        .filter((b) => kindOf(b) !== 'group' && b.itemId)
        .map((b) => [`${b.kind}:${b.itemId}`, { kind: b.kind as RobloxItemKind, id: b.itemId! }]),
    ).values(),
  ];
  const [lookups, items] = await Promise.all([
    lookupRobloxGroups(ctx, groupIds),
    lookupRobloxItems(ctx, itemRefs),
  ]);
  for (const b of rows)
    if (b.groupId && b.groupName && !groupNames.has(b.groupId))
      groupNames.set(b.groupId, b.groupName);
  return {
    binds: rows.map((b) => bindDto(b, names.get(b.roleId) ?? b.roleName)),
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
    items: itemRefs.map((ref) => {
      const found = items.get(`${ref.kind}:${ref.id}`);
      const saved = rows.find((b) => b.kind === ref.kind && b.itemId === ref.id)?.itemName ?? null;
      return { kind: ref.kind, id: ref.id, name: (found?.ok ? found.name : null) ?? saved };
    }),
  };
}
