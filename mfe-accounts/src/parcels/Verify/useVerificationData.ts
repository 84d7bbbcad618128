import { toast, session, type LinkedAccount, type Server } from '@roconnect/shared-lib';
import { loadPhase, useEachFailure, useVerification } from '@roconnect/shared-lib/query';

export const LOAD_FAILED_MESSAGE = 'Failed to load verification data.';

export type VerificationData =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; accounts: LinkedAccount[]; servers: Server[] };

/**
 * The verify page's load (the refresh and the server sync first, then the accounts and the
 * eligible servers: docs/product.md › Verify), read through the page's query cache.
 */
export function useVerificationData() {
  const read = useVerification();
  useEachFailure(read, () => {
    // Signed out by a 401 (e.g. a signed-out visit): the user is on their way to /login, where
    // this page's error would be a stray toast.
    if (session.isAuthenticated()) toast.error(LOAD_FAILED_MESSAGE);
  });

  // The choices shown must be the ones read after this visit's sync: no earlier visit's meanwhile.
  const phase = read.isFetching ? 'loading' : loadPhase(read);
  const data: VerificationData =
    phase === 'ready' && read.data
      ? { status: 'ready', ...read.data }
      : { status: phase === 'failed' ? 'failed' : 'loading' };
  return { data, retry: () => void read.refetch() };
}
