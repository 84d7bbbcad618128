import { useCallback, useState } from 'react';
import { api, toast, type Server } from '@roconnect/shared-lib';
import {
  loadPhase,
  showSyncedServers,
  usePageQueryClient,
  useUserServers,
} from '@roconnect/shared-lib/query';

export type ServerListState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; servers: Server[] };

/**
 * The servers the tab shows: the shell's list when it passes one, else the user's list read
 * through the page's query cache. A sync puts the fresh list in the cache, shows it at once and
 * reports it to the shell.
 */
export function useServerList(
  provided: Server[] | undefined,
  onServersUpdate?: (servers: Server[]) => void,
) {
  const client = usePageQueryClient();
  const own = useUserServers({ enabled: !provided });
  const [synced, setSynced] = useState<{ from: Server[] | undefined; servers: Server[] } | null>(
    null,
  );
  const [syncing, setSyncing] = useState(false);
  /** the server whose bot presence is being re-checked */
  const [checking, setChecking] = useState<string | null>(null);

  const showFresh = useCallback(
    (fresh: Server[]) => {
      // Remember which provided list the sync replaced: a newer list from the shell wins again.
      setSynced({ from: provided, servers: fresh });
      showSyncedServers(client, fresh);
      onServersUpdate?.(fresh);
    },
    [client, provided, onServersUpdate],
  );

  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      showFresh(await api.dashboard.syncServers());
      toast.success('Servers synchronized successfully!');
    } catch {
      toast.error('Failed to sync servers. Please try again.');
    } finally {
      setSyncing(false);
    }
  }, [showFresh]);

  /**
   * A card's Check bot status: asks the API to re-check the bot in the user's servers
   * (manual-sync), then shows the fresh list. For a bot added outside this dashboard, or an
   * invite whose return was lost.
   */
  const recheckBot = useCallback(
    async (target: Server) => {
      setChecking(target.server_id);
      try {
        await api.dashboard.manualSync();
        const fresh = await api.dashboard.servers();
        showFresh(fresh);
        const found = fresh.find((s) => s.server_id === target.server_id)?.bot_added;
        if (found) toast.success(`The bot is in ${target.server_name}.`);
        else toast.info(`The bot is not in ${target.server_name} yet.`);
      } catch {
        toast.error('Failed to check the bot. Please try again.');
      } finally {
        setChecking(null);
      }
    },
    [showFresh],
  );

  const retry = useCallback(() => void own.refetch(), [own]);

  let state: ServerListState;
  if (synced && synced.from === provided) state = { status: 'ready', servers: synced.servers };
  else if (provided) state = { status: 'ready', servers: provided };
  else {
    const phase = loadPhase(own);
    state =
      phase === 'ready' && own.data
        ? { status: 'ready', servers: own.data }
        : { status: phase === 'failed' ? 'failed' : 'loading' };
  }

  return { state, syncing, sync, retry, checking, recheckBot };
}
