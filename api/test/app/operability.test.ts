/** What an operator watches: /metrics, /api/health with the job engine, and the purge as a job. */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { startMetricsServer } from '../../src/plugins/metrics';
import { oauthStates } from '../../src/db/schema';
import { PURGE_QUEUE } from '../../src/domain/maintenance/purge-job';
import { testSettings } from '../support/app';
import { queryRows, truncateAll, useTestDatabase } from '../support/db';
import { createFakeIntegrations } from '../support/fake-integrations';
import { loginAs, startLogin } from '../support/fake-login';
import { until } from '../support/until';
import { OLIVIA, standardWorld } from '../support/world';
import { sql } from 'drizzle-orm';
import { jobSchemaOf } from '../../src/lib/job-engine';

/** The job engine does these in its own time: polled every 200 ms, for up to 15 s. */
const JOB_WAIT = { timeoutMs: 15_000, everyMs: 200 };

const tdb = useTestDatabase({ emptyEachTest: false });
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(jobs: boolean) {
  await truncateAll(tdb.database);
  app = await buildApp({
    settings: testSettings(),
    integrations: createFakeIntegrations(standardWorld()),
    database: tdb.database,
    logger: false,
    jobs,
  });
  await app.ready();
  return app;
}

it('GET /metrics answers Prometheus text with the request-duration histogram after traffic', async () => {
  const api = await start(false);
  const s = await loginAs(api, OLIVIA);
  await api.inject({ method: 'GET', url: '/api/v1/dashboard/user/servers', headers: s.headers });
  const metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
  const res = await fetch(metrics.url).finally(() => metrics.close());
  const body = await res.text();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(body).toMatch(/# TYPE http_request_duration_seconds histogram/);
  // labelled by the route's pattern, never the raw address
  expect(body).toMatch(
    /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/dashboard\/user\/servers",status_code="200"\} [1-9]/,
  );
  expect(body).toMatch(/# TYPE discord_bot_requests_total counter/);
  expect(body).toMatch(/# TYPE job_queue_depth gauge/);
});

it('runs the purge as a job at start, and reports the job engine in /api/health', async () => {
  // an expired state waiting to be purged before the engine starts
  await truncateAll(tdb.database);
  const seed = await start(false);
  await startLogin(seed);
  await tdb.database.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
  await seed.close();
  app = undefined;

  app = await buildApp({
    settings: testSettings(),
    integrations: createFakeIntegrations(standardWorld()),
    database: tdb.database,
    logger: false,
  });
  await app.ready();
  const health = await app.inject({ method: 'GET', url: '/api/health' });
  expect(health.json().data).toMatchObject({ status: 'ok', jobs: 'ok' });
  await until(
    'the expired login states purged',
    async () => (await tdb.database.db.select().from(oauthStates)).length,
    (left) => left === 0,
    JOB_WAIT,
  );
  const schema = jobSchemaOf(tdb.database);
  const completed = () =>
    queryRows<{ state: string }>(
      tdb.database,
      sql.raw(
        `SELECT state FROM ${schema}.job WHERE name = '${PURGE_QUEUE}' AND state = 'completed'`,
      ),
    );
  // the job is marked completed a moment after its work is done
  await until('the purge job marked completed', completed, (jobs) => jobs.length > 0, JOB_WAIT);
  expect(await completed()).toHaveLength(1);
}, 30_000);
