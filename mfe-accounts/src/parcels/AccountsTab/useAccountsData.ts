import { type AccountsTabProps, type LinkedAccount } from '@roconnect/shared-lib';
import {
  accountsChanged,
  loadPhase,
  useLinkedAccounts,
  usePageQueryClient,
  useRobloxStatus,
} from '@roconnect/shared-lib/query';

export type AccountsData =
  | { status: 'loading' }
  | { status: 'failed' }
  /** robloxConfigured: null when the status call failed (unknown) */
  | { status: 'ready'; accounts: LinkedAccount[]; robloxConfigured: boolean | null };

/**
 * The tab's data: what the shell passes when it loaded the dashboard, else read here (the
 * dashboard's load, docs/product.md › Dashboard: the accounts, and the Roblox status, which may
 * fail silently).
 */
export function useAccountsData({ accounts, robloxConfigured }: Partial<AccountsTabProps>) {
  const fromShell = accounts !== undefined;
  const client = usePageQueryClient();
  const accountsRead = useLinkedAccounts({ enabled: !fromShell });
  const statusRead = useRobloxStatus({ enabled: !fromShell });

  /** after a failure: show the loading state again */
  const reload = () => {
    void accountsRead.refetch();
    void statusRead.refetch();
  };
  /** after a change: keep showing the list while the fresh one loads */
  const refresh = () => void accountsChanged(client);

  let data: AccountsData;
  if (fromShell) data = { status: 'ready', accounts, robloxConfigured: robloxConfigured ?? null };
  else {
    const phase = loadPhase(accountsRead);
    // the Roblox status counts once it has answered, either way (a failure is unknown, not "not
    // configured": the link buttons stay and the link call reports what is wrong)
    const statusPending = statusRead.isPending && statusRead.isFetching;
    if (phase === 'ready' && accountsRead.data && !statusPending)
      data = {
        status: 'ready',
        accounts: accountsRead.data,
        robloxConfigured: statusRead.data?.configured ?? null,
      };
    else data = { status: phase === 'failed' ? 'failed' : 'loading' };
  }
  return { data, reload, refresh, fromShell };
}
