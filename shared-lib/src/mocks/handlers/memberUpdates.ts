import { http } from 'msw';
import type { MemberUpdateJob } from '../../contract/memberUpdates';
import { MEMBER_UPDATE_ROUTES } from '../../contract/apiRoutes';
import type { MockDb, MockServer } from '../db';
import { fail, guarded, ok, requireCaller } from '../respond';
import { requireManagedServer } from '../views';
import { route } from './route';

type Params = { id: string; jobId: string };

/** Each server's runs, newest last; a reset of the data set gives new server objects, so no runs. */
const runs = new WeakMap<MockServer, MemberUpdateJob[]>();
const runsOf = (server: MockServer) => {
  const list = runs.get(server) ?? [];
  runs.set(server, list);
  return list;
};

/** Every read of a running job moves it on by one member, so pages can show progress. */
function advance(job: MemberUpdateJob): MemberUpdateJob {
  if (job.status === 'queued') job.status = 'running';
  else if (job.status === 'running') {
    job.done = Math.min(job.total, job.done + 1);
    if (job.done + job.failed >= job.total) {
      job.status = 'done';
      job.finished_at = new Date().toISOString();
    }
  }
  return { ...job };
}

export function memberUpdateHandlers(db: MockDb) {
  const onServer = (handle: (server: MockServer, params: Params) => Response) =>
    guarded<Params>(({ request, params }) => {
      const { user } = requireCaller(db, request);
      return handle(requireManagedServer(db, params.id, user.id), params);
    });
  const findJob = (server: MockServer, jobId: string) =>
    runsOf(server).find((j) => j.job_id === jobId);
  const noSuchJob = () =>
    fail(404, 'member_update_not_found', 'There is no member update with this id in this server.');

  return [
    http.post<Params>(
      route(MEMBER_UPDATE_ROUTES.start.path),
      onServer((server) => {
        if (!server.setup.setup_completed)
          return fail(409, 'setup_incomplete', 'The bot setup of this server is not complete yet.');
        const list = runsOf(server);
        const active = list.find((j) => j.status === 'queued' || j.status === 'running');
        if (active) return ok({ job_id: active.job_id }, 202);
        const job: MemberUpdateJob = {
          job_id: `00000000-0000-4000-8000-${String(list.length + 1).padStart(12, '0')}`,
          status: 'queued',
          total: server.members.length,
          done: 0,
          failed: 0,
          started_at: new Date().toISOString(),
          finished_at: null,
        };
        list.push(job);
        return ok({ job_id: job.job_id }, 202);
      }),
    ),
    http.get<Params>(
      route(MEMBER_UPDATE_ROUTES.latest.path),
      onServer((server) => {
        const latest = runsOf(server).at(-1);
        return ok(latest ? { ...latest } : null);
      }),
    ),
    http.get<Params>(
      route(MEMBER_UPDATE_ROUTES.job.path),
      onServer((server, { jobId }) => {
        const job = findJob(server, jobId);
        return job ? ok(advance(job)) : noSuchJob();
      }),
    ),
    http.delete<Params>(
      route(MEMBER_UPDATE_ROUTES.cancel.path),
      onServer((server, { jobId }) => {
        const job = findJob(server, jobId);
        if (!job) return noSuchJob();
        if (job.status === 'queued' || job.status === 'running') {
          job.status = 'cancelled';
          job.finished_at = new Date().toISOString();
        }
        return ok({ ...job });
      }),
    ),
  ];
}
