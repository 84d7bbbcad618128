import { useCallback, useEffect, useState } from 'react';
import {
  api,
  dashboardPath,
  navigate,
  session,
  toast,
  type ServerEditData,
} from '@roconnect/shared-lib';

export const LOAD_FAILED_MESSAGE = 'Failed to load server configuration';

type EditDataState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ServerEditData };

/**
 * Configuration data without its server_config is invalid and counts as a failed load
 * (docs/product.md › Server configuration).
 */
function requireEditData(data: ServerEditData | undefined): ServerEditData {
  if (!data || typeof data.server_config !== 'object' || data.server_config === null) {
    throw new Error('Invalid server configuration data');
  }
  return { ...data, roles: Array.isArray(data.roles) ? data.roles : [], group: data.group ?? null };
}

/**
 * Loads the edit view of one server. A failed load says so and goes to /dashboard;
 * `refresh` reloads quietly after a save so new roles and group ranks show up.
 */
export function useServerEditData(serverId: string) {
  const [state, setState] = useState<EditDataState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    api.server
      .edit(serverId)
      .then(requireEditData)
      .then(
        (data) => {
          if (!cancelled) setState({ status: 'ready', data });
        },
        () => {
          if (cancelled) return;
          setState({ status: 'failed' });
          // Signed out by a 401 (e.g. a signed-out visit): the user is on their way to /login,
          // where this page's error would be a stray toast.
          if (!session.isAuthenticated()) return;
          toast.error(LOAD_FAILED_MESSAGE);
          navigate(dashboardPath('servers'));
        },
      );
    return () => {
      cancelled = true;
    };
  }, [serverId]);

  const refresh = useCallback(async () => {
    try {
      const data = requireEditData(await api.server.edit(serverId));
      setState({ status: 'ready', data });
    } catch {
      // The save itself succeeded; the page keeps what it shows until the next visit.
    }
  }, [serverId]);

  return { state, refresh };
}
