/**
 * Two gateway workers on one database: one holds every shard, the other none; when the holder is
 * killed (no renewals, no goodbye), the other takes its shards over within 30 s and events flow
 * again. The lease is made short here (GATEWAY_LEASE_SECONDS=2).
 */
import { sql } from 'drizzle-orm';
import { listLeases } from '../../src/gateway/lease-store';
import { until } from '../support/until';
import { join, LOW_ROLE, memberOf, NEWCOMERS, useGatewayStack } from './gateway-stack';

jest.setTimeout(90_000);

const gateway = useGatewayStack({ env: { GATEWAY_LEASE_SECONDS: '2' }, shards: 2 });

/** Waits up to `timeoutMs` for the worker called `name` to be ready on both shards. */
const readyOnBothShards = (name: string, worker: { readyShards(): number[] }, timeoutMs: number) =>
  until(
    `worker ${name} to be ready on both shards`,
    () => worker.readyShards(),
    (s) => s.length === 2,
    { timeoutMs, everyMs: 100 },
  );

it('a killed holder’s shards are taken over by the other worker within 30 s, and joins are handled again', async () => {
  const a = await gateway.startWorker('worker-a');
  // max_concurrency 1: the second shard identifies 5 s after the first (Discord's identify window)
  await readyOnBothShards('a', a, 20_000);
  const b = await gateway.startWorker('worker-b');
  expect(b.heldShards()).toEqual([]);

  await a.abandon();
  const killedAt = Date.now();
  await readyOnBothShards('b', b, 30_000);
  expect(Date.now() - killedAt).toBeLessThan(30_000);
  expect(
    (await listLeases(gateway.tdb.database.db)).map((l) => [l.shardId, l.holder, l.live]),
  ).toEqual([
    [0, 'worker-b', true],
    [1, 'worker-b', true],
  ]);

  const newcomer = NEWCOMERS[0]!;
  await join(gateway.stack, newcomer);
  await until(
    'the joiner to get the unverified role',
    () => memberOf(gateway.stack, newcomer),
    (m) => m !== null && m.roles.includes(LOW_ROLE),
    { timeoutMs: 15_000, everyMs: 50 },
  );
});

/** Waits up to `timeoutMs` for a worker's `shards()` to be exactly `expected`. */
const shardsToBe = (what: string, shards: () => number[], expected: number[], timeoutMs: number) =>
  until(what, shards, (s) => s.join() === expected.join(), { timeoutMs, everyMs: 50 });

it('a holder whose lease another took lets the shard go at its next look, and takes it back once free', async () => {
  const b = gateway.workers[1]!;
  expect(b.readyShards()).toEqual([0, 1]);
  await gateway.tdb.database.db.execute(
    sql`UPDATE gateway_shard_leases SET holder = 'elsewhere', expires_at = now() + interval '1 minute' WHERE shard_id = 0`,
  );
  await shardsToBe('worker b to let shard 0 go', () => b.heldShards(), [1], 5000);
  await gateway.tdb.database.db.execute(
    sql`UPDATE gateway_shard_leases SET expires_at = now() - interval '1 second' WHERE shard_id = 0`,
  );
  await shardsToBe('worker b to run shard 0 again', () => b.readyShards(), [0, 1], 15_000);
});
