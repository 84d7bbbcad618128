import { ConcurrencyLimit } from '../../lib/concurrency';
import { httpRequest, prop, trimSlash, type HttpPolicy, type HttpResponse } from '../http';
import {
  IntegrationError,
  type IntegrationSettings,
  type RobloxApiClient,
  type RobloxGroupRole,
  type RobloxOwnership,
} from '../types';

type Settings = Pick<
  IntegrationSettings,
  | 'robloxGroupsBaseUrl'
  | 'robloxThumbnailsBaseUrl'
  | 'robloxUsersBaseUrl'
  | 'robloxBadgesBaseUrl'
  | 'robloxInventoryBaseUrl'
  | 'robloxEconomyBaseUrl'
  | 'robloxGamePassesBaseUrl'
  | 'robloxMaxConcurrentRequests'
  | 'robloxOwnershipCacheSeconds'
>;

/** badges.roblox.com's awarded-dates answers at most this many ids per call. */
export const MAX_BADGE_IDS_PER_CALL = 100;

/** Calls in flight at once when the setting is absent (ROBLOX_MAX_CONCURRENT_REQUESTS). */
export const DEFAULT_ROBLOX_MAX_CONCURRENT_REQUESTS = 6;

/** How long an ownership answer is reused when the setting is absent (ROBLOX_OWNERSHIP_CACHE_SECONDS). */
export const DEFAULT_ROBLOX_OWNERSHIP_CACHE_SECONDS = 300;

/** Ownership answers kept per replica at most; past it the oldest go first. */
const MAX_OWNERSHIP_ANSWERS = 100_000;

const ID = /^\d{1,19}$/;

/**
 * Roblox's own answer that an item does not exist: 400 or 404 with its error body and an item
 * code (`{errors:[{code: 1, message: "Badge is invalid or does not exist."}]}`). A 404 without
 * that body, or with code 0 (what a route that is not there answers), says nothing about the item.
 */
function isRobloxItemMiss(res: HttpResponse): boolean {
  if (res.status !== 404 && res.status !== 400) return false;
  const errors = prop(res.body, 'errors');
  const code = Array.isArray(errors) ? prop(errors[0], 'code') : undefined;
  return typeof code === 'number' && code > 0;
}

function robloxMessage(res: HttpResponse): string {
  const errors = prop(res.body, 'errors');
  const first = Array.isArray(errors) ? errors[0] : undefined;
  return typeof prop(first, 'message') === 'string'
    ? (prop(first, 'message') as string)
    : `HTTP ${res.status}`;
}

function unexpected(res: HttpResponse, what: string): IntegrationError {
  return new IntegrationError(
    'roblox',
    'unavailable',
    `Roblox could not ${what} (${robloxMessage(res)}). Try again in a few minutes.`,
    undefined,
    res.status,
  );
}

