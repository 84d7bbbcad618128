/** Identify throttling through the database: one identify per bucket per window, across processes. */
import { DatabaseIdentifyThrottler } from '../../src/gateway/identify-throttle';
import { openTestDatabase, type TestDatabase } from '../support/db';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => tdb?.cleanup());

const WINDOW_MS = 400;

it('lets one shard per bucket identify per window, whichever process asks', async () => {
  // two throttlers stand for two processes on one database
  const a = new DatabaseIdentifyThrottler(tdb.database.db, 2, WINDOW_MS);
  const b = new DatabaseIdentifyThrottler(tdb.database.db, 2, WINDOW_MS);
  const signal = new AbortController().signal;
  const started = Date.now();
  await a.waitForIdentify(0, signal);
  // shard 1 is in the other bucket: no wait
  await b.waitForIdentify(1, signal);
  expect(Date.now() - started).toBeLessThan(WINDOW_MS - 100);
  // shard 2 shares shard 0's bucket: it waits for the window to pass
  await b.waitForIdentify(2, signal);
  expect(Date.now() - started).toBeGreaterThanOrEqual(WINDOW_MS - 50);
});

it('stops waiting when the shard closes meanwhile', async () => {
  const throttler = new DatabaseIdentifyThrottler(tdb.database.db, 1, 60_000);
  await throttler.waitForIdentify(5, new AbortController().signal);
  const controller = new AbortController();
  const waiting = throttler.waitForIdentify(5, controller.signal);
  controller.abort();
  await expect(waiting).rejects.toThrow();
});

it('refuses a max_concurrency that is not a whole number of 1 or more', () => {
  expect(() => new DatabaseIdentifyThrottler(tdb.database.db, 0)).toThrow(
    'max_concurrency must be a whole number of 1 or more, got 0',
  );
});
