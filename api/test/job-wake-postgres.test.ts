/**
 * PostgreSQL only (PGlite has one process): a member update queued by one replica wakes the
 * workers of the others through the change feed's notification, so none waits for its next look;
 * a notification that fails costs only that.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/client';
import { memberUpdateRuns, users } from '../src/db/schema';
import { MEMBER_UPDATE_QUEUE } from '../src/jobs/member-update-job';
import { createRun } from '../src/jobs/member-update-store';
import { eq } from 'drizzle-orm';
import { testSettings } from './support/app';
import { openTestDatabase, type TestDatabase } from './support/db';
import { createFakeIntegrations } from './support/fake-integrations';
import { loginAs } from './support/fake-login';
import { GUILD_A, GUILD_C, OLIVIA, standardWorld } from './support/world';

let tdb: TestDatabase;
const apps: FastifyInstance[] = [];
const others: Database[] = [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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

/** Counts the member-update worker's looks (pg-boss's `FOR UPDATE SKIP LOCKED` fetch) on `database`. */
function countLooks(database: Database) {
  const counted = { looks: 0 };
  const raw = database.raw;
  database.raw = (text, values) => {
    if (/SKIP LOCKED/i.test(text) && values?.[0] === MEMBER_UPDATE_QUEUE) counted.looks += 1;
    return raw(text, values);
  };
  return counted;
}

async function until(timeoutMs: number, check: () => boolean) {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await sleep(20);
  return check();
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
  const first = countLooks(tdb.database);
  const replicaA = await startReplica(tdb.database);
  expect(await until(5000, () => first.looks === 1)).toBe(true); // its look at start

  // a run waiting with no worker on it: the next replica to start queues it
  await loginAs(replicaA, OLIVIA);
  const db = tdb.database.db;
  const [requester] = await db.select().from(users).where(eq(users.discordId, OLIVIA));
  await createRun(db, GUILD_A, requester!.id);
  const second = await tdb.reopen();
  others.push(second);
  await startReplica(second);

  expect(await until(5000, () => first.looks >= 2)).toBe(true);
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
  const deadline = Date.now() + 5000;
  while ((await status()) === 'queued' && Date.now() < deadline) await sleep(50);
  // taken (and ended at once: the server's setup is not complete)
  expect(await status()).toBe('failed');
});
