/**
 * What the gateway's emulator-backed tests share: a seed with people who are not in the server
 * yet, a server set up through the API, linked accounts, gateway workers on the stack's database
 * and job engine, and joins and leaves through the emulator's control routes.
 */
import { randomUUID } from 'node:crypto';
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { robloxAccounts, users } from '../../src/db/schema';
import type { Database } from '../../src/db/client';
import { startGatewayWorker, type GatewayWorker } from '../../src/gateway/worker';
import { metricsRegistry } from '../../src/lib/metrics';
import type { TestDatabase } from '../support/db';
import {
  emulatorMember,
  emulatorState,
  loginThroughEmulator,
  useStack,
  type HttpSession,
  type Stack,
} from '../support/emulator-flow';
import { until } from '../support/until';

export const GUILD = '120000000000000001';
export const OWNER = '110000000000000001';
/** the seed's Low role: below the bot, so it may be the unverified role */
export const LOW_ROLE = '130000000000000002';
/** Roblox 501 RankedRuby is the test group's Owner (rank 255) */
export const RUBY = { discordId: '110000000000000011', robloxId: '501', username: 'RankedRuby' };
export const NEWCOMERS = ['110000000000000012', '110000000000000013', '110000000000000014'];

/** The test seed and four people who are not in any server yet. */
export function gatewaySeed(): Seed {
  const seed = structuredClone(testSeed) as Seed;
  for (const id of [RUBY.discordId, ...NEWCOMERS])
    seed.discord.users.push({
      id,
      username: `joiner_${id.slice(-2)}`,
      global_name: null,
      avatar: null,
    });
  return seed;
}

/** Sets the server up as its owner would: names, the Verified role, the test group, Low as unverified. */
export async function setUpServer(stack: Stack): Promise<HttpSession> {
  const owner = await loginThroughEmulator(stack, OWNER);
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await owner.call(method, path, body);
    if (res.status !== 200)
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  };
  await ok('POST', '/api/v1/dashboard/user/sync-servers');
  const base = `/api/v1/server/${GUILD}/setup`;
  await ok('POST', `${base}/nickname`, { nickname_format: 'roblox_username' });
  await ok('POST', `${base}/verified-role`, { verified_role_name: 'Verified' });
  await ok('POST', `${base}/group`, { group_id: '7001' });
  await ok('PUT', `/api/v1/server/${GUILD}/edit/unverified-role`, { unverified_role_id: LOW_ROLE });
  return owner;
}

/** A person who signed in once and linked a Roblox account. */
export async function linkAccount(
  database: Database,
  person: { discordId: string; robloxId: string; username: string },
): Promise<void> {
  const userId = randomUUID();
  await database.db.insert(users).values({
    id: userId,
    discordId: person.discordId,
    username: `joiner_${person.discordId.slice(-2)}`,
  });
  await database.db.insert(robloxAccounts).values({
    id: randomUUID(),
    userId,
    robloxId: person.robloxId,
    username: person.username,
    displayName: person.username,
  });
}

/** A gateway worker on the stack's database and job engine, as GATEWAY_IN_API runs it. */
export function startWorker(
  stack: Stack,
  database: Database,
  holder?: string,
): Promise<GatewayWorker> {
  return startGatewayWorker({
    settings: stack.app.ctx.settings,
    database,
    engine: stack.app.jobs.engine!,
    log: stack.app.log,
    holder,
  });
}

export interface GatewayFixture {
  readonly tdb: TestDatabase;
  readonly stack: Stack;
  /** the owner, signed in by setUpServer */
  readonly owner: HttpSession;
  /** the worker started last */
  readonly worker: GatewayWorker;
  /** every worker started, in order */
  readonly workers: readonly GatewayWorker[];
  /** a worker as `holder` on the stack (stopped after the file); not waited for */
  startWorker(holder?: string): Promise<GatewayWorker>;
}

/**
 * The hooks of a file with one gateway stack for all its tests: the stack (gatewaySeed, jobs on,
 * `env`) on the file's database, the emulator's gateway with `shards` shards, the server set up
 * (setUpServer), and with `readyWorker` a worker (as its `holder`) ready on the one shard before
 * the first test. Read the fields inside tests and hooks.
 */
