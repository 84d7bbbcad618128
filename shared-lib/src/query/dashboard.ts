import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { session } from '../api/session';
import type { LinkedAccount, Server } from '../contract/types';
import { primeFromEarlyLoad, readPrimedOnce } from './earlyAnswers';
import { linkedAccountsQuery, robloxStatusQuery, userServersQuery } from './queries';
import { queryKeys } from './queryKeys';

export interface DashboardData {
  accounts: LinkedAccount[];
  servers: Server[];
  /** `/roblox/status` configured; null when that call failed (unknown, not "not configured") */
  robloxConfigured: boolean | null;
}

/**
 * The dashboard's load (docs/product.md › Dashboard): a token refresh first (its failure is
 * ignored), then accounts, servers and the Roblox status together; only the status may fail, and
 * silently. Each read goes through the cache under its own key, so the tabs and the page's early
 * load (earlyAnswers.ts) share them.
 */
export async function loadDashboard(client: QueryClient): Promise<DashboardData> {
  void primeFromEarlyLoad(client);
  await session.refresh().catch(() => false);
  const [accounts, servers, robloxConfigured] = await Promise.all([
    readPrimedOnce(client, linkedAccountsQuery()),
    readPrimedOnce(client, userServersQuery()),
    readPrimedOnce(client, robloxStatusQuery()).then(
      (status) => status.configured,
      () => null,
    ),
  ]);
  return { accounts, servers, robloxConfigured };
}

export const dashboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.dashboard(),
    queryFn: ({ client }) => loadDashboard(client),
  });

/** A sync answered a fresh server list: the dashboard and the list show it at once. */
export function showSyncedServers(client: QueryClient, servers: Server[]): void {
  client.setQueryData(queryKeys.userServers(), servers);
  client.setQueryData<DashboardData>(queryKeys.dashboard(), (data) =>
    data ? { ...data, servers } : data,
  );
}