/** Roblox's public groups and thumbnails web APIs (no auth). */
export function createRobloxApiClient(
  settings: Settings,
  policy: HttpPolicy = {},
  { now = Date.now }: { now?: () => number } = {},
): RobloxApiClient {
  const groups = trimSlash(settings.robloxGroupsBaseUrl);
  const thumbnails = trimSlash(settings.robloxThumbnailsBaseUrl);
  const users = trimSlash(settings.robloxUsersBaseUrl);
  const badges = trimSlash(settings.robloxBadgesBaseUrl ?? settings.robloxGroupsBaseUrl);
  const inventory = trimSlash(settings.robloxInventoryBaseUrl ?? settings.robloxGroupsBaseUrl);
  const economy = trimSlash(settings.robloxEconomyBaseUrl ?? settings.robloxGroupsBaseUrl);
  const gamePasses = trimSlash(settings.robloxGamePassesBaseUrl ?? settings.robloxGroupsBaseUrl);
  // Roblox limits by address and every tenant shares ours: one tenant's fan-out waits its turn
  // instead of getting the API throttled for everyone.
  const limit = new ConcurrencyLimit(
    settings.robloxMaxConcurrentRequests ?? DEFAULT_ROBLOX_MAX_CONCURRENT_REQUESTS,
  );
  const get = (url: string) =>
    limit.run(() =>
      httpRequest('roblox', url, { headers: { accept: 'application/json' } }, policy),
    );
  // a game pass or item costs one call per member and item: an answer is reused for a while, so
  // pressing Verify again, or a resync after a verify, asks Roblox nothing (docs/security.md › T4)
  const ownershipTtlMs =
    (settings.robloxOwnershipCacheSeconds ?? DEFAULT_ROBLOX_OWNERSHIP_CACHE_SECONDS) * 1000;
  const ownership = new Map<string, { answer: RobloxOwnership; until: number }>();
  // Roblox answers an unknown group with 400 {errors:[{code:1}]}; some paths answer 404
  const isMissing = (res: HttpResponse) => res.status === 404 || res.status === 400;

  /** One call answers every group the user is in: `{data:[{group:{id}, role:{rank}}]}`. */
  async function getUserGroupRanks(userId: string): Promise<Map<string, number>> {
    if (!ID.test(userId))
      throw new IntegrationError('roblox', 'not_found', `Roblox account ${userId} does not exist.`);
    const res = await get(`${groups}/v2/users/${userId}/groups/roles`);
    if (isMissing(res))
      throw new IntegrationError(
        'roblox',
        'not_found',
        `Roblox account ${userId} does not exist.`,
        3,
        res.status,
      );
    const data = prop(res.body, 'data');
    if (res.status !== 200 || !Array.isArray(data))
      throw unexpected(res, "load the account's groups");
    const ranks = new Map<string, number>();
    for (const d of data) {
      const id = prop(prop(d, 'group'), 'id');
      const rank = Number(prop(prop(d, 'role'), 'rank'));
      if (id !== undefined && id !== null) ranks.set(String(id), Number.isFinite(rank) ? rank : 0);
    }
    return ranks;
  }

  return {
    async getGroup(groupId) {
      if (!ID.test(groupId)) return null;
      const res = await get(`${groups}/v1/groups/${groupId}`);
      if (isMissing(res)) return null;
      if (res.status !== 200) throw unexpected(res, 'load the group');
      return {
        id: String(prop(res.body, 'id') ?? groupId),
        name: String(prop(res.body, 'name') ?? ''),
      };
    },

    async getGroupRoles(groupId): Promise<RobloxGroupRole[]> {
      const notFound = new IntegrationError(
        'roblox',
        'not_found',
        `Roblox group ${groupId} does not exist.`,
        1,
        400,
      );
      if (!ID.test(groupId)) throw notFound;
      const res = await get(`${groups}/v1/groups/${groupId}/roles`);
      if (isMissing(res)) throw notFound;
      const roles = prop(res.body, 'roles');
      if (res.status !== 200 || !Array.isArray(roles))
        throw unexpected(res, 'load the group ranks');
      return roles
        .map((r: unknown) => ({
          id: String(prop(r, 'id')),
          name: String(prop(r, 'name') ?? ''),
          rank: Number(prop(r, 'rank') ?? 0),
        }))
        .sort((a, b) => a.rank - b.rank);
    },

    getUserGroupRanks,

    async getUserRankInGroup(userId, groupId) {
      return (await getUserGroupRanks(userId)).get(groupId) ?? 0;
    },

    async getAvatarHeadshotUrl(userId) {
      if (!ID.test(userId)) return null;
      const query = new URLSearchParams({
        userIds: userId,
        size: '150x150',
        format: 'Png',
        isCircular: 'false',
      });
      const res = await get(`${thumbnails}/v1/users/avatar-headshot?${query}`);
      if (res.status >= 400 && res.status < 500) return null;
      const data = prop(res.body, 'data');
      const entry = Array.isArray(data)
        ? data.find((d: unknown) => String(prop(d, 'targetId')) === userId)
        : undefined;
      const url = prop(entry, 'imageUrl');
      return prop(entry, 'state') === 'Completed' && typeof url === 'string' && url ? url : null;
    },

    /**
     * badges.roblox.com `GET /v1/users/{id}/badges/awarded-dates?badgeIds=…` lists the awarded
     * ones only, `{data:[{badgeId, awardedDate}]}`; at most 100 ids a call.
     */
    async getUserBadgeAwards(userId, badgeIds) {
      const awarded = new Set<string>();
      const ids = [...new Set(badgeIds)].filter((id) => ID.test(id));
      if (!ID.test(userId) || !ids.length) return awarded;
      for (let i = 0; i < ids.length; i += MAX_BADGE_IDS_PER_CALL) {
        const query = new URLSearchParams({
          badgeIds: ids.slice(i, i + MAX_BADGE_IDS_PER_CALL).join(','),
        });
        const res = await get(`${badges}/v1/users/${userId}/badges/awarded-dates?${query}`);
        if (res.status === 404) return awarded; // no such user: nothing awarded
        const data = prop(res.body, 'data');
        if (res.status !== 200 || !Array.isArray(data))
          throw unexpected(res, "load the account's badges");
        for (const d of data) {
          const id = prop(d, 'badgeId');
          if (id !== undefined && id !== null) awarded.add(String(id));
        }
      }
      return awarded;
    },

    /**
     * inventory.roblox.com `GET /v1/users/{id}/items/{GamePass|Asset}/{itemId}`: the user's copies,
     * `data` empty when not owned; 403 when the inventory is private (Roblox's codes vary by
     * route, so any 403 is); 400 for an unknown user or item, which nobody owns.
     */
    async getUserOwnership(userId, kind, itemId) {
      if (!ID.test(userId) || !ID.test(itemId)) return 'not_owned';
      const key = `${userId}:${kind}:${itemId}`;
      const known = ownership.get(key);
      if (known && known.until > now()) return known.answer;
      const type = kind === 'gamepass' ? 'GamePass' : 'Asset';
      const res = await get(`${inventory}/v1/users/${userId}/items/${type}/${itemId}`);
      let answer: RobloxOwnership;
      if (res.status === 403) answer = 'private';
      else if (isMissing(res)) answer = 'not_owned';
      else {
        const data = prop(res.body, 'data');
        if (res.status !== 200 || !Array.isArray(data))
          throw unexpected(res, "check the account's inventory");
        answer = data.length > 0 ? 'owned' : 'not_owned';
      }
      if (ownershipTtlMs > 0) {
        ownership.delete(key);
        if (ownership.size >= MAX_OWNERSHIP_ANSWERS)
          ownership.delete(ownership.keys().next().value!);
        ownership.set(key, { answer, until: now() + ownershipTtlMs });
      }
      return answer;
    },

    /**
     * badges.roblox.com `GET /v1/badges/{id}` `{name}`; apis.roblox.com
     * `GET /game-passes/v1/game-passes/{id}/product-info` and economy.roblox.com
     * `GET /v2/assets/{id}/details`, both `{Name}`. Unknown ids answer 400 or 404 with Roblox's
     * error body: null. The last two routes are not in Roblox's published reference; if one is
     * retired its 404 carries no item code, and that is "cannot tell", never "does not exist".
     */
    async getItemName(kind, itemId) {
      if (!ID.test(itemId)) return null;
      const url =
        kind === 'badge'
          ? `${badges}/v1/badges/${itemId}`
          : kind === 'gamepass'
            ? `${gamePasses}/v1/game-passes/${itemId}/product-info`
            : `${economy}/v2/assets/${itemId}/details`;
      const res = await get(url);
      if (isRobloxItemMiss(res)) return null;
      const name = prop(res.body, kind === 'badge' ? 'name' : 'Name');
      if (res.status !== 200 || typeof name !== 'string')
        throw unexpected(
          res,
          `load the ${kind === 'gamepass' ? 'game pass' : kind === 'asset' ? 'catalog item' : 'badge'}`,
        );
      return name;
    },

    /** `GET users.roblox.com/v1/users/{id}` answers `{created: ISO 8601, …}`; 404 for no such user. */
    async getUserCreatedAt(userId) {
      if (!ID.test(userId)) return null;
      const res = await get(`${users}/v1/users/${userId}`);
      if (isMissing(res)) return null;
      const created = prop(res.body, 'created');
      const at = typeof created === 'string' ? new Date(created) : null;
      if (res.status !== 200 || !at || Number.isNaN(at.getTime()))
        throw unexpected(res, 'load the account');
      return at;
    },
  };
}
