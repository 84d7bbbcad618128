import { apiErrorMessage, apiErrorStatus, type ServerHealth } from '@roconnect/shared-lib';
import { useServerHealth as useServerHealthRead } from '@roconnect/shared-lib/query';

export type HealthState =
  | { status: 'loading' }
  /** `tooMany`: the API's words when the caller checked too often (429), to show as they are */
  | { status: 'failed'; tooMany?: string }
  | { status: 'ready'; health: ServerHealth };

/**
 * The bot's health in one server, checked live (the page's query cache keeps the last answer for
 * the dashboard's badges); every check shows as one, and `recheck` asks again.
 */
export function useServerHealth(serverId: string) {
  const read = useServerHealthRead(serverId);
  let state: HealthState;
  if (read.isFetching || read.isPending) state = { status: 'loading' };
  else if (read.isError)
    state =
      apiErrorStatus(read.error) === 429
        ? { status: 'failed', tooMany: apiErrorMessage(read.error) }
        : { status: 'failed' };
  else state = { status: 'ready', health: read.data };
  return { state, recheck: () => void read.refetch() };
}
