import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { robloxGroupCache } from '../../db/schema';
import { IntegrationError, type RobloxApiClient } from '../../integrations/types';

/** A Roblox group's name and ranks (lowest rank first), as the binds editor shows them. */
export interface RobloxGroupInfo {
  id: string;
  name: string;
  ranks: { rank: number; name: string }[];
}

/** `group` null: Roblox says it does not exist. `error`: Roblox could not answer now. */
export type GroupLookup =
  { ok: true; group: RobloxGroupInfo | null } | { ok: false; error: IntegrationError };

/** Reads of one group already on their way to Roblox, per client: concurrent misses share one. */
const inFlight = new WeakMap<RobloxApiClient, Map<string, Promise<RobloxGroupInfo | null>>>();

async function fetchGroup(roblox: RobloxApiClient, groupId: string) {
  const [group, roles] = await Promise.allSettled([
    roblox.getGroup(groupId),
    roblox.getGroupRoles(groupId),
  ]);
  if (group.status === 'rejected') throw group.reason;
  if (!group.value) return null;
  if (roles.status === 'rejected') {
    // deleted between the two reads: the group is gone
    if (roles.reason instanceof IntegrationError && roles.reason.kind === 'not_found') return null;
    throw roles.reason;
  }
  return {
    id: groupId,
    name: group.value.name,
    ranks: [...roles.value]
      .sort((a, b) => a.rank - b.rank)
      .map((r) => ({ rank: r.rank, name: r.name })),
  };
}

async function store(ctx: AppContext, groupId: string, group: RobloxGroupInfo | null) {
  const row = { name: group?.name ?? null, ranks: group?.ranks ?? [], fetchedAt: new Date() };
  await ctx.db
    .insert(robloxGroupCache)
    .values({ groupId, ...row })
    .onConflictDoUpdate({ target: robloxGroupCache.groupId, set: row });
}

/** One read from Roblox per group at a time in this process; a group that exists is stored. */
function load(ctx: AppContext, groupId: string): Promise<RobloxGroupInfo | null> {
  const roblox = ctx.integrations.roblox;
  let loads = inFlight.get(roblox);
  if (!loads) inFlight.set(roblox, (loads = new Map()));
  const running = loads.get(groupId);
  if (running) return running;
  const promise = fetchGroup(roblox, groupId)
    .then(async (group) => {
      if (group) await store(ctx, groupId, group);
      return group;
    })
    .finally(() => loads.delete(groupId));
  loads.set(groupId, promise);
  return promise;
}

/**
 * Roblox groups' names and ranks, read from Roblox at most once per ROBLOX_GROUP_CACHE_SECONDS by
 * all replicas together (the table is shared), instead of twice per group per request (security
 * review N4). A stored answer past its age is still used when Roblox cannot answer now.
 *
 * `forSave`: the ids come from a request body, so a stored "does not exist" is asked again (the
 * group may be new) and a new one is not stored (anyone could fill the table with made-up ids).
 */
export async function lookupRobloxGroups(
  ctx: AppContext,
  groupIds: readonly string[],
  { forSave = false }: { forSave?: boolean } = {},
): Promise<Map<string, GroupLookup>> {
  const ids = [...new Set(groupIds)];
  const maxAgeMs = ctx.settings.robloxGroupCacheSeconds * 1000;
  const rows = ids.length
    ? await ctx.db.select().from(robloxGroupCache).where(inArray(robloxGroupCache.groupId, ids))
    : [];
  const stored = new Map(
    rows.map((r) => [
      r.groupId,
      {
        group: r.name === null ? null : { id: r.groupId, name: r.name, ranks: r.ranks },
        fresh: Date.now() - r.fetchedAt.getTime() < maxAgeMs,
      },
    ]),
  );
  const answers = await Promise.all(
    ids.map(async (id): Promise<[string, GroupLookup]> => {
      const known = stored.get(id);
      if (known?.fresh && (known.group || !forSave)) return [id, { ok: true, group: known.group }];
      try {
        const group = await load(ctx, id);
        if (!group && !forSave) await store(ctx, id, null);
        return [id, { ok: true, group }];
      } catch (err) {
        if (!(err instanceof IntegrationError)) throw err;
        if (known?.group) return [id, { ok: true, group: known.group }];
        return [id, { ok: false, error: err }];
      }
    }),
  );
  return new Map(answers);
}
