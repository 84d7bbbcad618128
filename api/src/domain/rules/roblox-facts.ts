import type { Restrictions } from '@roconnect/shared-lib/contract';
import type { RobloxApiClient } from '../../integrations/types';
import { withFairShare } from '../../lib/concurrency';
import { itemKey, type KnownRobloxFacts, type RuleBind } from '@roconnect/shared-lib/contract';
import { restrictionNeeds } from './restrictions';

/** What one verify read from Roblox about the member's account. */
export interface RobloxFacts extends KnownRobloxFacts {
  /** every group the account is in (empty when nothing needed them) */
  ranks: ReadonlyMap<string, number>;
  /** false when no bind, restriction or template needed the groups: `ranks` says nothing */
  ranksRead: boolean;
  /** when the account was made; null: not asked, or Roblox does not know the account */
  createdAt: Date | null;
  readAt: Date;
}

/** What Roblox must be asked for a server's rules. */
export interface RobloxNeeds {
  groups: boolean;
  badgeIds: string[];
  items: { kind: 'gamepass' | 'asset'; id: string }[];
  createdAt: boolean;
}

export function robloxNeeds(
  binds: readonly RuleBind[],
  restrictions: Restrictions,
  { groupRank = false }: { groupRank?: boolean } = {},
): RobloxNeeds {
  const kindOf = (b: RuleBind) => b.kind ?? 'group';
  const restricted = restrictionNeeds(restrictions);
  const items = new Map<string, { kind: 'gamepass' | 'asset'; id: string }>();
  for (const b of binds) {
    const kind = kindOf(b);
    if ((kind === 'gamepass' || kind === 'asset') && b.itemId)
      items.set(itemKey(kind, b.itemId), { kind, id: b.itemId });
  }
  return {
    groups: groupRank || restricted.groups || binds.some((b) => kindOf(b) === 'group'),
    badgeIds: [
      ...new Set(binds.filter((b) => kindOf(b) === 'badge' && b.itemId).map((b) => b.itemId!)),
    ],
    items: [...items.values()],
    createdAt: restricted.createdAt,
  };
}

/**
 * Asks Roblox what the rules need, each kind at most once per verify (docs/performance.md ›
 * Roblox calls): one call answers every group, one every 100 badges (awarded-dates), one the
 * account's creation; game passes and catalog items are one call each, as Roblox has no batch
 * form for someone else's inventory, and none after the first that says it is private. The
 * kinds are asked at once. `guildId`: whose turn the calls wait for in the replica's Roblox
 * limiter, so one server's item binds do not hold another's verify (docs/security.md › T4).
 */
export async function readRobloxFacts(
  roblox: RobloxApiClient,
  robloxId: string,
  needs: RobloxNeeds,
  { guildId }: { guildId?: string } = {},
): Promise<RobloxFacts> {
  return guildId === undefined
    ? askRoblox(roblox, robloxId, needs)
    : withFairShare(guildId, () => askRoblox(roblox, robloxId, needs));
}

async function askRoblox(
  roblox: RobloxApiClient,
  robloxId: string,
  needs: RobloxNeeds,
): Promise<RobloxFacts> {
  const ownership = async () => {
    const owned = new Map<string, boolean>();
    const [first, ...rest] = needs.items;
    if (!first) return { owned, inventoryPrivate: false };
    const ask = async (item: { kind: 'gamepass' | 'asset'; id: string }) => {
      const answer = await roblox.getUserOwnership(robloxId, item.kind, item.id);
      if (answer !== 'private') owned.set(itemKey(item.kind, item.id), answer === 'owned');
      return answer;
    };
    // the first answer says whether the inventory is private: then nothing else is asked
    if ((await ask(first)) === 'private') return { owned, inventoryPrivate: true };
    const answers = await Promise.all(rest.map(ask));
    return { owned, inventoryPrivate: answers.includes('private') };
  };
  const [ranks, awarded, inventory, createdAt] = await Promise.all([
    needs.groups ? roblox.getUserGroupRanks(robloxId) : new Map<string, number>(),
    needs.badgeIds.length ? roblox.getUserBadgeAwards(robloxId, needs.badgeIds) : new Set<string>(),
    ownership(),
    needs.createdAt ? roblox.getUserCreatedAt(robloxId) : null,
  ]);
  return {
    ranks,
    ranksRead: needs.groups,
    badges: new Map(needs.badgeIds.map((id) => [id, awarded.has(id)])),
    owned: inventory.owned,
    inventoryPrivate: inventory.inventoryPrivate,
    createdAt,
    readAt: new Date(),
  };
}
