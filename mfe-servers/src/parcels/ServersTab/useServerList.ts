import { useCallback, useState } from 'react';
import { api, toast, type Server } from '@roconnect/shared-lib';
import {
  loadPhase,
  showSyncedServers,
  useApiMutation,
  useUserServers,
} from '@roconnect/shared-lib/query';

const botIn = (servers: Server[], target: Server) =>
  servers.find((s) => s.server_id === target.server_id)?.bot_added === true;

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
  const own = useUserServers({ enabled: !provided });
  const [synced, setSynced] = useState<{ from: Server[] | undefined; servers: Server[] } | null>(
    null,
  );
  const syncCall = useApiMutation({
    call: () => api.dashboard.syncServers(),
    changes: showSyncedServers,
    success: 'Servers synchronized successfully!',
    failure: 'Failed to sync servers. Please try again.',
  });
  const recheckCall = useApiMutation({
    call: async (_target: Server) => {
      await api.dashboard.manualSync();
      return api.dashboard.servers();
    },
    changes: showSyncedServers,
    success: (fresh, target) =>
      botIn(fresh, target) ? `The bot is in ${target.server_name}.` : null,
    failure: 'Failed to check the bot. Please try again.',
  });
  const syncing = syncCall.isPending;
  /** the server whose bot presence is being re-checked */
  const checking = recheckCall.isPending ? (recheckCall.variables?.server_id ?? null) : null;

  const showFresh = useCallback(
    (fresh: Server[]) => {
      // Remember which provided list the sync replaced: a newer list from the shell wins again.
      setSynced({ from: provided, servers: fresh });
      onServersUpdate?.(fresh);
    },
    [provided, onServersUpdate],
  );

  const runSync = syncCall.run;
  const sync = useCallback(async () => {
    const synced = await runSync();
    if (synced.ok) showFresh(synced.data);
  }, [runSync, showFresh]);

  /**
   * A card's Check bot status: asks the API to re-check the bot in the user's servers
   * (manual-sync), then shows the fresh list. For a bot added outside this dashboard, or an
   * invite whose return was lost.
   */
  const runRecheck = recheckCall.run;
  const recheckBot = useCallback(
    async (target: Server) => {
      const checked = await runRecheck(target);
      if (!checked.ok) return;
      showFresh(checked.data);
      // not an error: the bot may simply not have been added yet
      if (!botIn(checked.data, target)) toast.info(`The bot is not in ${target.server_name} yet.`);
    },
    [runRecheck, showFresh],
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
