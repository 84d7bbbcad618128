/**
 * docs/security.md › T4, replayed against the emulator's Roblox routes with latency: a server
 * with the most item binds it may have, verifying many members at once, does not hold another
 * server's verify (the replica's Roblox limiter serves servers round robin), and an ownership
 * answer is reused per account and item for ROBLOX_OWNERSHIP_CACHE_SECONDS.
 */
import { startEmulator, type RunningEmulator, type Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import { MAX_ITEMS_PER_SERVER } from '@roconnect/shared-lib/contract';
import { readRobloxFacts, type RobloxNeeds } from '../../src/domain/rules/roblox-facts';
import { createRobloxApiClient } from '../../src/integrations/roblox/apiClient';
import { until } from '../support/until';
import { IDS, settingsFor } from './helpers';

/** each Roblox inventory and groups call is answered this late */
const LATENCY_MS = 50;
const LIMIT = 6;
const ITEMS = Array.from({ length: MAX_ITEMS_PER_SERVER }, (_, i) => String(9300 + i));
const BUSY_MEMBERS = Array.from({ length: 20 }, (_, i) => String(600 + i));
const BUSY_GUILD = '120000000000000011';
const OTHER_GUILD = '120000000000000012';

/** The test seed plus the catalog items and the busy server's members (owning none of them). */
function seed(): Seed {
  const s = structuredClone(testSeed) as Seed;
  for (const id of ITEMS) (s.roblox.assets ??= []).push({ id: Number(id), name: `Item ${id}` });
  for (const id of BUSY_MEMBERS)
    s.roblox.users.push({ id: Number(id), name: `Member${id}`, display_name: `Member ${id}` });
  return s;
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await startEmulator({ seed: seed() });
});
afterAll(() => emulator.close());
beforeEach(async () => {
  emulator.app.emulator.reset();
  await fetch(`${emulator.url}/__emulator/calls`, { method: 'DELETE' });
});

const control = (path: string, method: string, body?: object) =>
  fetch(`${emulator.url}/__emulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
const inventoryCalls = async () =>
  (
    (await (await control('calls', 'GET')).json()) as {
      roblox: { routes: Record<string, number> };
    }
  ).roblox.routes['GET /v1/users/:userId/items/:itemType/:itemTargetId'] ?? 0;

const itemNeeds = (ids: string[]): RobloxNeeds => ({
  groups: false,
  badgeIds: [],
  items: ids.map((id) => ({ kind: 'asset', id })),
  createdAt: false,
});
const groupNeeds: RobloxNeeds = { groups: true, badgeIds: [], items: [], createdAt: false };

it(`a server verifying ${BUSY_MEMBERS.length} members against ${MAX_ITEMS_PER_SERVER} item binds does not hold another server's verify`, async () => {
  const latency = await control('latency', 'POST', {
    rules: [
      { path: '^/v1/users/\\d+/items/', ms: LATENCY_MS },
      { path: '^/v2/users/\\d+/groups/roles$', ms: LATENCY_MS },
    ],
  });
  expect(latency.status).toBe(200);
  const roblox = createRobloxApiClient(
    settingsFor(emulator.url, { robloxMaxConcurrentRequests: LIMIT }),
    { retries: 0 },
  );
  const busyStarted = Date.now();
  const busy = Promise.all(
    BUSY_MEMBERS.map((id) =>
      readRobloxFacts(roblox, id, itemNeeds(ITEMS), { guildId: BUSY_GUILD }),
    ),
  );
  // the busy server's calls fill the limiter: its members' first answers came, the rest wait
  await until('the busy server under way', inventoryCalls, (n) => n >= BUSY_MEMBERS.length);

  const otherStarted = Date.now();
  const other = await readRobloxFacts(roblox, IDS.robloxMember, groupNeeds, {
    guildId: OTHER_GUILD,
  });
  const otherTook = Date.now() - otherStarted;
  expect(other.ranks.get(IDS.group)).toBe(1);

  await busy;
  const busyTook = Date.now() - busyStarted;
  const calls = BUSY_MEMBERS.length * ITEMS.length;
  expect(await inventoryCalls()).toBe(calls);
  // the busy server's own share: its calls, LIMIT at a time
  expect(busyTook).toBeGreaterThanOrEqual((calls / LIMIT) * LATENCY_MS * 0.9);
  // the other server's fair share: one turn of the limiter and its own call, not the ~${calls}
  // calls queued before it (first come first served, it would take about as long as the busy
  // server); measured against the busy server's time so a slow machine slows both alike
  expect(otherTook).toBeLessThan(busyTook / 4);
});

describe('ownership answers per account and item', () => {
  const needs = itemNeeds(['8201', '8202']);

  it('are reused within ROBLOX_OWNERSHIP_CACHE_SECONDS, and asked again after', async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const roblox = createRobloxApiClient(
      settingsFor(emulator.url, { robloxOwnershipCacheSeconds: 300 }),
      { retries: 0 },
      { now: () => now },
    );
    const first = await readRobloxFacts(roblox, IDS.robloxOwner, needs);
    expect(first.owned).toEqual(
      new Map([
        ['asset:8201', true],
        ['asset:8202', false],
      ]),
    );
    expect(await inventoryCalls()).toBe(2);
    now += 299_000;
    const second = await readRobloxFacts(roblox, IDS.robloxOwner, needs);
    expect(second.owned).toEqual(first.owned);
    expect(await inventoryCalls()).toBe(2);
    // another account's answers are its own
    await readRobloxFacts(roblox, IDS.robloxMember, needs);
    expect(await inventoryCalls()).toBe(4);
    now += 2_000;
    await readRobloxFacts(roblox, IDS.robloxOwner, needs);
    expect(await inventoryCalls()).toBe(6);
  });

  it('are asked every time with ROBLOX_OWNERSHIP_CACHE_SECONDS=0', async () => {
    const roblox = createRobloxApiClient(
      settingsFor(emulator.url, { robloxOwnershipCacheSeconds: 0 }),
      { retries: 0 },
    );
    await readRobloxFacts(roblox, IDS.robloxOwner, needs);
    await readRobloxFacts(roblox, IDS.robloxOwner, needs);
    expect(await inventoryCalls()).toBe(4);
  });
});
