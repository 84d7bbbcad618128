import type { MemberUpdateJob } from '../../contract/memberUpdates';
import { MEMBER_UPDATE_ROUTES } from '../../contract/apiRoutes';
import type { User } from '../../contract/types';
import { recordSettingChange } from '../console';
import type { MockDb, MockServer } from '../db';
import { fail, ok } from '../respond';
import { restrictionOf } from '../rules';
import { handle, onManagedServer } from './route';

type JobParams = { id: string; jobId: string };

/** A run as the mock keeps it: the job less its caller's view, and the kicks and bans it would make. */
interface MockRun {
  job: Omit<MemberUpdateJob, 'caller_is_owner'>;
  /** members a kick or ban restriction catches */
  caught: number;
  /** kicks and bans it may make before the owner is asked */
  limit: number;
}

/** Each server's runs, newest last; a reset of the data set gives new server objects, so no runs. */
const runs = new WeakMap<MockServer, MockRun[]>();
const runsOf = (server: MockServer) => {
  const list = runs.get(server) ?? [];
  runs.set(server, list);
  return list;
};

/** The API's defaults (MAX_UNCONFIRMED_REMOVAL_SHARE 10 %, at least 3; docs/production.md). */
const SHARE_PERCENT = 10;
const FLOOR = 3;

/** The members a run would kick or ban: with kick or ban chosen, those a restriction catches. */
function caughtMembers(db: MockDb, server: MockServer): number {
  if (!server.restrictions || server.restrictions.action === 'deny') return 0;
  return server.members.filter((m) =>
    db.linkedAccounts.some(
      (a) => a.owner_id === m.user_id && restrictionOf(server, a.roblox_id) !== null,
    ),
  ).length;
}

/**
 * Every read of a running job moves it on by one member, so pages can show progress. Once every
 * member is handled, a run that would remove more than its share waits for the owner.
 */
function advance(run: MockRun) {
  const { job } = run;
  if (job.status === 'queued') job.status = 'running';
  else if (job.status === 'running') {
    const held = Math.max(0, run.caught - run.limit);
    job.done = Math.min(job.total - held, job.done + 1);
    if (job.done + job.failed >= job.total - held) {
      job.removed = Math.min(run.caught, run.limit);
      if (held > 0) {
        job.status = 'waiting_for_owner';
        job.removals_waiting = held;
      } else {
        job.status = 'done';
        job.finished_at = new Date().toISOString();
      }
    }
  }
}

export function memberUpdateHandlers(db: MockDb) {
  const onServer = onManagedServer(db);
  const isOwner = (server: MockServer, user: User) =>
    server.members.some((m) => m.user_id === user.id && m.owner);
  /** the run as its caller sees it: whether they may allow its removals */
  const view = (run: MockRun, server: MockServer, user: User): MemberUpdateJob => ({
    ...run.job,
    caller_is_owner: isOwner(server, user),
  });
  const findRun = (server: MockServer, jobId: string) =>
    runsOf(server).find((r) => r.job.job_id === jobId);
  const noSuchJob = () =>
    fail(404, 'member_update_not_found', 'There is no member update with this id in this server.');
  const isActive = (run: MockRun) =>
    ['queued', 'running', 'waiting_for_owner'].includes(run.job.status);

  return [
    handle(
      MEMBER_UPDATE_ROUTES.start,
      onServer(async (server, request) => {
        if (!server.setup.setup_completed)
          return fail(409, 'setup_incomplete', 'The bot setup of this server is not complete yet.');
        const body = (await request.json().catch(() => null)) as { role_id?: unknown } | null;
        const roleId = typeof body?.role_id === 'string' ? body.role_id : null;
        if (roleId && (roleId === server.server_id || !server.roles.some((r) => r.id === roleId)))
          return fail(
            400,
            'role_not_found',
            `body.role_id: the role ${roleId} does not exist in this server.`,
          );
        const list = runsOf(server);
        const active = list.find(isActive);
        if (active) return ok({ job_id: active.job.job_id }, 202);
        const members = roleId
          ? server.members.filter((m) => (server.member_roles[m.user_id] ?? []).includes(roleId))
          : server.members;
        const run: MockRun = {
          job: {
            job_id: `00000000-0000-4000-8000-${String(list.length + 1).padStart(12, '0')}`,
            status: 'queued',
            total: members.length,
            done: 0,
            failed: 0,
            removed: 0,
            removals_waiting: 0,
            role_id: roleId,
            started_at: new Date().toISOString(),
            finished_at: null,
          },
          caught: caughtMembers(db, server),
          limit: Math.max(FLOOR, Math.floor((server.members.length * SHARE_PERCENT) / 100)),
        };
        list.push(run);
        return ok({ job_id: run.job.job_id }, 202);
      }),
    ),
    handle(
      MEMBER_UPDATE_ROUTES.latest,
      onServer((server, _request, user) => {
        const latest = runsOf(server).at(-1);
        return ok(latest ? view(latest, server, user) : null);
      }),
    ),
    handle(
      MEMBER_UPDATE_ROUTES.job,
      onServer((server, _request, user, { jobId }: JobParams) => {
        const run = findRun(server, jobId);
        if (!run) return noSuchJob();
        advance(run);
        return ok(view(run, server, user));
      }),
    ),
    handle(
      MEMBER_UPDATE_ROUTES.cancel,
      onServer((server, _request, user, { jobId }: JobParams) => {
        const run = findRun(server, jobId);
        if (!run) return noSuchJob();
        if (isActive(run)) {
          run.job.status = 'cancelled';
          run.job.finished_at = new Date().toISOString();
        }
        return ok(view(run, server, user));
      }),
    ),
    handle(
      MEMBER_UPDATE_ROUTES.confirmRemovals,
      onServer((server, _request, user, { jobId }: JobParams) => {
        const run = findRun(server, jobId);
        if (!run) return noSuchJob();
        const { job } = run;
        const waiting = job.removals_waiting;
        if (!isOwner(server, user))
          return fail(
            403,
            'owner_only',
            `Only the server owner can allow this update to remove ${waiting} member${waiting === 1 ? '' : 's'}. Ask the owner to open this page, or cancel the update.`,
          );
        if (job.status !== 'waiting_for_owner')
          return fail(
            409,
            'no_removals_waiting',
            'This update is not waiting for anyone to allow removals.',
          );
        const what = `${waiting} member${waiting === 1 ? '' : 's'}`;
        recordSettingChange(
          db,
          server,
          user,
          'restrictions',
          `Update of all members ${job.job_id}: ${what} waiting to be kicked or banned`,
          `Update of all members ${job.job_id}: the owner allowed ${what} to be kicked or banned`,
        );
        run.limit = job.removed + waiting;
        job.removals_waiting = 0;
        job.status = 'queued';
        return ok({ ...job, caller_is_owner: true });
      }),
    ),
  ];
}
