import type { ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { ChangeAwareCache } from '../../lib/change-aware-cache';
import { findLiveSession } from './sessions';

/**
 * Longest a live session is trusted from memory without reading it again. Revocations normally
 * take effect at once (this replica) or within milliseconds (others, by the database's change
 * notification); this bounds the worst case of a notification lost without the connection
 * noticing (docs/performance.md › Caches and revocation).
 */
export const SESSION_CACHE_MAX_AGE_MS = 5_000;
const MAX_SESSIONS = 50_000;

interface LiveSession {
  userId: string;
  expiresAt: number;
}

/** findLiveSession with the live answers kept in memory until the session row changes. */
export function liveSessionCache(db: Db, feed: ChangeFeed) {
  const cache = new ChangeAwareCache<LiveSession | null>(feed, {
    maxEntries: MAX_SESSIONS,
    maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
  });
  const unsubscribe = feed.subscribe((kind, key) => {
    if (kind === 'session') cache.forget(key);
    else if (kind === 'all') cache.clear();
  });
  return {
    /** the live session's owner, or null (ended, expired or unknown: never kept) */
    async find(sessionId: string): Promise<LiveSession | null> {
      const session = await cache.get(
        sessionId,
        async () => {
          const row = await findLiveSession(db, sessionId);
          return row && { userId: row.userId, expiresAt: row.expiresAt.getTime() };
        },
        (found) => found !== null,
      );
      return session && session.expiresAt > Date.now() ? session : null;
    },
    close: unsubscribe,
  };
}
