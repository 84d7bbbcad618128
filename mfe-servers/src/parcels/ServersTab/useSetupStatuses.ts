import { useEffect, useState } from 'react';
import { api, type Server, type SetupStatus } from '@roconnect/shared-lib';

/** 'loading' while the call runs; 'unknown' when it failed (docs/product.md › Servers tab). */
export type SetupStatusEntry = SetupStatus | 'loading' | 'unknown';

/**
 * The setup status of every listed server that has the bot, loaded once per list. A new list (the
 * dashboard reloads after a setup or a sync) keeps each server's last known status until its new
 * one arrives: the card's button does not flicker to a disabled 'Loading...' under the pointer.
 */
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
    setStatuses((current) => ({
      for: servers,
      entries: startingEntries(withBot, current.entries),
    }));

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

  // Until the effect above has run for a new list, its servers are as they start there.
  if (servers && statuses.for !== servers)
    return startingEntries(
      servers.filter((s) => s.bot_added),
      statuses.entries,
    );
  return statuses.entries;
}

/** A new list's entries: each server's last known status, 'loading' for the ones not known yet. */
function startingEntries(
  withBot: Server[],
  known: ReadonlyMap<string, SetupStatusEntry>,
): Map<string, SetupStatusEntry> {
  return new Map(
    withBot.map((server) => {
      const last = known.get(server.server_id);
      return [server.server_id, last && last !== 'loading' ? last : 'loading'];
    }),
  );
}
