/**
 * How often the job engine's workers look for work. Each look is a query; on PGlite it runs in the
 * API's own thread, so an idle API should look rarely, and a queued job must not wait for the next
 * look (job-wake-postgres.test.ts: one queued by another replica).
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { memberUpdateRuns, users } from '../../src/db/schema';
import { MEMBER_UPDATE_QUEUE } from '../../src/features/member-updates/jobs/member-update-job';
import { createRun } from '../../src/features/member-updates/store';
import { startJobEngine } from '../../src/lib/job-engine';
import { PURGE_QUEUE } from '../../src/domain/maintenance/purge-job';
import { testSettings } from '../support/app';
import { useTestDatabase } from '../support/db';
import { recordJobLooks } from '../support/job-looks';
import { createFakeIntegrations } from '../support/fake-integrations';
import { completeSetup, loginAs } from '../support/fake-login';
import { until } from '../support/until';
import { GUILD_A, GUILD_B, GUILD_C, OLIVIA, standardWorld } from '../support/world';

const tdb = useTestDatabase({ emptyEachTest: false });
let app: FastifyInstance | undefined;

const silentLog = { warn: () => undefined, info: () => undefined } as never;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startApi(env: Record<string, string> = {}) {
  app = await buildApp({
    settings: testSettings(env),
    integrations: createFakeIntegrations(standardWorld()),
    database: tdb.database,
    logger: false,
    jobs: true,
  });
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** pg-boss's own queue, where due scheduled jobs (the hourly purge) wait to be queued */
const SCHEDULED_JOBS_QUEUE = '__pgboss__send-it';

it('an idle API looks for member updates, purges and scheduled jobs once at start, then not for seconds', async () => {
  const looks = recordJobLooks(tdb.database);
  try {
    await startApi();
    // longer than pg-boss's 5 s between looks for due scheduled jobs, and the old 1 s and 5 s
    await sleep(5500);
  } finally {
    looks.stop();
  }
  expect({
    memberUpdates: looks.for(MEMBER_UPDATE_QUEUE),
    purges: looks.for(PURGE_QUEUE),
    scheduled: looks.for(SCHEDULED_JOBS_QUEUE),
  }).toEqual({ memberUpdates: 1, purges: 1, scheduled: 1 });
});

it('a member update queued here starts at once, not at the next look', async () => {
  // an hour between looks: only being told can start it
  const api = await startApi({ MEMBER_UPDATE_POLL_SECONDS: '3600' });
  const olivia = await loginAs(api, OLIVIA);
  await completeSetup(api, olivia, GUILD_A);
  const update = `/api/v1/server/${GUILD_A}/members/update`;
  const started = await api.inject({ method: 'POST', url: update, headers: olivia.headers });
  expect(started.statusCode).toBe(202);
  const jobId: string = started.json().data.job_id;
  const status = async () =>
    (await api.inject({ method: 'GET', url: `${update}/${jobId}`, headers: olivia.headers })).json()
      .data.status;
  const taken = await until('the run to be taken', status, (now) => now !== 'queued', {
    timeoutMs: 20_000,
    everyMs: 100,
  });
  expect(['running', 'done']).toContain(taken);
});

it('jobs found waiting when a worker is woken once are all taken, one after the other, without waiting for its next look', async () => {
  // an hour between looks, and sweeps of quiet runs ten minutes apart
  const api = await startApi({
    MEMBER_UPDATE_POLL_SECONDS: '3600',
    MEMBER_UPDATE_LEASE_SECONDS: '600',
  });
  await loginAs(api, OLIVIA);
  // two servers' runs (not the server of the test above, whose run may still be going), queued by
  // another replica while this worker slept; their setup is not complete, so each ends when taken
  const db = tdb.database.db;
  const [requester] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  const runs = [
    (await createRun(db, GUILD_B, requester!.id)).run.id,
    (await createRun(db, GUILD_C, requester!.id)).run.id,
  ];
  const other = await startJobEngine(tdb.database, silentLog);
  try {
    for (const runId of runs) await other.send(MEMBER_UPDATE_QUEUE, { runId });
  } finally {
    await other.stop({ graceful: false, wait: true });
  }
  // one wake for both (notifications arriving together)
  api.changes.publish('jobs', `${MEMBER_UPDATE_QUEUE}|another-replica`);

  const statuses = async () =>
    (await db.select().from(memberUpdateRuns).where(inArray(memberUpdateRuns.id, runs)))
      .map((run) => run.status)
      .sort();
  // taken (running for a moment) and ended
  const ended = await until(
    'both runs to be taken and ended',
    statuses,
    (now) => !now.includes('queued') && !now.includes('running'),
    { timeoutMs: 10_000, everyMs: 100 },
  );
  expect(ended).toEqual(['failed', 'failed']);
});
