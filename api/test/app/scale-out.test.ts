/**
 * Two API replicas (separate processes, different ports) on one PostgreSQL and one Redis, with the
 * emulator: one truth. Runs in the PostgreSQL pass of `npm test` when Redis answers too
 * (test/support/database-files.js); scripts/test.mjs prints why when it does not.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { RunningEmulator, Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import {
  emulatorForTwoReplicas,
  requireEnv,
  startApiReplica,
  stopApiProcesses,
} from '../support/api-process';
import { dropTestSchema } from '../support/db';
import { signInThroughEmulator } from '../support/emulator-flow';
import { until } from '../support/until';

const NEEDS = 'scale-out.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL (see api/README.md)';
const DATABASE_URL = requireEnv('TEST_DATABASE_URL', NEEDS);
const REDIS_URL = requireEnv('TEST_REDIS_URL', NEEDS);

const OLIVIA = '110000000000000001';
const schema = `scale_${randomBytes(4).toString('hex')}`;
const replicas: ChildProcess[] = [];
let emulator: RunningEmulator;
let a: string;
let b: string;

const startReplica = async (port: number, apiUrl: string) =>
  (
    await startApiReplica(replicas, port, {
      API_URL: apiUrl,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL,
      RATE_LIMIT_MAX: '20',
      JWT_SECRET: 'scale-out-jwt-secret-shared-by-every-replica-0123',
      TOKEN_ENCRYPTION_KEY: '0'.repeat(63) + '2',
      EMULATOR_URL: emulator.url,
    })
  ).base;

beforeAll(async () => {
  // one public API address for redirects (the load balancer's); A stands behind it in this test
  const shared = await emulatorForTwoReplicas(structuredClone(testSeed) as Seed);
  const { portA, portB, apiUrl } = shared;
  emulator = shared.emulator;
  [a, b] = await Promise.all([startReplica(portA, apiUrl), startReplica(portB, apiUrl)]);
}, 120_000);

afterAll(async () => {
  await stopApiProcesses(replicas);
  await emulator?.close();
  await dropTestSchema(DATABASE_URL, schema);
}, 60_000);

async function call(base: string, method: string, route: string, token?: string, body?: object) {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as any };
}

it('a user signed in through replica A works on replica B', async () => {
  const { access } = await signInThroughEmulator(a, OLIVIA);
  const me = await call(b, 'GET', '/auth/me', access);
  expect(me.status).toBe(200);
  expect(me.json.data.discord_id).toBe(OLIVIA);
  expect((await call(b, 'GET', '/api/v1/dashboard/user/servers', access)).status).toBe(200);
});

it('a refresh on B and a replay of the spent token on A revoke the session on both', async () => {
  const first = await signInThroughEmulator(a, OLIVIA);
  const rotated = await call(b, 'POST', '/auth/refresh', undefined, {
    refresh_token: first.refresh,
  });
  expect(rotated.status).toBe(200);
  // A replay within 30 s of the rotation, while its successor is unused, is taken for a page that
  // lost the answer (sessions.ts, LOST_ROTATION_GRACE_MS); the attacker's replay comes later.
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  await db.query(
    `UPDATE ${schema}.refresh_tokens SET used_at = now() - interval '31 seconds' WHERE used_at IS NOT NULL`,
  );
  await db.end();
  const replay = await call(a, 'POST', '/auth/refresh', undefined, {
    refresh_token: first.refresh,
  });
  expect(replay.status).toBe(401);
  for (const base of [a, b]) {
    expect((await call(base, 'GET', '/auth/me', rotated.json.data.access_token)).status).toBe(401);
  }
  const successor = await call(a, 'POST', '/auth/refresh', undefined, {
    refresh_token: rotated.json.data.refresh_token,
  });
  expect(successor.status).toBe(401);
});

it('30 sync calls spread over both replicas meet one shared limit of 20 a minute, not two', async () => {
  const { access } = await signInThroughEmulator(a, OLIVIA);
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) {
    const res = await call(
      i % 2 === 0 ? a : b,
      'POST',
      '/api/v1/dashboard/user/sync-servers',
      access,
    );
    statuses.push(res.status);
  }
  expect(statuses.filter((s) => s === 200)).toHaveLength(20);
  expect(statuses.filter((s) => s === 429)).toHaveLength(10);
}, 60_000);

it('the start-up purge job both replicas scheduled runs once', async () => {
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const startupPurges = async () =>
      (
        await db.query<{ state: string; slot: Date | null }>(
          `SELECT state, singleton_on AS slot FROM ${schema}_jobs.job
           WHERE name = 'purge-expired' AND singleton_key = 'startup' ORDER BY singleton_on`,
        )
      ).rows;
    const rows = await until(
      'the start-up purge completed',
      startupPurges,
      (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'completed'),
      { timeoutMs: 30_000, everyMs: 250 },
    );
    // One job a 5-minute slot (domain/maintenance/purge-job.ts): replicas starting in one slot
    // share it. Two starts on either side of a slot's edge make two, one slot apart; a run
    // without the slot (singleton_on null) would be one a replica.
    const slots = rows.map((row) => row.slot?.getTime() ?? null);
    expect(slots).not.toContain(null);
    if (rows.length > 1) {
      expect(rows).toHaveLength(2);
      expect(slots[1]! - slots[0]!).toBe(300_000);
    } else expect(rows).toEqual([{ state: 'completed', slot: expect.any(Date) }]);
  } finally {
    await db.end();
  }
}, 40_000);
