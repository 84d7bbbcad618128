import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type AuditEntry } from '@roconnect/shared-lib';

export const AUDIT_PAGE_SIZE = 25;

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

/** The audit log, newest first, one page at a time; `member` filters by Discord id. */
export function useAuditLog(serverId: string, member: string | null, revision = 0) {
  const [state, setState] = useState<AuditState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const generation = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    setState({ status: 'loading' });
    api.server.audit(serverId, { member, limit: AUDIT_PAGE_SIZE }).then(
      (page) =>
        mine === generation.current &&
        setState({
          status: 'ready',
          entries: page.entries,
          nextBefore: page.next_before,
          loadingMore: false,
          moreFailed: false,
        }),
      () => mine === generation.current && setState({ status: 'failed' }),
    );
  }, [serverId, member, revision, attempt]);

  const loadMore = useCallback(async () => {
    if (state.status !== 'ready' || !state.nextBefore || state.loadingMore) return;
    const mine = generation.current;
    setState({ ...state, loadingMore: true, moreFailed: false });
    try {
      const page = await api.server.audit(serverId, {
        member,
        before: state.nextBefore,
        limit: AUDIT_PAGE_SIZE,
      });
      if (mine !== generation.current) return;
      setState({
        status: 'ready',
        entries: [...state.entries, ...page.entries],
        nextBefore: page.next_before,
        loadingMore: false,
        moreFailed: false,
      });
    } catch {
      if (mine === generation.current) setState({ ...state, loadingMore: false, moreFailed: true });
    }
  }, [state, serverId, member]);

  return { state, loadMore, retry: () => setAttempt((n) => n + 1) };
}
