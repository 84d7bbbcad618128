import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, memberUpdatesApi, type MemberUpdateJob } from '@roconnect/shared-lib';
import {
  queryKeys,
  serverChanged,
  useApiMutation,
  usePageQueryClient,
} from '@roconnect/shared-lib/query';
import { secondsLeft, type ProgressSample } from './timeLeft';

/** A run that moves on by itself, so the page follows it. */
export const isActive = (job: MemberUpdateJob | null) =>
  job?.status === 'queued' || job?.status === 'running';

/** A run that does nothing until the server's owner allows its kicks and bans, or it is cancelled. */
export const isWaitingForOwner = (job: MemberUpdateJob | null) =>
  job?.status === 'waiting_for_owner';

interface State {
  /** the run on show: the latest one, or the one just started */
  job: MemberUpdateJob | null;
  loading: boolean;
  error: string | null;
  /** estimated seconds left, null while unknown */
  secondsLeft: number | null;
}

/**
 * The server's member update: loads the latest run (so a reload shows a run still going), polls
 * it every `pollMs` while it is queued or running, and starts or cancels one. The server's owner
 * allows the kicks and bans of a run waiting for them, and the page follows it again.
 */
export function useMemberUpdate(serverId: string, pollMs = 1000) {
  const [state, setState] = useState<State>({
    job: null,
    loading: true,
    error: null,
    secondsLeft: null,
  });
  const firstSample = useRef<ProgressSample | null>(null);
  const client = usePageQueryClient();
  // reads through the page cache, each answer fresh (a run moves on between polls)
  const readJob = useCallback(
    (jobId: string) =>
      client.fetchQuery({
        queryKey: [...queryKeys.server(serverId), 'member-update', jobId],
        queryFn: () => memberUpdatesApi.job(serverId, jobId),
      }),
    [client, serverId],
  );
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const alive = useRef(true);

  const show = useCallback((job: MemberUpdateJob | null) => {
    if (!alive.current) return;
    const handled = job ? job.done + job.failed : 0;
    const sample = { at: Date.now(), handled };
    if (!isActive(job)) firstSample.current = null;
    else if (!firstSample.current || handled < firstSample.current.handled)
      firstSample.current = sample;
    setState((s) => ({
      ...s,
      job,
      loading: false,
      secondsLeft:
        job && firstSample.current ? secondsLeft(firstSample.current, sample, job.total) : null,
    }));
  }, []);

  const follow = useCallback(
    (job: MemberUpdateJob | null) => {
      show(job);
      clearTimeout(timer.current);
      if (!job || !isActive(job)) return;
      timer.current = setTimeout(() => {
        readJob(job.job_id).then(follow, (err: unknown) => {
          if (!alive.current) return;
          setState((s) => ({ ...s, error: apiErrorMessage(err, 'Could not read the update.') }));
          // keep following: one failed read must not hide a run that is still going
          follow(job);
        });
      }, pollMs);
    },
    [readJob, pollMs, show],
  );

  useEffect(() => {
    alive.current = true;
    client
      .fetchQuery({
        queryKey: [...queryKeys.server(serverId), 'member-update'],
        queryFn: () => memberUpdatesApi.latest(serverId),
      })
      .then(follow, () => show(null));
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [client, serverId, follow, show]);

  const startRun = useApiMutation({
    call: async (roleId: string | null) => {
      const { job_id: jobId } = await memberUpdatesApi.start(serverId, roleId);
      return readJob(jobId);
    },
  });
  const cancelRun = useApiMutation({
    call: (jobId: string) => memberUpdatesApi.cancel(serverId, jobId),
  });
  const allowRun = useApiMutation({
    call: (jobId: string) => memberUpdatesApi.confirmRemovals(serverId, jobId),
    // the audit log has a new entry: who allowed how many
    changes: (queryClient) => serverChanged(queryClient, serverId),
  });

  /** `roleId`: update only the members holding that role; null: everyone */
  const start = useCallback(
    async (roleId: string | null = null) => {
      setState((s) => ({ ...s, error: null }));
      const started = await startRun.run(roleId);
      if (started.ok) {
        firstSample.current = null;
        follow(started.data);
      } else if (alive.current) {
        const error = apiErrorMessage(started.error, 'Could not start the update.');
        setState((s) => ({ ...s, error }));
      }
    },
    [startRun, follow],
  );

  /** Sends `action` for the run on show and follows the run it answers with. */
  const actOnJob = useCallback(
    async (action: Pick<typeof cancelRun, 'run'>, failure: string) => {
      const job = state.job;
      if (!job) return;
      setState((s) => ({ ...s, error: null }));
      const answer = await action.run(job.job_id);
      if (answer.ok) follow(answer.data);
      else if (alive.current) {
        const error = apiErrorMessage(answer.error, failure);
        setState((s) => ({ ...s, error }));
      }
    },
    [state.job, follow],
  );
  const cancel = useCallback(
    () => actOnJob(cancelRun, 'Could not cancel the update.'),
    [actOnJob, cancelRun],
  );
  const allowRemovals = useCallback(
    () => actOnJob(allowRun, 'Could not allow the removals.'),
    [actOnJob, allowRun],
  );

  return {
    ...state,
    starting: startRun.isPending,
    cancelling: cancelRun.isPending,
    allowing: allowRun.isPending,
    start,
    cancel,
    allowRemovals,
  };
}
