import { useEffect, useRef } from 'react';
import type { Server, SetupStatus } from '@roconnect/shared-lib';
import {
  queryKeys,
  usePageQueryClient,
  useSetupStatuses as useSetupStatusReads,
} from '@roconnect/shared-lib/query';

/** 'loading' while the call runs; 'unknown' when it failed (docs/product.md › Servers tab). */
export type SetupStatusEntry = SetupStatus | 'loading' | 'unknown';

/**
 * The setup status of every listed server that has the bot, from the page's query cache. A new
 * list (the dashboard read again after a setup or a sync) reads them again, and each server keeps
 * its last known status until the new one arrives: the card's button does not flicker to a
 * disabled 'Loading...' under the pointer.
 */
export function useSetupStatuses(servers: Server[] | null): ReadonlyMap<string, SetupStatusEntry> {
  const client = usePageQueryClient();
  const ids = (servers ?? []).filter((server) => server.bot_added).map((s) => s.server_id);
  const reads = useSetupStatusReads(ids);

  const shownList = useRef(servers);
  useEffect(() => {
    const previous = shownList.current;
    if (previous === servers) return;
    shownList.current = servers;
    // a server new to the list is being read already
    const shownBefore = new Set(previous?.map((server) => server.server_id));
    for (const id of ids.filter((id) => shownBefore.has(id)))
      void client.invalidateQueries({ queryKey: queryKeys.setupStatus(id) });
    // the list is what changed: `ids` follows from it
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [servers, client]);

  return new Map(
    ids.map((id, index) => {
      const read = reads[index]!;
      const entry: SetupStatusEntry = read.isError ? 'unknown' : (read.data ?? 'loading');
      return [id, entry];
    }),
  );
}
