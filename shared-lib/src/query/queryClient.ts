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

/** Empties `client` whenever the session ends or another user signs in: no one sees another's data. */
export function clearOnSessionChange(client: QueryClient): () => void {
  let userId = signedInUserId(session.getState());
  return session.subscribe((state) => {
    const next = signedInUserId(state);
    // 'unknown' (the start check still running) keeps the cache: the early load may have filled it
    if (state.status === 'anonymous' || (next !== null && userId !== null && next !== userId))
      client.clear();
    if (next !== null || state.status === 'anonymous') userId = next;
  });
}

function signedInUserId(state: SessionState): string | null {
  return state.status === 'authenticated' && state.user ? state.user.id : null;
}

clearOnSessionChange(queryClient);
