import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, memberUpdatesApi, type MemberUpdateJob } from '@roconnect/shared-lib';
import { secondsLeft, type ProgressSample } from './timeLeft';

export const isActive = (job: MemberUpdateJob | null) =>
  job?.status === 'queued' || job?.status === 'running';

interface State {
  /** the run on show: the latest one, or the one just started */
  job: MemberUpdateJob | null;
  loading: boolean;
  starting: boolean;
  cancelling: boolean;
  error: string | null;
  /** estimated seconds left, null while unknown */
  secondsLeft: number | null;
}

/**
 * The server's member update: loads the latest run (so a reload shows a run still going), polls
 * it every `pollMs` while it is queued or running, and starts or cancels one.
 */
export function useMemberUpdate(serverId: string, pollMs = 1000) {
  const [state, setState] = useState<State>({
    job: null,
    loading: true,
    starting: false,
    cancelling: false,
    error: null,
    secondsLeft: null,
  });
  const firstSample = useRef<ProgressSample | null>(null);
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
        memberUpdatesApi.job(serverId, job.job_id).then(follow, (err: unknown) => {
          if (!alive.current) return;
          setState((s) => ({ ...s, error: apiErrorMessage(err, 'Could not read the update.') }));
          // keep following: one failed read must not hide a run that is still going
          follow(job);
        });
      }, pollMs);
    },
    [serverId, pollMs, show],
  );

  useEffect(() => {
    alive.current = true;
    memberUpdatesApi.latest(serverId).then(follow, () => show(null));
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, [serverId, follow, show]);

  const start = useCallback(async () => {
    setState((s) => ({ ...s, starting: true, error: null }));
    try {
      const { job_id: jobId } = await memberUpdatesApi.start(serverId);
      firstSample.current = null;
      follow(await memberUpdatesApi.job(serverId, jobId));
    } catch (err) {
      if (alive.current)
        setState((s) => ({ ...s, error: apiErrorMessage(err, 'Could not start the update.') }));
    } finally {
      if (alive.current) setState((s) => ({ ...s, starting: false }));
    }
  }, [serverId, follow]);

  const cancel = useCallback(async () => {
    const job = state.job;
    if (!job) return;
    setState((s) => ({ ...s, cancelling: true, error: null }));
    try {
      follow(await memberUpdatesApi.cancel(serverId, job.job_id));
    } catch (err) {
      if (alive.current)
        setState((s) => ({ ...s, error: apiErrorMessage(err, 'Could not cancel the update.') }));
    } finally {
      if (alive.current) setState((s) => ({ ...s, cancelling: false }));
    }
  }, [serverId, state.job, follow]);

  return { ...state, start, cancel };
}
