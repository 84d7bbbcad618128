/**
 * Identify throttling through the database: one identify per bucket per window, and no more
 * identifies than session starts left, across processes.
 */
import { sql } from 'drizzle-orm';
import { recordSessionStartLimit, sessionStartsUsedUp } from '../../src/gateway/gateway-state';
import { DatabaseIdentifyThrottler, SessionStartBudget } from '../../src/gateway/identify-throttle';
import { openTestDatabase, queryRows, type TestDatabase } from '../support/db';
import { until } from '../support/until';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await openTestDatabase();
});
afterAll(async () => tdb?.cleanup());

const WINDOW_MS = 2000;

/** each bucket's next slot as the database's clock has it, in milliseconds */
async function nextSlots(): Promise<Map<number, number>> {
  const rows = await queryRows<{ rate_key: number; next_ms: number }>(
    tdb.database,
    sql`SELECT rate_key, (extract(epoch FROM next_at) * 1000)::float8 AS next_ms
        FROM gateway_identify_slots`,
  );
  return new Map(rows.map((r) => [Number(r.rate_key), Number(r.next_ms)]));
}

it('lets one shard per bucket identify per window, whichever process asks', async () => {
  // two throttlers stand for two processes on one database; the slots are read on the
  // database's clock, so a slow machine cannot make the test pass or fail
  const a = new DatabaseIdentifyThrottler(tdb.database.db, 2, WINDOW_MS);
  const b = new DatabaseIdentifyThrottler(tdb.database.db, 2, WINDOW_MS);
  const signal = new AbortController().signal;
  await a.waitForIdentify(0, signal);
  // shard 1 is in the other bucket: it identifies inside shard 0's window
  await b.waitForIdentify(1, signal);
  const first = await nextSlots();
  expect(first.get(1)! - first.get(0)!).toBeLessThan(WINDOW_MS);
  // shard 2 shares shard 0's bucket: it identifies only once that window has passed
  await b.waitForIdentify(2, signal);
  const second = await nextSlots();
  expect(second.get(0)! - first.get(0)!).toBeGreaterThanOrEqual(WINDOW_MS);
  expect(second.get(1)).toBe(first.get(1));
});

it('stops waiting when the shard closes meanwhile', async () => {
  const throttler = new DatabaseIdentifyThrottler(tdb.database.db, 8, 60_000);
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

describe('the session start limit, shared through the database', () => {
  it('lets two processes together identify only as many times as Discord has session starts left', async () => {
    // two budgets stand for two processes that both read GET /gateway/bot before either identified;
    // buckets 8–11, which the tests above left free
    const discord = { remaining: 2, reset_after: 60_000 };
    const refresh = () => recordSessionStartLimit(tdb.database.db, discord);
    await refresh();
    const a = new DatabaseIdentifyThrottler(
      tdb.database.db,
      16,
      50,
      new SessionStartBudget(tdb.database.db, refresh),
    );
    const b = new DatabaseIdentifyThrottler(
      tdb.database.db,
      16,
      50,
      new SessionStartBudget(tdb.database.db, refresh),
    );
    await refresh();
    const controller = new AbortController();
    let identified = 0;
    const waits = [a, b, a, b].map((t, shard) =>
      t.waitForIdentify(8 + shard, controller.signal).then(() => (identified += 1)),
    );
    await until(
      'two identifies',
      () => identified,
      (n) => n === 2,
    );
    expect(
      (
        await queryRows<{ remaining: number }>(
          tdb.database,
          sql`SELECT remaining FROM gateway_session_starts`,
        )
      )[0],
    ).toEqual({ remaining: 0 });
    expect(await sessionStartsUsedUp(tdb.database.db)).toBe(true);
    controller.abort();
    const results = await Promise.allSettled(waits);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(2);
    expect(identified).toBe(2);
  });
});
