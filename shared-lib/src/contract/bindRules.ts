// The verification rules of binds (docs/product.md › Binds): the API judges members with them, and
// the mock API judges the seed's accounts with them, so both give a role for the same reasons and
// say the same words when they do not.
import type { BindKind } from './console';

/** A bind as the rules read it; binds stored before kinds existed have no kind (group). */
export interface RuleBind {
  kind?: BindKind | null;
  groupId: string | null;
  groupName?: string | null;
  minRank: number;
  maxRank: number;
  itemId?: string | null;
  itemName?: string | null;
  roleId: string;
  roleName: string;
  nickname?: string | null;
  priority?: number | null;
}

/**
 * What is known of a member's Roblox account. A verify asks Roblox for everything its binds
 * need; the preview reads what the last verify stored, so an entry may be missing (unknown).
 */
export interface KnownRobloxFacts {
  /** every group the account is in, with its rank; undefined: never read */
  ranks?: ReadonlyMap<string, number>;
  /** badge id → awarded, for the badges asked about */
  badges: ReadonlyMap<string, boolean>;
  /** `gamepass:<id>` or `asset:<id>` → owned, for the items asked about */
  owned: ReadonlyMap<string, boolean>;
  inventoryPrivate: boolean;
}

export type BindJudgement =
  | { earned: true }
  | { earned: false; reason: string }
  /** the facts do not say (the preview only) */
  | { earned: null };

const ITEM_WORDS = { badge: 'badge', gamepass: 'game pass', asset: 'catalog item' } as const;

export const itemKey = (kind: 'gamepass' | 'asset', id: string) => `${kind}:${id}`;

/** Does the bind match the member, and if not, why, in plain words (docs/product.md › Binds)? */
export function judgeBind(bind: RuleBind, facts: KnownRobloxFacts): BindJudgement {
  const kind = bind.kind ?? 'group';
  if (kind === 'group') {
    if (!facts.ranks) return { earned: null };
    const rank = facts.ranks.get(bind.groupId ?? '') ?? 0;
    if (rank >= bind.minRank && rank <= bind.maxRank) return { earned: true };
    const group = bind.groupName || `group ${bind.groupId}`;
    const range =
      bind.minRank === bind.maxRank ? `${bind.minRank}` : `${bind.minRank}–${bind.maxRank}`;
    return {
      earned: false,
      reason:
        rank === 0
          ? `not in ${group}; this role needs rank ${range}`
          : `rank ${rank} in ${group}; this role needs ${range}`,
    };
  }
  const id = bind.itemId ?? '';
  const name = `the ${ITEM_WORDS[kind]} ${bind.itemName || id}`;
  if (kind === 'badge') {
    const awarded = facts.badges.get(id);
    if (awarded === undefined) return { earned: null };
    return awarded ? { earned: true } : { earned: false, reason: `${name} has not been awarded` };
  }
  const owned = facts.owned.get(itemKey(kind, id));
  if (owned === true) return { earned: true };
  if (facts.inventoryPrivate) return { earned: false, reason: 'the inventory is private' };
  if (owned === undefined) return { earned: null };
  return { earned: false, reason: `${name} is not owned` };
}

/**
 * The binds a member earns, and for each bound role they earn through no bind, the reason of
 * the first bind that names it (in the owner's order).
 */
export function judgeBinds<B extends RuleBind>(binds: readonly B[], facts: KnownRobloxFacts) {
  const earned: B[] = [];
  const unknown = new Set<string>();
  const reasons = new Map<string, { roleName: string; reason: string }>();
  for (const bind of binds) {
    const judged = judgeBind(bind, facts);
    if (judged.earned === true) earned.push(bind);
    else if (judged.earned === null) unknown.add(bind.roleId);
    else if (!reasons.has(bind.roleId))
      reasons.set(bind.roleId, { roleName: bind.roleName, reason: judged.reason });
  }
  const given = new Set(earned.map((b) => b.roleId));
  for (const id of given) {
    reasons.delete(id);
    unknown.delete(id);
  }
  return { earned, reasons, unknown };
}

/** The template of the highest-priority earned bind that has one (ties: the first); null: none. */
export function bindNickname(earned: readonly RuleBind[]): string | null {
  let best: RuleBind | null = null;
  for (const b of earned)
    if (b.nickname && (!best || (b.priority ?? 0) > (best.priority ?? 0))) best = b;
  return best?.nickname ?? null;
}
