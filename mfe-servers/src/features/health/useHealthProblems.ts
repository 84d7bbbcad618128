import { useEffect, useState } from 'react';
import { api, type HealthProblem, type Server } from '@roconnect/shared-lib';
import type { SetupStatusEntry } from '../../parcels/ServersTab/useSetupStatuses';

/** Whether a card's server can be checked: managed, the bot in, setup complete. */
const checkable = (server: Server, status: SetupStatusEntry | undefined) =>
  server.can_manage &&
  server.bot_added &&
  typeof status === 'object' &&
  status.setup_completed === true;

/**
 * The bot's problems in each checkable server (server id → problems; absent while unknown or
 * when the check failed: a failed check is no reason to alarm the owner).
 */
export function useHealthProblems(
  servers: Server[] | null,
  statuses: ReadonlyMap<string, SetupStatusEntry>,
): ReadonlyMap<string, HealthProblem[]> {
  const [problems, setProblems] = useState<Map<string, HealthProblem[]>>(new Map());
  const ids = (servers ?? [])
    .filter((server) => checkable(server, statuses.get(server.server_id)))
    .map((server) => server.server_id)
    .join(',');

  useEffect(() => {
    let cancelled = false;
    setProblems(new Map());
    for (const id of ids ? ids.split(',') : []) {
      api.server.health(id).then(
        (health) => {
          if (cancelled) return;
          setProblems((current) => new Map(current).set(id, health.ok ? [] : health.problems));
        },
        () => undefined,
      );
    }
    return () => {
      cancelled = true;
    };
  }, [ids]);

  return problems;
}
