/**
 * /api/bot-stats is open to anyone: a flood of calls costs at most one count of the two tables per
 * BOT_STATS_MAX_AGE_MS, calls at once share it, and a sign-in or a server change is counted again
 * at once (docs/security.md, "an open count").
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BOT_STATS_MAX_AGE_MS } from '../../../src/features/public/routes';
import { fakeClockAt } from '../../support/fake-clock';
import { loginAs } from '../../support/fake-login';
import { useFakeApp } from '../../support/harness';
import { MAX, OLIVIA } from '../../support/world';

const t = useFakeApp();
const T0 = Date.parse('2026-11-27T12:00:00Z');

afterEach(() => jest.useRealTimers());

const stats = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/bot-stats' });
  expect(res.statusCode).toBe(200);
  return res.json().data as { total_users: number; total_servers: number };
};
/** a user row another replica or an operator wrote: no change announced here */
const insertUserQuietly = (discordId: string) =>
  t.tdb.database.db.execute(
    sql`INSERT INTO users (id, discord_id, username) VALUES (${randomUUID()}, ${discordId}, 'quiet')`,
  );

it('answers a burst of 50 calls with one count of users and one of servers', async () => {
  await loginAs(t.app, OLIVIA);
  const selects = jest.spyOn(t.app.ctx.db, 'select');
  const answers = await Promise.all(Array.from({ length: 50 }, stats));
  expect(new Set(answers.map((a) => JSON.stringify(a)))).toEqual(
    new Set([JSON.stringify({ total_users: 1, total_servers: 2 })]),
  );
  await Promise.all(Array.from({ length: 50 }, stats));
  expect(selects).toHaveBeenCalledTimes(2);
});

it('keeps a count for BOT_STATS_MAX_AGE_MS, then counts again', async () => {
  fakeClockAt(T0);
  await loginAs(t.app, OLIVIA);
  expect(await stats()).toEqual({ total_users: 1, total_servers: 2 });
  await insertUserQuietly('110000000000000077');
  jest.setSystemTime(T0 + BOT_STATS_MAX_AGE_MS - 1);
  expect((await stats()).total_users).toBe(1);
  jest.setSystemTime(T0 + BOT_STATS_MAX_AGE_MS);
  expect((await stats()).total_users).toBe(2);
});

it('counts again at once after a sign-in, which announces its servers', async () => {
  await loginAs(t.app, OLIVIA);
  expect((await stats()).total_users).toBe(1);
  await loginAs(t.app, MAX);
  expect((await stats()).total_users).toBe(2);
});
