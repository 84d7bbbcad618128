import type { ChangeFeed } from '../db/change-feed';

/** How often workers look while notifications may be lost. */
export const LOST_NOTIFICATIONS_LOOK_MS = 1000;

/**
 * Calls `wake` when the change feed says a job was queued on `queue` by another worker than `self`
 * (on any replica, see announceJobQueued; `self` woke itself when it queued) or that notifications
 * were lost for a while (`all`), and every LOST_NOTIFICATIONS_LOOK_MS while they may be lost now.
 * Returns the function that stops it.
 */
export function wakeOnQueued(
  changes: ChangeFeed,
  queue: string,
  self: string,
  wake: () => void,
): () => void {
  const unsubscribe = changes.subscribe((kind, key) => {
    if (kind === 'all') wake();
    if (kind !== 'jobs') return;
    const [queued, sender] = key.split('|');
    if (queued === queue && sender !== self) wake();
  });
  const timer = setInterval(() => {
    if (!changes.live) wake();
  }, LOST_NOTIFICATIONS_LOOK_MS);
  timer.unref();
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
