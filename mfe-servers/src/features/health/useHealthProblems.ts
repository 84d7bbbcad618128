import type { HealthProblem, Server } from '@roconnect/shared-lib';
import { useServerHealths } from '@roconnect/shared-lib/query';
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
  const ids = (servers ?? [])
    .filter((server) => checkable(server, statuses.get(server.server_id)))
    .map((server) => server.server_id);
  const reads = useServerHealths(ids);

  const problems = new Map<string, HealthProblem[]>();
  ids.forEach((id, index) => {
    const health = reads[index]?.data;
    if (health && !reads[index]!.isError) problems.set(id, health.ok ? [] : health.problems);
  });
  return problems;
}
