import {
  dashboardPath,
  navigate,
  session,
  toast,
  type ServerEditData,
} from '@roconnect/shared-lib';
import { useEachFailure, useServerEdit } from '@roconnect/shared-lib/query';

export const LOAD_FAILED_MESSAGE = 'Failed to load server configuration';

type EditDataState =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: ServerEditData };

/**
 * The edit view of one server, from the page's query cache. A failed load says so and goes to
 * /dashboard (docs/product.md › Server configuration); once the page shows data, a failed read
 * after a save keeps it (the save itself succeeded) until the next visit.
 */
export function useServerEditData(serverId: string): { state: EditDataState } {
  const read = useServerEdit(serverId);
  useEachFailure(read, () => {
    if (read.data !== undefined) return;
    // Signed out by a 401 (e.g. a signed-out visit): the user is on their way to /login, where
    // this page's error would be a stray toast.
    if (!session.isAuthenticated()) return;
    toast.error(LOAD_FAILED_MESSAGE);
    navigate(dashboardPath('servers'));
  });

  if (read.data !== undefined) return { state: { status: 'ready', data: read.data } };
  return { state: { status: read.isError && !read.isFetching ? 'failed' : 'loading' } };
}
