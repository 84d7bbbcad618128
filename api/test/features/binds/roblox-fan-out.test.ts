/**
 * docs/security.md › Threats and defences (N4), replayed through HTTP against the real emulator: a server with the most
 * groups it may bind costs Roblox a bounded number of calls, never more than
 * ROBLOX_MAX_CONCURRENT_REQUESTS at once, once per ROBLOX_GROUP_CACHE_SECONDS for every replica;
 * a verify reads the member's groups once. Every Roblox call is counted on its way to the emulator.
 */
import { sql } from 'drizzle-orm';
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { buildApp } from '../../../src/app';
import { MAX_GROUPS_PER_SERVER } from '@roconnect/shared-lib/contract';
import { createIntegrations } from '../../../src/integrations';
import { testSettings } from '../../support/app';
import { queryRows, TEST_DATABASE_URL, useTestDatabase } from '../../support/db';
import {
  consentInto,
  loginThroughEmulator,
  startStack,
  verifyInServer,
  type HttpSession,
  type Stack,
} from '../../support/emulator-flow';
import { startRobloxRelay, type RobloxRelay } from '../../support/roblox-relay';
import {
  GUILD_A as BOT_GUILD,
  MAX as MEMBER,
  OLIVIA as OWNER,
  ROLE_LOW,
} from '../../support/world';

const PETE = 502;
const LIMIT = 4;
const GROUPS = Array.from({ length: MAX_GROUPS_PER_SERVER }, (_, i) => 8001 + i);
/** a group's name and its ranks: two calls */
const CALLS_PER_GROUP = 2;
const BINDS = `/api/v1/server/${BOT_GUILD}/binds`;
const bindAll = GROUPS.map((id) => ({
  group_id: id,
  min_rank: 1,
  max_rank: 255,
  role_id: ROLE_LOW,
}));

/** The test seed plus the groups, Pete at rank 1 in each. */
function seedWithGroups(): Seed {
  const seed = structuredClone(testSeed) as Seed;
  for (const id of GROUPS)
    seed.roblox.groups.push({
      id,
      name: `Fan-out ${id}`,
      roles: [
        { id: id * 10, name: 'Guest', rank: 0 },
        { id: id * 10 + 1, name: 'Member', rank: 1 },
        { id: id * 10 + 2, name: 'Owner', rank: 255 },
      ],
      members: [{ user_id: PETE, role_id: id * 10 + 1 }],
    });
  return seed;
}

const tdb = useTestDatabase();
let relay: RobloxRelay;
let stack: Stack;
let owner: HttpSession;
/** the Roblox calls of saving the binds, with no group read before */
let savedWith: Record<string, number>;
beforeEach(async () => {
  relay = await startRobloxRelay();
  stack = await startStack(tdb.database, {
    seed: seedWithGroups(),
    env: {
      ROBLOX_GROUPS_BASE_URL: relay.url,
      ROBLOX_MAX_CONCURRENT_REQUESTS: String(LIMIT),
    },
  });
  relay.target = stack.emulator.url;
  owner = await loginThroughEmulator(stack, OWNER);
  const saved = await owner.call('PUT', BINDS, { binds: bindAll });
  expect(saved.status).toBe(200);
  expect(saved.json.data.groups).toHaveLength(GROUPS.length);
  savedWith = relay.counts();
  relay.reset();
});
afterEach(async () => {
  await stack.close();
  await relay.close();
});

/** As if the cache had aged past its TTL (or this were a new deployment). */
const forgetGroups = () => tdb.database.db.execute(sql`DELETE FROM roblox_group_cache`);

