import { useCallback, useEffect, useState } from 'react';
import type { Server } from '@roconnect/shared-lib';
import { loadDashboardDataOnce, type DashboardData } from './loadDashboardData';

export type DashboardState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; data: DashboardData; refreshing: boolean };

/** The dashboard's data, reloadable (Try Again, after setup, after an unlink). */
export function useDashboardData() {
  const [state, setState] = useState<DashboardState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let cancelled = false;
    loadDashboardDataOnce()
      .then((data) => !cancelled && setState({ status: 'ready', data, refreshing: false }))
      .catch(() => !cancelled && setState({ status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [generation]);

  /** Try Again after a failure shows the loading state; a reload of shown data keeps it visible. */
  const reload = useCallback(() => {
    setState((current) =>
      current.status === 'ready' ? { ...current, refreshing: true } : { status: 'loading' },
    );
    setGeneration((n) => n + 1);
  }, []);

  const replaceServers = useCallback((servers: Server[]) => {
    setState((current) =>
      current.status === 'ready' ? { ...current, data: { ...current.data, servers } } : current,
    );
  }, []);

  return { state, reload, replaceServers };
}