export function useGatewayStack(
  options: {
    env?: Record<string, string>;
    shards?: number;
    readyWorker?: { holder?: string };
  } = {},
): GatewayFixture {
  const workers: GatewayWorker[] = [];
  let owner: HttpSession | undefined;
  // declared before the stack's: after-all hooks run in order, and workers stop before the stack
  afterAll(async () => {
    for (const worker of workers) await worker.stop();
  });
  const { tdb, stack } = useStack({ seed: gatewaySeed(), jobs: true, env: options.env }, 'file');
  const fixture: GatewayFixture = {
    tdb,
    stack,
    get owner() {
      if (!owner) throw new Error('the owner is only there inside tests and hooks');
      return owner;
    },
    get worker() {
      const last = workers.at(-1);
      if (!last) throw new Error('no worker was started');
      return last;
    },
    workers,
    async startWorker(holder) {
      const worker = await startWorker(stack, tdb.database, holder);
      workers.push(worker);
      return worker;
    },
  };
  beforeAll(async () => {
    if (options.shards) await setGatewayShards(stack, options.shards);
    owner = await setUpServer(stack);
    if (options.readyWorker) {
      const worker = await fixture.startWorker(options.readyWorker.holder);
      await until(
        'the worker to be ready on the shard',
        () => worker.readyShards(),
        (s) => s.length === 1,
      );
    }
  });
  return fixture;
}

async function control(stack: Stack, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.emulator.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<any>;
}

/** Someone joins the server in Discord (GUILD_MEMBER_ADD on the gateway). */
export const join = (stack: Stack, userId: string) =>
  control(stack, 'POST', `/__emulator/guilds/${GUILD}/members`, { user_id: userId });

/** Someone leaves it (GUILD_MEMBER_REMOVE). */
export const leave = (stack: Stack, userId: string) =>
  control(stack, 'DELETE', `/__emulator/guilds/${GUILD}/members/${userId}`);

/** Drops the gateway's sockets, so clients resume. */
export const dropConnections = (stack: Stack, code = 4000) =>
  control(stack, 'POST', '/__emulator/gateway/disconnect', { code });

export const gatewaySessions = async (stack: Stack) =>
  (await control(stack, 'GET', '/__emulator/gateway')).sessions as {
    session_id: string;
    shard: [number, number];
    connected: boolean;
  }[];

export const setGatewayShards = (stack: Stack, shards: number) =>
  control(stack, 'PUT', '/__emulator/gateway', { shards });

/** A member as the emulator holds them now; null when not in the server. */
export async function memberOf(
  stack: Stack,
  userId: string,
): Promise<{ user_id: string; roles: string[]; nick: string | null } | null> {
  return (await emulatorMember(stack, GUILD, userId)) ?? null;
}

/** The id of a role of the server by name, as the emulator holds it. */
export async function roleId(stack: Stack, name: string): Promise<string> {
  const guild = (await emulatorState(stack)).discord.guilds.find(
    (g: { id: string }) => g.id === GUILD,
  );
  const role = (guild.roles as { id: string; name: string }[]).find((r) => r.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

/** Direct messages the bot sent to `userId`. */
export async function dmsTo(stack: Stack, userId: string): Promise<{ content: string }[]> {
  return (
    (await emulatorState(stack)).discord.dms as { recipient_id: string; content: string }[]
  ).filter((dm) => dm.recipient_id === userId);
}

/** The emulator's gateway: settings, session start limit, whether the bot token was reset, sessions. */
export const gatewayState = (stack: Stack) => control(stack, 'GET', '/__emulator/gateway');

/** The identifies the emulator has counted since its last reset (Discord's daily allowance is 1000). */
export const identifiesCounted = async (stack: Stack) =>
  1000 - ((await gatewayState(stack)).session_start_limit.remaining as number);

/** The application's Developer Portal settings, e.g. `{guild_members_intent: false}`. */
export const setApplication = (stack: Stack, patch: object) =>
  control(stack, 'PATCH', '/__emulator/application', patch);

/** /api/health's data, and its HTTP status as `http`. */
export async function apiHealth(stack: Stack) {
  const res = await stack.app.inject({ method: 'GET', url: '/api/health' });
  return { http: res.statusCode, ...(res.json().data as { status: string; gateway: string }) };
}

/** How often this process's gateway closed for good with `code` (the fatal-closes metric). */
export async function fatalCloses(code: number): Promise<number> {
  const metric = await metricsRegistry
    .getSingleMetric('roconnect_gateway_fatal_closes_total')
    ?.get();
  return metric?.values.find((v) => v.labels.code === String(code))?.value ?? 0;
}
