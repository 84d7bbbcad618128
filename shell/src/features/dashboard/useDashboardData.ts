import { useCallback, useState } from 'react';
import type { Server } from '@roconnect/shared-lib';
import {
  dashboardChanged,
  showSyncedServers,
  useDashboard,
  usePageQueryClient,
  type DashboardData,
} from '@roconnect/shared-lib/query';
import { takeBootDashboardLoad } from './bootDashboardLoad';

export type DashboardState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; data: DashboardData; refreshing: boolean };

/**
 * The dashboard's data from the page's query cache, reloadable (Try Again, after setup, after an
 * unlink): Try Again after a failure shows the loading state, a reload of shown data keeps it
 * visible.
 */
export function useDashboardData() {
  const client = usePageQueryClient();
  const [showBootLoad] = useState(takeBootDashboardLoad);
  const read = useDashboard({ showLoaded: showBootLoad });

  const reload = useCallback(() => void dashboardChanged(client), [client]);
  const replaceServers = useCallback(
    (servers: Server[]) => showSyncedServers(client, servers),
    [client],
  );

  let state: DashboardState;
  if (read.isError) state = { status: read.isFetching ? 'loading' : 'failed' };
  else if (read.data) state = { status: 'ready', data: read.data, refreshing: read.isFetching };
  else state = { status: 'loading' };
  return { state, reload, replaceServers };
}
