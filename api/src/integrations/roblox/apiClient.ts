import { ConcurrencyLimit } from '../../lib/concurrency';
import { httpRequest, prop, trimSlash, type HttpPolicy, type HttpResponse } from '../http';
import {
  IntegrationError,
  type IntegrationSettings,
  type RobloxApiClient,
  type RobloxGroupRole,
} from '../types';

type Settings = Pick<
  IntegrationSettings,
  | 'robloxGroupsBaseUrl'
  | 'robloxThumbnailsBaseUrl'
  | 'robloxUsersBaseUrl'
  | 'robloxMaxConcurrentRequests'
>;

/** Calls in flight at once when the setting is absent (ROBLOX_MAX_CONCURRENT_REQUESTS). */
export const DEFAULT_ROBLOX_MAX_CONCURRENT_REQUESTS = 6;

const ID = /^\d{1,19}$/;

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
): RobloxApiClient {
  const groups = trimSlash(settings.robloxGroupsBaseUrl);
  const thumbnails = trimSlash(settings.robloxThumbnailsBaseUrl);
  const users = trimSlash(settings.robloxUsersBaseUrl);
  // Roblox limits by address and every tenant shares ours: one tenant's fan-out waits its turn
  // instead of getting the API throttled for everyone (security review N4).
  const limit = new ConcurrencyLimit(
    settings.robloxMaxConcurrentRequests ?? DEFAULT_ROBLOX_MAX_CONCURRENT_REQUESTS,
  );
  const get = (url: string) =>
    limit.run(() =>
      httpRequest('roblox', url, { headers: { accept: 'application/json' } }, policy),
    );
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
