/**
 * Two gateway processes on one PostgreSQL: the one holding every shard is killed (SIGKILL, no
 * goodbye) and the other takes the shards over within 30 s, resuming their sessions, and queues
 * the joins that follow. Separate processes share one database, so this runs in the PostgreSQL
 * pass of `npm test` only (test/support/database-files.js).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startEmulator, type RunningEmulator } from '@roconnect/emulator';
import { createDatabase, type Database } from '../../src/db/client';
import { listLeases } from '../../src/gateway/lease-store';
import { requireEnv, stopApiProcesses } from '../support/api-process';
import { dropTestSchema, queryRows } from '../support/db';
import { until } from '../support/until';
import { gatewaySeed, GUILD, NEWCOMERS } from './gateway-stack';

const DATABASE_URL = requireEnv(
  'TEST_DATABASE_URL',
  'gateway-kill-postgres.test.ts needs TEST_DATABASE_URL (see api/README.md)',
);

jest.setTimeout(120_000);

const schema = `gwkill_${randomBytes(4).toString('hex')}`;
const children: ChildProcess[] = [];
let emulator: RunningEmulator;
let database: Database;

/** A gateway worker process (src/gateway/main.ts) from its TypeScript source. */
function spawnGateway(): ChildProcess {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, '../../src/gateway/main.ts')],
    {
      cwd: path.join(__dirname, '../..'),
      env: {
        PATH: process.env.PATH,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'roconnect-gateway-')),
        DATABASE_URL,
        DATABASE_SCHEMA: schema,
        EMULATOR_URL: emulator.url,
        EMULATOR_PUBLIC_URL: emulator.url,
        GATEWAY_LEASE_SECONDS: '2',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  children.push(child);
  return child;
}

const holderOf = (child: ChildProcess) => (holder: string) => holder.includes(`:${child.pid}:`);
const leases = () => listLeases(database.db);
/** the emulator's gateway: its sessions and its identify budget */
const gateway = async () =>
  (await (await fetch(`${emulator.url}/__emulator/gateway`)).json()) as {
    sessions: { shard: [number, number]; connected: boolean }[];
    session_start_limit: { remaining: number };
  };
const connectedShards = async () =>
  (await gateway()).sessions
    .filter((s) => s.connected)
    .map((s) => s.shard[0])
    .sort();
/** Waits for the process called `name` to hold both shards' live leases and run both. */
const holdsAndRunsBothShards = (
  name: string,
  child: ChildProcess,
  wait: { timeoutMs: number; everyMs: number },
) =>
  until(
    `process ${name} to hold and run both shards`,
    async () => ({ leases: await leases(), connected: await connectedShards() }),
    ({ leases, connected }) =>
      leases.length === 2 &&
      leases.every((l) => holderOf(child)(l.holder) && l.live) &&
      connected.length === 2,
    wait,
  );

beforeAll(async () => {
  emulator = await startEmulator({ seed: gatewaySeed(), publicUrl: 'http://127.0.0.1' });
  await fetch(`${emulator.url}/__emulator/gateway`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ shards: 2 }),
  });
  // migrated before the workers start, so they never race to create the tables
  database = await createDatabase({ databaseUrl: DATABASE_URL, searchPath: schema });
});
afterAll(async () => {
  await stopApiProcesses(children, 'SIGKILL');
  await database?.close();
  await emulator?.close();
  await dropTestSchema(DATABASE_URL, schema);
});

it('a killed gateway process’s shards are resumed by the other within 30 s, and joins are queued again', async () => {
  const a = spawnGateway();
  const wait = { timeoutMs: 60_000, everyMs: 200 };
  // max_concurrency 1: the second shard identifies 5 s after the first
  await holdsAndRunsBothShards('a', a, wait);
  // b holds nothing while a renews; the 30 s below include its start
  const b = spawnGateway();
  const identifies = (await gateway()).session_start_limit.remaining;

  a.kill('SIGKILL');
  const killedAt = Date.now();
  await holdsAndRunsBothShards('b', b, { timeoutMs: 30_000, everyMs: 100 });
  expect(Date.now() - killedAt).toBeLessThan(30_000);
  // b resumed a's sessions: no new identify
  expect((await gateway()).session_start_limit.remaining).toBe(identifies);

  await fetch(`${emulator.url}/__emulator/guilds/${GUILD}/members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user_id: NEWCOMERS[0] }),
  });
  await until(
    'the join to be queued',
    () =>
      queryRows<{ data: { userId: string } }>(
        database,
        sql.raw(`SELECT data FROM ${schema}_jobs.job WHERE name = 'member-event'`),
      ),
    (jobs) => jobs.some((j) => j.data.userId === NEWCOMERS[0]),
    { timeoutMs: 10_000, everyMs: 100 },
  );
});
