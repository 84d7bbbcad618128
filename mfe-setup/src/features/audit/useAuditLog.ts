import type { AuditEntry, AuditFilter } from '@roconnect/shared-lib';
import { AUDIT_PAGE_SIZE, useAuditLog as useAuditLogRead } from '@roconnect/shared-lib/query';

export { AUDIT_PAGE_SIZE };

export type AuditState =
  | { status: 'loading' }
  | { status: 'failed' }
  | {
      status: 'ready';
      entries: AuditEntry[];
      nextBefore: string | null;
      loadingMore: boolean;
      moreFailed: boolean;
    };

/**
 * The audit log, newest first, one page at a time (an infinite query of the page's cache), with
 * the filters that are set. A change to the server starts it again at its newest page
 * (serverChanged).
 */
export function useAuditLog(serverId: string, filter: AuditFilter | null) {
  const read = useAuditLogRead(serverId, filter);
  const pages = read.data?.pages ?? [];

  let state: AuditState;
  if (read.isFetching && !read.isFetchingNextPage) state = { status: 'loading' };
  else if (read.isError && !read.isFetchNextPageError) state = { status: 'failed' };
  else if (pages.length === 0) state = { status: 'loading' };
  else
    state = {
      status: 'ready',
      entries: pages.flatMap((page) => page.entries),
      nextBefore: pages.at(-1)?.next_before ?? null,
      loadingMore: read.isFetchingNextPage,
      // a failed "Load more" asked again is loading, not failed
      moreFailed: read.isFetchNextPageError && !read.isFetchingNextPage,
    };

  const loadMore = async () => {
    if (state.status !== 'ready' || !state.nextBefore || state.loadingMore) return;
    await read.fetchNextPage();
  };
  return { state, loadMore, retry: () => void read.refetch() };
}
