import { QueryClient } from '@tanstack/react-query';
import { session, type SessionState } from '../api/session';

/**
 * The defaults keep each screen as it behaved before it read through a cache: no call again when
 * the window regains focus or the network returns (no screen did that), and no automatic retry (a
 * failed load shows its error with Try Again, or is ignored where docs/product.md says so). What a
 * screen read stays in the cache for the next screen or visit, which shows it while reading again
 * (staleTime 0).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * The page's one query cache. This module is a Module Federation singleton
 * (tools/webpack/sharedSingletons.js), so the shell and every remote's parcel, each its own React
 * root, read and write the same cache.
 */
export const queryClient = createQueryClient();

/**
 * Empties `client` at a sign-in that follows a signed-out moment, or when another user signs in:
 * no one sees another's data. Not as the session ends: the signed-in screens are still mounted for
 * a moment, and queries emptied under them would read again without a token (a 401 each) on their
 * way to /login. The session's state changes before any guarded screen renders, so the next
 * user's screens start from an empty cache.
 */
export function clearOnSessionChange(client: QueryClient): () => void {
  let userId = signedInUserId(session.getState());
  let signedOutSince = false;
  return session.subscribe((state) => {
    if (state.status === 'anonymous') {
      signedOutSince = true;
      return;
    }
    const next = signedInUserId(state);
    // 'unknown' (the start check still running) keeps the cache: the early load may have filled it
    if (next === null) return;
    if (signedOutSince || (userId !== null && next !== userId)) client.clear();
    signedOutSince = false;
    userId = next;
  });
}

function signedInUserId(state: SessionState): string | null {
  return state.status === 'authenticated' && state.user ? state.user.id : null;
}

clearOnSessionChange(queryClient);
