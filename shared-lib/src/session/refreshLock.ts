/** The one Web Lock every tab of this origin takes around a token refresh. */
export const REFRESH_LOCK_NAME = 'roconnect:token-refresh';

/**
 * Runs `task` while holding the browser-wide refresh lock, so two tabs never spend the same
 * refresh token (the API would treat the second use as theft and end the session). Where the Web
 * Locks API is missing (old browsers, jsdom) the task runs at once: the session's own single
 * flight still covers one tab.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks || typeof locks.request !== 'function') return task();
  return locks.request(REFRESH_LOCK_NAME, { mode: 'exclusive' }, task);
}
