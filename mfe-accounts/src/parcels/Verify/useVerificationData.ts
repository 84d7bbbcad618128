import { useCallback, useEffect, useState } from 'react';
import { api, session, toast, type LinkedAccount, type Server } from '@roconnect/shared-lib';

export const LOAD_FAILED_MESSAGE = 'Failed to load verification data.';

export type VerificationData =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; accounts: LinkedAccount[]; servers: Server[] };

/**
 * The verify page's load: the refresh and the server sync run first (their failures are
 * ignored), then the accounts and the eligible servers load (docs/product.md › Verify).
 */
export function useVerificationData() {
  const [data, setData] = useState<VerificationData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setData({ status: 'loading' });
    (async () => {
      // In turn, not together: the sync must carry the access token the refresh may just have rotated.
      await session.refresh();
      await api.dashboard.syncServers().catch(() => undefined);
      const [accounts, servers] = await Promise.all([
        api.dashboard.linkedAccounts(),
        api.dashboard.verificationServers(),
      ]);
      if (!cancelled) setData({ status: 'ready', accounts, servers });
    })().catch(() => {
      if (cancelled) return;
      setData({ status: 'failed' });
      // Signed out by a 401 (e.g. a signed-out visit): the user is on their way to /login, where
      // this page's error would be a stray toast.
      if (session.isAuthenticated()) toast.error(LOAD_FAILED_MESSAGE);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, retry };
}
