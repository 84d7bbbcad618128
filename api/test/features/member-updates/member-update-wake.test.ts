/**
 * The member-update worker's wiring to the change feed: the id it signs its queued-job notices
 * with is the one it ignores when they come back, so a job it queued wakes it once (directly),
 * not a second time through its own notification; another replica's notice still wakes it.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ChangeFeed, parseChange } from '../../../src/db/change-feed';
import type { Database } from '../../../src/db/client';
import type { JobEngine } from '../../../src/lib/job-engine';
import {
  MEMBER_UPDATE_QUEUE,
  registerMemberUpdateJob,
} from '../../../src/features/member-updates/jobs/member-update-job';
import type { Integrations } from '../../../src/integrations/types';
import { testSettings } from '../../support/app';
import { openTestDatabase, type TestDatabase } from '../../support/db';

const WORKER_ID = 'pg-boss-worker-1';
const SCHEMA = 'replica_schema';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => {
  await tdb?.cleanup();
});

it('a job the worker queued wakes it once: its own notice, heard back, does not wake it again', async () => {
  // the engine's side: which worker was woken, and how often
  const wakes: string[] = [];
  const boss = {
    createQueue: async () => undefined,
    work: async () => WORKER_ID,
    send: async () => 'job-1',
    notifyWorker: (id: string) => void wakes.push(id),
  } as unknown as JobEngine;
  // the notifying connection: what announceJobQueued would send, as PostgreSQL would deliver it
  const payloads: string[] = [];
  const notifier = {
    kind: 'postgres',
    raw: async (text: string, values: unknown[] = []) => {
      const [, queue, sender] = values as string[];
      if (/pg_notify/.test(text)) payloads.push(`${SCHEMA}|jobs|${queue}|${sender}`);
      return { rows: [] };
    },
  } as unknown as Database;
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => void warnings.push(args), info: () => undefined };
  const feed = new ChangeFeed();
  feed.setLive(true);
  const worker = await registerMemberUpdateJob(
    boss,
    { settings: testSettings(), db: tdb.database.db, integrations: {} as Integrations },
    log as unknown as FastifyBaseLogger,
    notifier,
    feed,
  );

  try {
    await worker.enqueue('run-1');
    expect(wakes).toEqual([WORKER_ID]); // woken directly, without waiting for the round trip
    expect(payloads).toHaveLength(1);

    // its own notification comes back through the feed, as every replica's does
    const [kind, key] = parseChange(payloads[0]!, SCHEMA)!;
    expect([kind, key.split('|')[0]]).toEqual(['jobs', MEMBER_UPDATE_QUEUE]);
    feed.publish(kind, key);
    expect(wakes).toHaveLength(1);

    // the same notice from another replica's worker wakes it
    feed.publish(kind, key.replace(/\|[^|]+$/, '|another-replica:1:0a0b0c0d'));
    expect(wakes).toEqual([WORKER_ID, WORKER_ID]);
    expect(warnings).toEqual([]);
  } finally {
    worker.stop();
  }
});
