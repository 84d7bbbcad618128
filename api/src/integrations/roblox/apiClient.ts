import { httpRequest, prop, trimSlash, type HttpPolicy, type HttpResponse } from '../http';
import {
  IntegrationError,
  type IntegrationSettings,
  type RobloxApiClient,
  type RobloxGroupRole,
} from '../types';

type Settings = Pick<IntegrationSettings, 'robloxGroupsBaseUrl' | 'robloxThumbnailsBaseUrl'>;

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
  const get = (url: string) =>
    httpRequest('roblox', url, { headers: { accept: 'application/json' } }, policy);
  // Roblox answers an unknown group with 400 {errors:[{code:1}]}; some paths answer 404
  const isMissing = (res: HttpResponse) => res.status === 404 || res.status === 400;

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

    async getUserRankInGroup(userId, groupId) {
      if (!ID.test(userId))
        throw new IntegrationError(
          'roblox',
          'not_found',
          `Roblox account ${userId} does not exist.`,
        );
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
      const membership = data.find(
        (d: unknown) => String(prop(prop(d, 'group'), 'id')) === groupId,
      );
      const rank = membership ? Number(prop(prop(membership, 'role'), 'rank')) : 0;
      return Number.isFinite(rank) ? rank : 0;
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
  };
}
