/**
 * PostgreSQL only (PGlite has one process): a member update queued by one replica wakes the
 * workers of the others through the change feed's notification, so none waits for its next look;
 * a notification that fails costs only that.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/client';
import { memberUpdateRuns, users } from '../../src/db/schema';
import { MEMBER_UPDATE_QUEUE } from '../../src/features/member-updates/jobs/member-update-job';
import { createRun } from '../../src/features/member-updates/store';
import { eq } from 'drizzle-orm';
import { testSettings } from '../support/app';
import { openTestDatabase, type TestDatabase } from '../support/db';
import { recordJobLooks } from '../support/job-looks';
import { createFakeIntegrations } from '../support/fake-integrations';
import { loginAs } from '../support/fake-login';
import { until } from '../support/until';
import { GUILD_A, GUILD_C, OLIVIA, standardWorld } from '../support/world';

let tdb: TestDatabase;
const apps: FastifyInstance[] = [];
const others: Database[] = [];

/** A replica: its own connections to the shared database, an hour between its workers' looks. */
async function startReplica(database: Database) {
  const app = await buildApp({
    settings: testSettings({
      MEMBER_UPDATE_POLL_SECONDS: '3600',
      MEMBER_UPDATE_LEASE_SECONDS: '600',
    }),
    integrations: createFakeIntegrations(standardWorld()),
    database,
    logger: false,
    jobs: true,
  });
  apps.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of others) await database.close();
  await tdb?.cleanup();
});

it('a member update queued by one replica wakes the worker of another at once', async () => {
  const looksOfA = recordJobLooks(tdb.database);
  const lookedForRuns = () => looksOfA.for(MEMBER_UPDATE_QUEUE);
  const replicaA = await startReplica(tdb.database);
  await until("replica A's look at start", lookedForRuns, (looks) => looks === 1);

  // a run waiting with no worker on it: the next replica to start queues it
  await loginAs(replicaA, OLIVIA);
  const db = tdb.database.db;
  const [requester] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  await createRun(db, GUILD_A, requester!.id);
  const second = await tdb.reopen();
  others.push(second);
  await startReplica(second);

  await until(
    "replica A's look for the run replica B queued",
    lookedForRuns,
    (looks) => looks >= 2,
  );
});

it('a replica whose notification fails still starts, and its own worker takes the run', async () => {
  const db = tdb.database.db;
  const [requester] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  const { run } = await createRun(db, GUILD_C, requester!.id);
  const broken = await tdb.reopen();
  others.push(broken);
  const raw = broken.raw;
  broken.raw = (text, values) =>
    /pg_notify/.test(text) ? Promise.reject(new Error('notify refused')) : raw(text, values);

  // its start-up sweep queues the waiting run, and the notification is refused
  await startReplica(broken);
  const status = async () =>
    (await db.select().from(memberUpdateRuns).where(eq(memberUpdateRuns.id, run.id)))[0]!.status;
  // taken (running for a moment) and ended at once: the server's setup is not complete
  const ended = await until(
    'the run to be taken and ended',
    status,
    (now) => now !== 'queued' && now !== 'running',
    { everyMs: 50 },
  );
  expect(ended).toBe('failed');
});
