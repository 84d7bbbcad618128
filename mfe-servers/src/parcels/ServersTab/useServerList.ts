import { useCallback, useEffect, useState } from 'react';
import { api, toast, type Server } from '@roconnect/shared-lib';

export type ServerListState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; servers: Server[] };

/**
 * The servers the tab shows: the shell's list when it passes one, else the tab's own load. A sync
 * replaces the shown list at once and reports the fresh list to the shell.
 */
export function useServerList(
  provided: Server[] | undefined,
  onServersUpdate?: (servers: Server[]) => void,
) {
  const [own, setOwn] = useState<ServerListState>({ status: 'loading' });
  const [synced, setSynced] = useState<{ from: Server[] | undefined; servers: Server[] } | null>(
    null,
  );
  const [syncing, setSyncing] = useState(false);
  /** the server whose bot presence is being re-checked */
  const [checking, setChecking] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (provided) return;
    let cancelled = false;
    setOwn({ status: 'loading' });
    api.dashboard
      .servers()
      .then((servers) => !cancelled && setOwn({ status: 'ready', servers }))
      .catch(() => !cancelled && setOwn({ status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [provided, attempt]);

  const sync = useCallback(async () => {
    setSyncing(true);
    try {
      const fresh = await api.dashboard.syncServers();
      // Remember which provided list the sync replaced: a newer list from the shell wins again.
      setSynced({ from: provided, servers: fresh });
      setOwn({ status: 'ready', servers: fresh });
      toast.success('Servers synchronized successfully!');
      onServersUpdate?.(fresh);
    } catch {
      toast.error('Failed to sync servers. Please try again.');
    } finally {
      setSyncing(false);
    }
  }, [provided, onServersUpdate]);

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
        setSynced({ from: provided, servers: fresh });
        setOwn({ status: 'ready', servers: fresh });
        onServersUpdate?.(fresh);
        const found = fresh.find((s) => s.server_id === target.server_id)?.bot_added;
        if (found) toast.success(`The bot is in ${target.server_name}.`);
        else toast.info(`The bot is not in ${target.server_name} yet.`);
      } catch {
        toast.error('Failed to check the bot. Please try again.');
      } finally {
        setChecking(null);
      }
    },
    [provided, onServersUpdate],
  );

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  let state: ServerListState;
  if (synced && synced.from === provided) state = { status: 'ready', servers: synced.servers };
  else if (provided) state = { status: 'ready', servers: provided };
  else state = own;

  return { state, syncing, sync, retry, checking, recheckBot };
}
