import type { Seed, SeedRobloxGroup, SeedRobloxItem, SeedRobloxUser } from '../seed/types';

/** a user's `created` when the seed gives none */
export const DEFAULT_CREATED = '2015-01-01T00:00:00.000Z';

/** a badge the user holds, with when it was awarded (ISO) */
export interface BadgeAward {
  id: number;
  awarded_date: string;
}

/** A seeded Roblox user as the emulator keeps it: badges with dates, an inventory and its privacy. */
export interface RobloxUser extends Omit<SeedRobloxUser, 'badges'> {
  badges: BadgeAward[];
  inventory: number[];
  inventory_private: boolean;
}

const iso = (date: string) => new Date(date).toISOString();

export class RobloxState {
  readonly users = new Map<number, RobloxUser>();
  readonly groups = new Map<number, SeedRobloxGroup>();
  readonly badges = new Map<number, SeedRobloxItem>();
  readonly gamepasses = new Map<number, SeedRobloxItem>();
  readonly assets = new Map<number, SeedRobloxItem>();
  /** "userId:assetId" → the owned copy's instance id (inventory answers carry one per asset) */
  private readonly instances = new Map<string, number>();
  private nextInstanceId = 80_000_000_001;

  constructor(seed: Seed['roblox']) {
    for (const b of seed.badges ?? []) this.badges.set(b.id, b);
    for (const p of seed.gamepasses ?? []) this.gamepasses.set(p.id, p);
    for (const a of seed.assets ?? []) this.assets.set(a.id, a);
    for (const u of seed.users) {
      const created = iso(u.created ?? DEFAULT_CREATED);
      const user: RobloxUser = {
        ...u,
        created,
        badges: (u.badges ?? []).map((b) =>
          typeof b === 'number'
            ? { id: b, awarded_date: created }
            : { id: b.id, awarded_date: iso(b.awarded_date ?? created) },
        ),
        inventory: [],
        inventory_private: u.inventory_private ?? false,
      };
      this.users.set(u.id, user);
      for (const id of u.inventory ?? []) this.grant(user, id);
    }
    for (const g of seed.groups) this.groups.set(g.id, { ...g, members: g.members ?? [] });
  }

  /** the user's role in the group, undefined when not a member */
  roleOf(group: SeedRobloxGroup, userId: number) {
    const membership = group.members.find((m) => m.user_id === userId);
    return membership && group.roles.find((r) => r.id === membership.role_id);
  }

  owner(group: SeedRobloxGroup) {
    const top = [...group.roles].sort((a, b) => b.rank - a.rank)[0];
    const membership = top && group.members.find((m) => m.role_id === top.id);
    return membership ? this.users.get(membership.user_id) : undefined;
  }

  /** when the user was awarded the badge, undefined if never */
  awardedDate(user: RobloxUser, badgeId: number): string | undefined {
    return user.badges.find((b) => b.id === badgeId)?.awarded_date;
  }

  /** awards the badge (now, unless given a date); awarding it again moves its date */
  award(user: RobloxUser, badgeId: number, date = new Date().toISOString()): void {
    const held = user.badges.find((b) => b.id === badgeId);
    if (held) held.awarded_date = iso(date);
    else user.badges.push({ id: badgeId, awarded_date: iso(date) });
  }

  /** true when the user held the badge */
  revokeBadge(user: RobloxUser, badgeId: number): boolean {
    const before = user.badges.length;
    user.badges = user.badges.filter((b) => b.id !== badgeId);
    return user.badges.length < before;
  }

  owns(user: RobloxUser, itemId: number): boolean {
    return user.inventory.includes(itemId);
  }

  /** adds a game pass or asset to the inventory (once) */
  grant(user: RobloxUser, itemId: number): void {
    if (this.owns(user, itemId)) return;
    user.inventory.push(itemId);
    if (this.assets.has(itemId)) this.instances.set(`${user.id}:${itemId}`, this.nextInstanceId++);
  }

  /** true when the user owned the item */
  revokeItem(user: RobloxUser, itemId: number): boolean {
    if (!this.owns(user, itemId)) return false;
    user.inventory = user.inventory.filter((id) => id !== itemId);
    this.instances.delete(`${user.id}:${itemId}`);
    return true;
  }

  /** the owned asset copy's id; game passes and badges have none */
  instanceId(user: RobloxUser, assetId: number): number | null {
    return this.instances.get(`${user.id}:${assetId}`) ?? null;
  }
}
