/**
 * A key's rate limit is one count for every replica while Redis answers (api/README.md ›
 * Developer API): two apps on one database and one Redis share it.
 */
import type { FastifyInstance } from 'fastify';
import { createTestApp, testSettings } from '../../support/app';
import { openTestDatabase, type TestDatabase } from '../../support/db';
import { createFakeIntegrations } from '../../support/fake-integrations';
import { callAs, loginAs } from '../../support/fake-login';
import { redisTarget, type RedisTarget } from '../../support/redis-outage';
import { until } from '../../support/until';
import { GUILD_A, MAX, OLIVIA, standardWorld } from '../../support/world';

let target: RedisTarget;
let tdb: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  target = await redisTarget();
  tdb = await openTestDatabase();
  const replica = () =>
    createTestApp(
      tdb.database,
      createFakeIntegrations(standardWorld()),
      testSettings({
        REDIS_URL: `redis://${target.host}:${target.port}`,
        PUBLIC_API_RATE_LIMIT_MAX: '3',
      }),
    );
  [a, b] = [await replica(), await replica()];
  // each replica counts in its own memory until its Redis connection is ready
  await until(
    'both replicas connected to Redis',
    () => [a, b].every((app) => app.redis?.usable()),
    Boolean,
    {
      timeoutMs: 20_000,
    },
  );
}, 60_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await tdb?.cleanup();
  await target?.stop();
});

it('calls with one key through two replicas count together', async () => {
  const olivia = await loginAs(a, OLIVIA);
  const created = await callAs(a, olivia, 'POST', `/api/v1/server/${GUILD_A}/api-keys`, {
    name: 'shared',
  });
  // a new key: its count starts at nothing, whatever else this Redis counted
  const { key } = created.json().data as { key: string };
  const url = `/api/public/v1/servers/${GUILD_A}/members/${MAX}`;
  const answers = [];
  for (const app of [a, b, a, b])
    answers.push(
      await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${key}` } }),
    );
  expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404, 429]);
  expect(answers.map((r) => r.headers['x-ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
});
