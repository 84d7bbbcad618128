import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { consoleLimits } from '../../lib/route-limits';
import { notFound } from '../../lib/errors';
import { lookupRobloxGroups } from '../../domain/binds/roblox-group-cache';
import { requireManagingCaller } from '../../domain/guilds/access';
import { lookupRobloxItems } from '../../domain/binds/item-names';
import { BIND_ENDPOINTS } from '@roconnect/shared-lib/contract/schemas';
import { serve } from '../../lib/serve';
import { ok } from '../../lib/answer';

const WORDS = { group: 'group', badge: 'badge', gamepass: 'game pass', asset: 'catalog item' };

/**
 * GET /api/v1/server/{id}/binds/lookup?kind=&id=: what the editor shows as the owner types an id,
 * a group's name and ranks or an item's name, from the shared caches (Roblox is asked only for
 * what was not read lately; a made-up id is not stored). 404 when Roblox has no such thing.
 */
export const bindLookupRoute: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const limits = consoleLimits(app, ctx.settings, 'binds-lookup');
  serve(app, BIND_ENDPOINTS.lookup, limits.options, async (request) => {
    await requireManagingCaller(ctx, request, limits);
    const { kind, id } = request.query;
    const missing = () =>
      notFound(`Roblox ${WORDS[kind]} ${id} does not exist.`, `${kind}_not_found`);
    if (kind === 'group') {
      const found = (await lookupRobloxGroups(ctx, [id], { forSave: true })).get(id)!;
      if (!found.ok) throw found.error;
      if (!found.group) throw missing();
      const { name, ranks } = found.group;
      return ok({ kind, id, name, ranks });
    }
    const found = (await lookupRobloxItems(ctx, [{ kind, id }], { forSave: true })).get(
      `${kind}:${id}`,
    )!;
    if (!found.ok) throw found.error;
    if (found.name === null) throw missing();
    return ok({ kind, id, name: found.name, ranks: [] });
  });
};
