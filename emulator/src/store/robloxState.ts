import type { Seed, SeedRobloxGroup, SeedRobloxUser } from '../seed/types';

export class RobloxState {
  readonly users = new Map<number, SeedRobloxUser>();
  readonly groups = new Map<number, SeedRobloxGroup>();

  constructor(seed: Seed['roblox']) {
    for (const u of seed.users) this.users.set(u.id, u);
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
}