it('GET …/binds with the most groups makes a bounded number of Roblox calls, at most the limit at once, and none again within the TTL', async () => {
  await forgetGroups();
  await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
  relay.holdInBatches(GROUPS.length * CALLS_PER_GROUP, LIMIT);
  const cold = await owner.call('GET', BINDS);
  expect(cold.status).toBe(200);
  expect(cold.json.data.groups[0]).toEqual({
    id: '8001',
    name: 'Fan-out 8001',
    ranks: [
      { rank: 0, name: 'Guest' },
      { rank: 1, name: 'Member' },
      { rank: 255, name: 'Owner' },
    ],
  });
  expect(relay.counts()).toEqual({
    'GET /v1/groups/:id': GROUPS.length,
    'GET /v1/groups/:id/roles': GROUPS.length,
  });
  expect(relay.maxInFlight).toBe(LIMIT);
  // and as the emulated Roblox counted them
  const calls = await fetch(`${stack.emulator.url}/__emulator/calls`);
  const emulated = ((await calls.json()) as { roblox: { routes: object; most_in_flight: number } })
    .roblox;
  expect(emulated.routes).toEqual({
    'GET /v1/groups/:groupId': GROUPS.length,
    'GET /v1/groups/:groupId/roles': GROUPS.length,
  });
  expect(emulated.most_in_flight).toBeLessThanOrEqual(LIMIT);

  relay.reset();
  const again = await owner.call('GET', BINDS);
  expect(again.json.data).toEqual(cold.json.data);
  expect(relay.total()).toBe(0);
});

it('PUT …/binds reads each new group once, and its answer reuses what it read', () => {
  expect(savedWith).toEqual({
    'GET /v1/groups/:id': GROUPS.length,
    'GET /v1/groups/:id/roles': GROUPS.length,
  });
});

it('the cached groups are shared through the database: another replica asks Roblox nothing', async () => {
  expect(
    await queryRows(tdb.database, sql`SELECT count(*)::int AS n FROM roblox_group_cache`),
  ).toEqual([{ n: GROUPS.length }]);
  // its own process state (a new Roblox client, no shared memory); on PostgreSQL its own pool too
  const database = TEST_DATABASE_URL ? await tdb.reopen() : tdb.database;
  const settings = testSettings({
    EMULATOR_URL: stack.emulator.url,
    ROBLOX_GROUPS_BASE_URL: relay.url,
  });
  const other = await buildApp({
    settings,
    integrations: createIntegrations(settings.integrations, { http: { retries: 0 } }),
    database,
    logger: false,
    jobs: false,
  });
  try {
    const res = await other.inject({ method: 'GET', url: BINDS, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.groups).toHaveLength(GROUPS.length);
    expect(relay.total()).toBe(0);
  } finally {
    await other.close();
    if (database !== tdb.database) await database.close();
  }
});

it('reads the groups again once the TTL has passed', async () => {
  await tdb.database.db.execute(
    sql`UPDATE roblox_group_cache SET fetched_at = now() - interval '601 seconds'`,
  );
  expect((await owner.call('GET', BINDS)).status).toBe(200);
  expect(relay.total()).toBe(GROUPS.length * CALLS_PER_GROUP);
  expect(relay.maxInFlight).toBeLessThanOrEqual(LIMIT);
});

it('a verify with every group bound reads the member’s Roblox groups once', async () => {
  const base = `/api/v1/server/${BOT_GUILD}`;
  await owner.call('POST', `${base}/setup/nickname`, { nickname_format: 'none' });
  await owner.call('POST', `${base}/setup/verified-role`, { verified_role_name: 'Verified' });
  await owner.call('POST', `${base}/setup/group`, { skip: true }); // no group: the binds go
  expect((await owner.call('PUT', BINDS, { binds: bindAll })).status).toBe(200);
  const max = await loginThroughEmulator(stack, MEMBER);
  const url = (await max.call('GET', '/roblox/auth-url')).json.data.auth_url;
  await consentInto(stack, max, url, { user_id: String(PETE) });
  const accounts = (await max.call('GET', '/api/v1/dashboard/user/linked-accounts')).json.data;
  relay.reset();

  const verified = await verifyInServer(max, BOT_GUILD, accounts[0].id);
  expect(verified.status).toBe(200);
  expect(verified.json.data.roles_added).toEqual(['Verified', 'Low']);
  expect(relay.counts()).toEqual({ 'GET /v2/users/:id/groups/roles': 1 });
});
