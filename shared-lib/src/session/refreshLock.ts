/** The one Web Lock every tab of this origin takes around a token refresh. */
export const REFRESH_LOCK_NAME = 'roconnect:token-refresh';

/**
 * How long the lock stays taken after a refresh: Chromium hands another tab's localStorage the
 * new tokens asynchronously, and the lock's grant can overtake that copy, so the next tab would
 * read (and spend) the refresh token this one just spent (docs/architecture.md › The browser and
 * the API).
 */
export const STORAGE_SETTLE_MS = 300;

/**
 * Runs `task` while holding the browser-wide refresh lock, so two tabs never spend the same
 * refresh token (the API would treat the second use as theft and end the session). The caller
 * gets the task's outcome at once; the lock is kept STORAGE_SETTLE_MS longer for the other tabs.
 * Where the Web Locks API is missing (old browsers, jsdom) the task runs at once: the session's
 * own single flight still covers one tab.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return new Promise<T>((resolve, reject) => {
    locks
      .request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, async () => {
        try {
          resolve(await task());
        } catch (error) {
          reject(error);
          return;
        }
        await new Promise((settled) => setTimeout(settled, STORAGE_SETTLE_MS));
      })
      .catch(reject);
  });
}
