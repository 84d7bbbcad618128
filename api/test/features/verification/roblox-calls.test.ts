/**
 * What one verify asks Roblox (docs/performance.md › Roblox calls), counted by the emulator: 25
 * binds of all four kinds, the group binds in 5 groups. The groups are one call for all of
 * them, the badges one call (awarded-dates takes 100 ids); each game pass and catalog item is one
 * call, as Roblox's inventory has no batch form for another user's items, and none at all after
 * the first says the inventory is private. Binds of one kind only ask for that kind.
 */
import type { Seed } from '@roconnect/emulator';
import testSeed from '@roconnect/emulator/seeds/test.json';
import {
  linkRobloxThroughEmulator,
  setUpServerAs,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../../support/emulator-flow';
import { GUILD_A as GUILD, MAX as MEMBER, OLIVIA as OWNER, ROLE_LOW } from '../../support/world';

jest.setTimeout(120_000);

const PETE = 502;
const LEO = 503; // keeps the inventory private
const GROUPS = [8101, 8102, 8103, 8104, 8105].map((n) => n * 10);
const BADGES = [9001, 9002, 9003, 9004, 9005];
const PASSES = [9101, 9102, 9103, 9104, 9105];
const HATS = [9201, 9202, 9203, 9204, 9205];

/** The test seed with the groups and items; Pete in every group, holding every other item. */
function seed(): Seed {
  const s = structuredClone(testSeed) as Seed;
  for (const id of GROUPS)
    s.roblox.groups.push({
      id,
      name: `Group ${id}`,
      roles: [
        { id: id * 10, name: 'Guest', rank: 0 },
        { id: id * 10 + 1, name: 'Member', rank: 1 },
        { id: id * 10 + 2, name: 'Owner', rank: 255 },
      ],
      members: [{ user_id: PETE, role_id: id * 10 + 1 }],
    });
  s.roblox.badges!.push(...BADGES.map((id) => ({ id, name: `Badge ${id}` })));
  s.roblox.gamepasses!.push(...PASSES.map((id) => ({ id, name: `Pass ${id}` })));
  s.roblox.assets!.push(...HATS.map((id) => ({ id, name: `Hat ${id}` })));
  const pete = s.roblox.users.find((u) => u.id === PETE)!;
  pete.badges = BADGES.filter((_, i) => i % 2 === 0).map((id) => ({ id }));
  pete.inventory = [...PASSES, ...HATS].filter((_, i) => i % 2 === 0);
  return s;
}

/** 25 binds: two rank ranges in each of the 5 groups, and 5 of each item kind. */
const BINDS = [
  ...GROUPS.flatMap((id) => [
    { group_id: id, min_rank: 1, max_rank: 1, role_id: ROLE_LOW },
    { group_id: id, min_rank: 255, max_rank: 255, role_id: ROLE_LOW },
  ]),
  ...BADGES.map((id) => ({ kind: 'badge', badge_id: id, role_id: ROLE_LOW })),
  ...PASSES.map((id) => ({ kind: 'gamepass', gamepass_id: id, role_id: ROLE_LOW })),
  ...HATS.map((id) => ({ kind: 'asset', asset_id: id, role_id: ROLE_LOW })),
];
const BY_KIND = {
  groups: 'GET /v2/users/:userId/groups/roles',
  badges: 'GET /v1/users/:userId/badges/awarded-dates',
  inventory: 'GET /v1/users/:userId/items/:itemType/:itemTargetId',
};

const ACCOUNT_ROUTE = 'GET /v1/users/:userId';

const { stack, signIn } = useStack(() => ({ seed: seed() }), 'file');
let owner: HttpSession;
let max: HttpSession;
beforeAll(async () => {
  owner = await signIn(OWNER);
  await setUpServerAs(owner, GUILD);
  max = await signIn(MEMBER);
});

async function putBinds(binds: unknown[]) {
  const res = await owner.call('PUT', `/api/v1/server/${GUILD}/binds`, { binds });
  expect(res.status).toBe(200);
}

/** Links a Roblox account to Max through the emulator's consent page; answers its account id. */
const link = (robloxId: number) => linkRobloxThroughEmulator(stack, max, robloxId);

/** Verifies Max with the account; answers the Roblox web API calls it made, by route. */
async function robloxCallsOfVerify(accountId: string) {
  await fetch(`${stack.emulator.url}/__emulator/calls`, { method: 'DELETE' });
  const res = await verifyInServer(max, GUILD, accountId);
  expect(res.status).toBe(200);
  const calls = (await (await fetch(`${stack.emulator.url}/__emulator/calls`)).json()) as {
    roblox: { routes: Record<string, number> };
  };
  // the account's creation date for Discord Linked Roles, read when the verify writes them
  // (domain/role-connections): at most once, and not the rules' own
  const { [ACCOUNT_ROUTE]: linkedRoles = 0, ...routes } = calls.roblox.routes;
  expect(linkedRoles).toBeLessThanOrEqual(1);
  return { result: res.json.data, routes };
}

it('a verify with 25 binds of all four kinds asks Roblox once for the groups and once for the badges', async () => {
  await putBinds(BINDS);
  const pete = await link(PETE);
  const { result, routes } = await robloxCallsOfVerify(pete);
  expect(routes).toEqual({
    [BY_KIND.groups]: 1,
    [BY_KIND.badges]: 1,
    [BY_KIND.inventory]: PASSES.length + HATS.length,
  });
  expect(result.roles_added).toEqual(['Verified', 'Low']);
});

it('with a private inventory, one inventory call answers every game pass and item', async () => {
  const leo = await link(LEO);
  const { result, routes } = await robloxCallsOfVerify(leo);
  expect(routes).toEqual({ [BY_KIND.groups]: 1, [BY_KIND.badges]: 1, [BY_KIND.inventory]: 1 });
  // Low is earned through none of the 25: the first bind's reason says why
  expect(result.not_given).toEqual([
    {
      role_id: ROLE_LOW,
      role_name: 'Low',
      reason: `not in Group ${GROUPS[0]}; this role needs rank 1`,
    },
  ]);
});

it('binds of one kind ask Roblox for that kind only', async () => {
  const pete = await link(PETE);
  await putBinds(BADGES.map((id) => ({ kind: 'badge', badge_id: id, role_id: ROLE_LOW })));
  expect((await robloxCallsOfVerify(pete)).routes).toEqual({ [BY_KIND.badges]: 1 });
  await putBinds([]);
  expect((await robloxCallsOfVerify(pete)).routes).toEqual({});
});
