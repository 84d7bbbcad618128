import type { Restrictions } from '@roconnect/shared-lib/contract';

const DAY_MS = 86_400_000;

/** What a restriction needs to know of an account; a missing part is one never read. */
export interface RestrictionFacts {
  robloxId: string;
  /** every group the account is in */
  ranks?: ReadonlyMap<string, number>;
  createdAt?: Date | null;
}

/** Does any restriction ask Roblox for this (the groups, the account's creation)? */
export const restrictionNeeds = (r: Restrictions) => ({
  groups: r.blocked_group_ids.length > 0 || r.required_group_ids.length > 0,
  createdAt: r.min_account_age_days !== null,
});

/**
 * Why a restriction of the server catches the account, in plain words; null when none does
 * (docs/product.md › Restrictions). `groupName` names a blocked group when it is known.
 */
export function restrictionReason(
  r: Restrictions,
  facts: RestrictionFacts,
  now: Date,
  groupName: (id: string) => string = (id) => `group ${id}`,
): string | null {
  if (r.blocked_roblox_user_ids.includes(facts.robloxId))
    return 'this Roblox account is blocked in this server';
  const blocked = r.blocked_group_ids.find((id) => (facts.ranks?.get(id) ?? 0) > 0);
  if (blocked)
    return `members of the Roblox group ${groupName(blocked)} are blocked in this server`;
  const outside = outsideRequiredGroups(r, facts);
  if (outside)
    return outside.length === 1
      ? `this server is only for members of the Roblox group ${groupName(outside[0]!)}`
      : `this server is only for members of one of the Roblox groups ${outside.map(groupName).join(', ')}`;
  if (r.min_account_age_days !== null && facts.createdAt) {
    const days = Math.floor((now.getTime() - facts.createdAt.getTime()) / DAY_MS);
    if (days < r.min_account_age_days)
      return `the Roblox account is ${days} day${days === 1 ? '' : 's'} old; this server needs ${r.min_account_age_days}`;
  }
  return null;
}

/**
 * The group lock's groups when the account is in none of them (docs/product.md › Restrictions);
 * null when there is no lock, the account is in one, or its groups were never read.
 */
export function outsideRequiredGroups(r: Restrictions, facts: RestrictionFacts): string[] | null {
  if (!r.required_group_ids.length || !facts.ranks) return null;
  const inOne = r.required_group_ids.some((id) => (facts.ranks?.get(id) ?? 0) > 0);
  return inOne ? null : [...r.required_group_ids];
}
