/**
 * How often the job engine's workers look for work. Each look is a query; on PGlite it runs in the
 * API's own thread, so an idle API should look rarely, and a job queued by this process must not
 * wait for the next look.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { buildApp } from '../src/app';
import { MEMBER_UPDATE_QUEUE } from '../src/jobs/member-update-job';
import { PURGE_QUEUE } from '../src/jobs/purge-job';
import { testSettings } from './support/app';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './support/db';
import { createFakeIntegrations } from './support/fake-integrations';
import { completeSetup, loginAs } from './support/fake-login';
import { GUILD_A, OLIVIA, standardWorld } from './support/world';

let tdb: TestDatabase;
let app: FastifyInstance | undefined;
/** the queue each job-fetching query asked for, in order */
let looks: string[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts pg-boss's fetches (its only `FOR UPDATE SKIP LOCKED` query) per queue. */
function countLooks(database: Database) {
  const raw = database.raw;
  database.raw = (text, values) => {
    if (/SKIP LOCKED/i.test(text) && typeof values?.[0] === 'string') looks.push(values[0]);
    return raw(text, values);
  };
  return () => {
    database.raw = raw;
  };
}

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

beforeAll(async () => {
  tdb = await openTestDatabase();
});
beforeEach(() => {
  looks = [];
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});
afterAll(async () => {
  await tdb?.cleanup();
});

const lookedFor = (queue: string) => looks.filter((name) => name === queue).length;

it('an idle API looks for member updates every 5 s on PGlite (1 s on PostgreSQL) and for purges every 30 s', async () => {
  const restore = countLooks(tdb.database);
  try {
    await startApi();
    await sleep(3200);
  } finally {
    restore();
  }
  // the first look of each worker is at start
  expect(lookedFor(PURGE_QUEUE)).toBe(1);
  if (TEST_DATABASE_URL) expect(lookedFor(MEMBER_UPDATE_QUEUE)).toBeGreaterThanOrEqual(3);
  else expect(lookedFor(MEMBER_UPDATE_QUEUE)).toBe(1);
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
  const deadline = Date.now() + 20_000;
  while ((await status()) === 'queued' && Date.now() < deadline) await sleep(100);
  expect(['running', 'done']).toContain(await status());
});
