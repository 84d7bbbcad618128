import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { listManageableServers } from '../../domain/guilds/guild-store';

/** Longest a user's server list is used from memory without reading it again (see session-cache.ts). */
export const SERVER_LIST_CACHE_MAX_AGE_MS = 5_000;
const MAX_USERS = 10_000;

type ServerList = Awaited<ReturnType<typeof listManageableServers>>;

/**
 * listManageableServers kept in memory per user until their memberships (user_guilds) or one of
 * the listed guilds change, here or on another replica.
 */
export function serverListCache(db: Db, feed: ChangeFeed) {
  const cache = new ChangeAwareCache<ServerList>(feed, {
    maxEntries: MAX_USERS,
    maxAgeMs: SERVER_LIST_CACHE_MAX_AGE_MS,
    tagsOf: (list) => list.map((server) => server.id),
  });
  const unsubscribe = feed.subscribe((kind, key) => {
    if (kind === 'user') cache.forget(key);
    else if (kind === 'guild') cache.forgetTagged(key);
    else if (kind === 'all') cache.clear();
  });
  return {
    list: (userId: string) => cache.get(userId, () => listManageableServers(db, userId)),
    close: unsubscribe,
  };
}
