import { useCallback, useEffect, useState } from 'react';
import { api, type AccountsTabProps, type LinkedAccount } from '@roconnect/shared-lib';

export type AccountsData =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; accounts: LinkedAccount[]; robloxConfigured: boolean };

/**
 * The tab's data: what the shell passes when it loaded the dashboard, else loaded here the same
 * way: accounts, then the Roblox status, which may fail silently (docs/product.md › Dashboard).
 */
export function useAccountsData({ accounts, robloxConfigured }: Partial<AccountsTabProps>) {
  const fromShell = accounts !== undefined;
  const [loaded, setLoaded] = useState<AccountsData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (fromShell) return;
    let cancelled = false;
    setLoaded((current) => (current.status === 'ready' ? current : { status: 'loading' }));
    Promise.all([
      api.dashboard.linkedAccounts(),
      api.roblox.status().then(
        (data) => data.configured,
        () => false,
      ),
    ]).then(
      ([list, configured]) => {
        if (!cancelled)
          setLoaded({ status: 'ready', accounts: list, robloxConfigured: configured });
      },
      () => {
        if (!cancelled) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [fromShell, attempt]);

  /** after a failure: show the loading state again */
  const reload = useCallback(() => {
    setLoaded({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  /** after a change: keep showing the list while the fresh one loads */
  const refresh = useCallback(() => setAttempt((n) => n + 1), []);

  const data: AccountsData = fromShell
    ? { status: 'ready', accounts, robloxConfigured: robloxConfigured ?? false }
    : loaded;
  return { data, reload, refresh, fromShell };
}
