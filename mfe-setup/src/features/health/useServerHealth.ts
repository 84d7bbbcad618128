import { useCallback, useEffect, useState } from 'react';
import { api, type ServerHealth } from '@roconnect/shared-lib';

export type HealthState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; health: ServerHealth };

/** The bot's health in one server, checked live; `recheck` asks again. */
export function useServerHealth(serverId: string, revision = 0) {
  const [state, setState] = useState<HealthState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    api.server.health(serverId).then(
      (health) => !cancelled && setState({ status: 'ready', health }),
      () => !cancelled && setState({ status: 'failed' }),
    );
    return () => {
      cancelled = true;
    };
  }, [serverId, revision, attempt]);

  const recheck = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, recheck };
}
