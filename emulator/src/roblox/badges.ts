import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context';
import { robloxError } from './errors';

const ID = /^\d{1,16}$/;
/** badges.roblox.com answers at most this many ids per awarded-dates call (400 code 5 past it) */
export const MAX_BADGE_IDS = 100;
/** the universe every seeded badge is awarded in (the emulator has no games) */
const UNIVERSE = { id: 5_000_001, name: 'RoConnect Demo Experience', rootPlaceId: 5_000_002 };
const BADGE_CREATED = '2020-05-05T08:20:10.653Z';

/**
 * badges.roblox.com: one badge's details, and when a user was awarded a set of badges (only the
 * awarded ones are listed). Errors as Roblox's Badges API v1 documents them: 404 code 1 unknown
 * badge, 404 code 4 unknown user, 400 code 5 more than 100 ids.
 */
export function registerRobloxBadges(app: FastifyInstance, ctx: EmulatorContext): void {
  const roblox = () => ctx.store.roblox;

  app.get<{ Params: { badgeId: string } }>('/v1/badges/:badgeId', async (request, reply) => {
    const raw = request.params.badgeId;
    const badge = ID.test(raw) ? roblox().badges.get(Number(raw)) : undefined;
    if (!badge) return robloxError(reply, 404, 1, 'Badge is invalid or does not exist.');
    const awardedCount = [...roblox().users.values()].filter((u) =>
      u.badges.some((b) => b.id === badge.id),
    ).length;
    return {
      id: badge.id,
      name: badge.name,
      description: '',
      displayName: badge.name,
      displayDescription: '',
      enabled: true,
      iconImageId: 0,
      displayIconImageId: 0,
      created: BADGE_CREATED,
      updated: BADGE_CREATED,
      statistics: { pastDayAwardedCount: 0, awardedCount, winRatePercentage: 0 },
      awardingUniverse: UNIVERSE,
    };
  });

  app.get<{ Params: { userId: string }; Querystring: { badgeIds?: unknown } }>(
    '/v1/users/:userId/badges/awarded-dates',
    async (request, reply) => {
      const raw = request.params.userId;
      const user = ID.test(raw) ? roblox().users.get(Number(raw)) : undefined;
      if (!user) return robloxError(reply, 404, 4, 'User is invalid or does not exist.');
      // a CSV, or the parameter repeated (both bind to the same list)
      const param = request.query.badgeIds;
      const csv = Array.isArray(param) ? param.join(',') : param;
      const parts =
        typeof csv === 'string'
          ? csv
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [];
      if (parts.length === 0 || parts.some((p) => !ID.test(p)))
        return robloxError(reply, 400, 0, 'The badgeIds parameter must be a CSV of badge ids.');
      const ids = [...new Set(parts.map(Number))];
      if (ids.length > MAX_BADGE_IDS) return robloxError(reply, 400, 5, 'Too many badge Ids.');
      const data = [];
      for (const badgeId of ids) {
        const awardedDate = roblox().awardedDate(user, badgeId);
        if (awardedDate) data.push({ badgeId, awardedDate });
      }
      return { data };
    },
  );
}
