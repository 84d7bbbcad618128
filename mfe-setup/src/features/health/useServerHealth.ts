import { useCallback, useEffect, useState } from 'react';
import { api, apiErrorMessage, apiErrorStatus, type ServerHealth } from '@roconnect/shared-lib';

export type HealthState =
  | { status: 'loading' }
  /** `tooMany`: the API's words when the caller checked too often (429), to show as they are */
  | { status: 'failed'; tooMany?: string }
  | { status: 'ready'; health: ServerHealth };

/** The bot's health in one server, checked live; `recheck` asks again. */
export function useServerHealth(serverId: string, revision = 0) {
  const [state, setState] = useState<HealthState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    api.server.health(serverId).then(
      (health) => !cancelled && setState({ status: 'ready', health }),
      (error: unknown) =>
        !cancelled &&
        setState(
          apiErrorStatus(error) === 429
            ? { status: 'failed', tooMany: apiErrorMessage(error) }
            : { status: 'failed' },
        ),
    );
    return () => {
      cancelled = true;
    };
  }, [serverId, revision, attempt]);

  const recheck = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, recheck };
}
