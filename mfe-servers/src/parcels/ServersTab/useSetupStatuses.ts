import { useEffect, useState } from 'react';
import { api, type Server, type SetupStatus } from '@roconnect/shared-lib';

/** 'loading' while the call runs; 'unknown' when it failed (spec §8: silently ignored). */
export type SetupStatusEntry = SetupStatus | 'loading' | 'unknown';

/** The setup status of every listed server that has the bot, loaded once per list. */
export function useSetupStatuses(servers: Server[] | null): ReadonlyMap<string, SetupStatusEntry> {
  const [statuses, setStatuses] = useState<{
    for: Server[] | null;
    entries: Map<string, SetupStatusEntry>;
  }>({
    for: null,
    entries: new Map(),
  });

  useEffect(() => {
    if (!servers) return;
    let cancelled = false;
    const withBot = servers.filter((server) => server.bot_added);
    setStatuses({
      for: servers,
      entries: new Map(withBot.map((server) => [server.server_id, 'loading'])),
    });

    const settle = (serverId: string, entry: SetupStatusEntry) => {
      if (cancelled) return;
      setStatuses((current) => {
        if (current.for !== servers) return current;
        const entries = new Map(current.entries);
        entries.set(serverId, entry);
        return { for: current.for, entries };
      });
    };
    withBot.forEach((server) => {
      api.server
        .setupStatus(server.server_id)
        .then((status) => settle(server.server_id, status))
        .catch(() => settle(server.server_id, 'unknown'));
    });
    return () => {
      cancelled = true;
    };
  }, [servers]);

  // Until the effect above has run for a new list, its servers with the bot are still loading.
  if (servers && statuses.for !== servers) {
    return new Map(
      servers.filter((s) => s.bot_added).map((s) => [s.server_id, 'loading' as const]),
    );
  }
  return statuses.entries;
}
