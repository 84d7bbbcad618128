import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { robloxItemCache } from '../../db/schema';
import { IntegrationError, type RobloxItemKind } from '../../integrations/types';

export interface RobloxItemRef {
  kind: RobloxItemKind;
  id: string;
}

/** `name` null: Roblox says the item does not exist. `error`: Roblox could not answer now. */
export type ItemLookup = { ok: true; name: string | null } | { ok: false; error: IntegrationError };

const key = (ref: RobloxItemRef) => `${ref.kind}:${ref.id}`;

async function store(ctx: AppContext, ref: RobloxItemRef, name: string | null) {
  const row = { name, fetchedAt: new Date() };
  await ctx.db
    .insert(robloxItemCache)
    .values({ kind: ref.kind, itemId: ref.id, ...row })
    .onConflictDoUpdate({ target: [robloxItemCache.kind, robloxItemCache.itemId], set: row });
}

/**
 * Badge, game pass and catalog item names, read from Roblox at most once per
 * ROBLOX_GROUP_CACHE_SECONDS by all replicas together (the names are not the member's own, so
 * they are shared, like groups: domain/binds/roblox-group-cache.ts). A stored name past its age is still
 * used when Roblox cannot answer now. Answers by `kind:id`.
 *
 * `forSave`: the ids come from a request, so a stored "does not exist" is asked again and a new
 * "does not exist" is not stored (anyone could fill the table with made-up ids).
 */
export async function lookupRobloxItems(
  ctx: AppContext,
  refs: readonly RobloxItemRef[],
  { forSave = false }: { forSave?: boolean } = {},
): Promise<Map<string, ItemLookup>> {
  const unique = [...new Map(refs.map((r) => [key(r), r])).values()];
  if (!unique.length) return new Map();
  const maxAgeMs = ctx.settings.robloxGroupCacheSeconds * 1000;
  const rows = await ctx.db
    .select()
    .from(robloxItemCache)
    .where(
      or(
        ...unique.map((r) =>
          and(eq(robloxItemCache.kind, r.kind), eq(robloxItemCache.itemId, r.id)),
        ),
      ),
    );
  const stored = new Map(
    rows.map((r) => [
      `${r.kind}:${r.itemId}`,
      { name: r.name, fresh: Date.now() - r.fetchedAt.getTime() < maxAgeMs },
    ]),
  );
  const answers = await Promise.all(
    unique.map(async (ref): Promise<[string, ItemLookup]> => {
      const known = stored.get(key(ref));
      if (known?.fresh && (known.name !== null || !forSave))
        return [key(ref), { ok: true, name: known.name }];
      try {
        const name = await ctx.integrations.roblox.getItemName(ref.kind, ref.id);
        if (name !== null || !forSave) await store(ctx, ref, name);
        return [key(ref), { ok: true, name }];
      } catch (err) {
        if (!(err instanceof IntegrationError)) throw err;
        if (known?.name) return [key(ref), { ok: true, name: known.name }];
        return [key(ref), { ok: false, error: err }];
      }
    }),
  );
  return new Map(answers);
}
