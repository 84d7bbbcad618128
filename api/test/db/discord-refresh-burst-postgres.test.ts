/**
 * PostgreSQL only (docs/security.md › Threats and defences, N1): Discord refreshes that take a while must not hold the
 * pool's connections. Two API processes with a pool of 3 connections each, the real emulator
 * with Discord's token endpoint answering 400 ms late:
 *  - more users than the pool has connections refresh at once on one replica: every request
 *    answers, and the replica still serves afterwards (it used to deadlock for good);
 *  - one user refreshes on both replicas at once: Discord takes the single-use refresh token once,
 *    the replica it refuses uses the winner's tokens, and nobody is signed out.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { RunningEmulator, Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { createDatabase } from '../../src/db/client';
import { databaseUnavailable } from '../../src/lib/database-unavailable';
import {
  emulatorForTwoReplicas,
  requireEnv,
  startApiReplica,
  stopApiProcesses,
} from '../support/api-process';
import { dropTestSchema } from '../support/db';
import { signInThroughEmulator } from '../support/emulator-flow';

const DATABASE_URL = requireEnv(
  'TEST_DATABASE_URL',
  'discord-refresh-burst-postgres.test.ts needs TEST_DATABASE_URL (PostgreSQL; PGlite has no pool to starve)',
);

const POOL = 3;
/** twice the pool: the old code took one connection per refresh and then waited for another */
const USERS = Array.from({ length: POOL * 2 }, (_, i) => `11000000000000010${i}`);
/** a bounded wait for each answer: the deadlocked API never answered at all */
const ANSWER_WITHIN_MS = 20_000;
const SYNC = '/api/v1/dashboard/user/sync-servers';

const schema = `burst_${randomBytes(4).toString('hex')}`;
const replicas: ChildProcess[] = [];
let emulator: RunningEmulator;
let a: string;
let b: string;

function seed(): Seed {
  const s = structuredClone(testSeed) as Seed;
  for (const [i, id] of USERS.entries())
    s.discord.users.push({ id, username: `burst_${i}`, global_name: null, avatar: null });
  return s;
}

const startReplica = async (port: number, apiUrl: string) =>
  (
    await startApiReplica(replicas, port, {
      API_URL: apiUrl,
      DATABASE_URL,
      DATABASE_SCHEMA: schema,
      DATABASE_POOL_MAX: String(POOL),
      JWT_SECRET: 'refresh-burst-jwt-secret-shared-by-every-replica-01',
      TOKEN_ENCRYPTION_KEY: '0'.repeat(63) + '3',
      EMULATOR_URL: emulator.url,
    })
  ).base;

beforeAll(async () => {
  const shared = await emulatorForTwoReplicas(seed());
  const { portA, portB, apiUrl } = shared;
  emulator = shared.emulator;
  // one after the other: both migrating one new schema at once is another test's subject
  a = await startReplica(portA, apiUrl);
  b = await startReplica(portB, apiUrl);
}, 120_000);

afterAll(async () => {
  // a deadlocked replica may not finish a graceful close
  await stopApiProcesses(replicas, 'SIGKILL');
  await emulator?.close();
  await dropTestSchema(DATABASE_URL, schema);
}, 60_000);

/** The status of a call, or 'no answer' when none came within ANSWER_WITHIN_MS. */
async function statusOf(base: string, method: string, route: string, token?: string) {
  try {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
    });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return `no answer within ${ANSWER_WITHIN_MS} ms`;
    throw err;
  }
}

/** Signs a user in through replica A: their access token. */
const signIn = async (discordId: string) => (await signInThroughEmulator(a, discordId)).access;

/** Every stored Discord token falls due, as after 7 days. */
async function expireDiscordTokens(): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`UPDATE ${schema}.discord_tokens SET expires_at = now() - interval '1 hour'`);
  } finally {
    await admin.end();
  }
}

async function slowTokenEndpoint(): Promise<void> {
  await fetch(`${emulator.url}/__emulator/latency`, { method: 'DELETE' });
  const res = await fetch(`${emulator.url}/__emulator/latency`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: [{ method: 'POST', path: '/api/oauth2/token', ms: 400 }] }),
  });
  if (res.status !== 200) throw new Error(`latency refused: ${await res.text()}`);
}

/** how many token calls the slow rule has held back */
const slowedTokenCalls = async () =>
  (
    (await (await fetch(`${emulator.url}/__emulator/latency`)).json()) as {
      rules: { delayed: number }[];
    }
  ).rules[0]!.delayed;

it(`${POOL * 2} users refreshing at once with a pool of ${POOL} all get answers, and the replica serves afterwards`, async () => {
  const tokens = await Promise.all(USERS.map(signIn));
  await expireDiscordTokens();
  await slowTokenEndpoint();

  const statuses = await Promise.all(tokens.map((token) => statusOf(a, 'POST', SYNC, token)));
  expect(statuses).toEqual(USERS.map(() => 200));
  // each went to Discord's slow token endpoint, and saved what it got: no second refresh
  expect(await slowedTokenCalls()).toBe(USERS.length);
  expect(await statusOf(a, 'POST', SYNC, tokens[0])).toBe(200);
  expect(await slowedTokenCalls()).toBe(USERS.length);
  expect(await statusOf(a, 'GET', '/api/health')).toBe(200);
}, 90_000);

it('one user refreshing on both replicas at once keeps working on both, signed in', async () => {
  const token = await signIn(USERS[0]!);
  await expireDiscordTokens();
  await slowTokenEndpoint();

  const both = await Promise.all([a, b].map((base) => statusOf(base, 'POST', SYNC, token)));
  expect(both).toEqual([200, 200]);
  // Discord saw both spend the one refresh token (one refused), and the session lives on
  expect(await slowedTokenCalls()).toBe(2);
  expect(await statusOf(b, 'GET', '/auth/me', token)).toBe(200);
  expect(await statusOf(a, 'POST', SYNC, token)).toBe(200);
  expect(await slowedTokenCalls()).toBe(2);
}, 90_000);

it('the pool takes its limits: a statement past its timeout and a wait for a busy pool fail fast, as 503s', async () => {
  const database = await createDatabase({
    databaseUrl: DATABASE_URL,
    searchPath: schema,
    pool: {
      max: 1,
      acquireTimeoutMs: 300,
      statementTimeoutMs: 200,
      idleInTransactionTimeoutMs: 5000,
    },
  });
  let release = () => {};
  try {
    // PostgreSQL cancels it after 200 ms (57014), long before pg_sleep would end
    const slow = await database.db.execute(sql`SELECT pg_sleep(30)`).catch((err: unknown) => err);
    expect(databaseUnavailable(slow)?.statusCode).toBe(503);
    // the one connection held by a transaction: the next query gives up after 300 ms
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const started = new Promise<void>((resolve) => (holding = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`SELECT 1`);
      holding();
      await held;
    });
    await started;
    const waited = await database.db.execute(sql`SELECT 1`).catch((err: unknown) => err);
    expect(databaseUnavailable(waited)?.headers).toEqual({ 'retry-after': '2' });
    release();
    await tx;
    // and the pool serves again once the connection is back
    await expect(database.ping()).resolves.toBe(true);
  } finally {
    release();
    await database.close();
  }
}, 30_000);
