/**
 * The gateway when Discord refuses it: with the Server Members intent off, each shard identifies
 * once, is closed 4014 and is not identified again (no other worker tries it either); /api/health
 * and the metric name the cause, update-all ends with what to do, and turning the intent on then
 * restarting the worker recovers. Then the day's session starts: a worker identifies only as many
 * shards as are left, and waits for the rest instead of getting the bot token reset.
 */
import { sql } from 'drizzle-orm';
import { listLeases } from '../../src/gateway/lease-store';
import { metricsRegistry } from '../../src/lib/metrics';
import { queryRows } from '../support/db';
import { until } from '../support/until';
import {
  apiHealth,
  fatalCloses,
  gatewayState,
  GUILD,
  identifiesCounted,
  setApplication,
  useGatewayStack,
} from './gateway-stack';

jest.setTimeout(120_000);

const gateway = useGatewayStack({ env: { GATEWAY_LEASE_SECONDS: '2' }, shards: 2 });
const WAIT = { timeoutMs: 30_000, everyMs: 100 };
/** Waits for /api/health to say the gateway's state begins with `state`: the health read then. */
const gatewayHealth = (what: string, state: string) =>
  until(
    what,
    () => apiHealth(gateway.stack),
    (h) => h.gateway.startsWith(state),
    WAIT,
  );

it('with the Server Members intent off: one IDENTIFY per shard, then none; health, metric and update-all name the cause; intent on and a restart recover', async () => {
  await setApplication(gateway.stack, { guild_members_intent: false });
  const before = await identifiesCounted(gateway.stack);
  const closesBefore = await fatalCloses(4014);
  const a = await gateway.startWorker('worker-a');
  const b = await gateway.startWorker('worker-b');

  const health = await gatewayHealth('/api/health to name the intent', 'refused');
  expect(health).toMatchObject({
    status: 'degraded',
    gateway: expect.stringContaining('turn on the Server Members intent'),
  });
  // still ready: the API serves, only the gateway waits for the operator
  expect(health.http).toBe(200);
  await until(
    'both shards refused',
    () => fatalCloses(4014),
    (n) => n - closesBefore === 2,
    WAIT,
  );

  // a lease renewed a whole lease after the refusals: the refusing worker kept both shards, and
  // the other worker had several looks at them meanwhile
  const refusedAt = Date.now();
  await until(
    'worker a to keep renewing both leases',
    () => listLeases(gateway.tdb.database.db),
    (leases) =>
      leases.length === 2 &&
      leases.every((l) => l.holder === 'worker-a' && l.expiresAt.getTime() > refusedAt + 3000),
    WAIT,
  );
  expect(await identifiesCounted(gateway.stack)).toBe(before + 2);
  expect(a.heldShards()).toEqual([0, 1]);
  expect(a.readyShards()).toEqual([]);
  expect(b.heldShards()).toEqual([]);
  expect(
    await metricsRegistry.getSingleMetricAsString('roconnect_gateway_fatal_closes_total'),
  ).toContain('code="4014"');

  // update-all ends at once with what to do, no retry loop
  const started = await gateway.owner.call('POST', `/api/v1/server/${GUILD}/members/update`);
  expect(started.status).toBe(202);
  const jobId: string = started.json.data.job_id;
  const job = await until(
    'the update to end',
    async () =>
      (await gateway.owner.call('GET', `/api/v1/server/${GUILD}/members/update/${jobId}`)).json
        .data,
    (j) => j.status !== 'queued' && j.status !== 'running',
    WAIT,
  );
  expect(job).toMatchObject({ status: 'failed', done: 0 });
  const [run] = await queryRows<{ error: string }>(
    gateway.tdb.database,
    sql`SELECT error FROM member_update_runs WHERE id = ${jobId}`,
  );
  expect(run!.error).toMatch(/^Turn on the Server Members intent/);

  // the operator turns the intent on and restarts the worker: no code change
  await setApplication(gateway.stack, { guild_members_intent: true });
  await a.stop();
  await until(
    'worker b to run both shards',
    () => b.readyShards(),
    (s) => s.join() === '0,1',
    WAIT,
  );
  expect(
    await until(
      'health to be ok',
      () => apiHealth(gateway.stack),
      (h) => h.gateway === 'ok',
      WAIT,
    ),
  ).toMatchObject({ status: 'ok', gateway: 'ok' });
  expect(await identifiesCounted(gateway.stack)).toBe(before + 4);
  await b.stop();
});

it('identifies only as many shards as session starts are left, and waits for the rest without the bot token being reset', async () => {
  await fetch(`${gateway.stack.emulator.url}/__emulator/gateway`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shards: 4, session_start_remaining: 2 }),
  });
  // the leases and sessions of the first test: these shards start afresh
  await gateway.tdb.database.db.execute(sql`DELETE FROM gateway_shard_leases`);
  const c = await gateway.startWorker('worker-c');

  const health = await gatewayHealth(
    '/api/health to say the session starts are used up',
    'waiting',
  );
  expect(health.status).toBe('degraded');
  await until(
    'two shards ready',
    () => c.readyShards(),
    (s) => s.length === 2,
    WAIT,
  );
  const state = await gatewayState(gateway.stack);
  expect(state.bot_token_reset).toBe(false);
  expect(state.session_start_limit.remaining).toBe(0);
  expect(state.sessions.filter((s: { connected: boolean }) => s.connected)).toHaveLength(2);
  expect(c.heldShards()).toEqual([0, 1, 2, 3]);
});
