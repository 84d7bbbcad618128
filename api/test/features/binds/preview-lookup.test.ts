/**
 * The binds editor's helpers: the preview (what a list would change, which roles the bot cannot
 * give and why; nothing saved or created) and the lookups of a group's ranks and an item's name.
 */
import { useFakeApp } from '../../support/harness';
import { callAs, completeSetup, linkRoblox, loginAs, type Session } from '../../support/fake-login';
import { GROUP, GUILD_A, MAX, OLIVIA, PETE, ROLE_HIGH, ROLE_LOW } from '../../support/world';
import { TEST_GROUP } from '../../support/server-config';

const t = useFakeApp();
const A = `/api/v1/server/${GUILD_A}`;
const PASS = '9100001';
const MODS = '130000000000000007';
let olivia: Session;
let max: Session;

beforeEach(async () => {
  t.world.robloxItems.set(`gamepass:${PASS}`, 'VIP Pass');
  t.world.robloxItems.set('badge:77', 'Obby Champion');
  t.world.robloxHoldings.set(PETE, {
    badges: new Set(),
    owned: new Set([`gamepass:${PASS}`]),
    inventoryPrivate: false,
  });
  t.world.guilds.get(GUILD_A)!.roles.push({
    id: MODS,
    name: 'Mods',
    position: 1,
    managed: false,
    permissions: String(1n << 3n),
  });
  olivia = await loginAs(t.app, OLIVIA);
  max = await loginAs(t.app, MAX);
  await completeSetup(t.app, olivia, GUILD_A);
});

const preview = (s: Session, binds: unknown[]) =>
  callAs(t.app, s, 'POST', `${A}/binds/preview`, { binds });
const lookup = (kind: string, id: string) =>
  callAs(t.app, olivia, 'GET', `${A}/binds/lookup?kind=${kind}&id=${id}`);

/** The binds Max verified under: his groups and the pass were read from Roblox, and he has Low. */
const FIRST = [
  { group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW },
  { kind: 'gamepass', gamepass_id: PASS, role_id: ROLE_LOW },
];

/** Max verifies once with Pete under `binds`: his facts are stored for the preview. */
async function verifiedUnder(binds: unknown[]) {
  await callAs(t.app, olivia, 'PUT', `${A}/binds`, { binds });
  await linkRoblox(t.app, max, PETE);
  const accounts = await callAs(t.app, max, 'GET', '/api/v1/dashboard/user/linked-accounts');
  const res = await callAs(t.app, max, 'POST', '/api/v1/dashboard/bot/verify-in-server', {
    server_id: GUILD_A,
    account_id: accounts.json().data[0].id,
  });
  expect(res.statusCode).toBe(200);
}

describe('POST …/binds/preview', () => {
  it('counts from the stored facts, names new roles, and creates and saves nothing', async () => {
    await verifiedUnder(FIRST);
    const rolesBefore = t.world.guilds.get(GUILD_A)!.roles.length;
    t.world.calls.length = 0;
    const res = await preview(olivia, [
      { group_id: GROUP, min_rank: 1, max_rank: 1, role_name: 'Members' },
      { kind: 'gamepass', gamepass_id: PASS, role_name: 'VIP' },
      { kind: 'badge', badge_id: 77, role_id: ROLE_LOW },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      members: 1,
      bypassed: 0,
      restricted: 0,
      roles: [
        { role_id: null, role_name: 'Members', gain: 1, lose: 0, keep: 0, unknown: 0 },
        { role_id: null, role_name: 'VIP', gain: 1, lose: 0, keep: 0, unknown: 0 },
        // the badge was never asked about for Max: his Low stays unknown, not a loss
        { role_id: ROLE_LOW, role_name: 'Low', gain: 0, lose: 0, keep: 0, unknown: 1 },
      ],
      cannot_give: [],
    });
    expect(t.world.guilds.get(GUILD_A)!.roles).toHaveLength(rolesBefore);
    expect(t.world.calls.filter((c) => /^(user groups|badges|owns|user) /.test(c))).toEqual([]);
    const saved = await t.app.inject({ method: 'GET', url: `${A}/binds`, headers: olivia.headers });
    expect(saved.json().data.binds).toHaveLength(FIRST.length);
  });

  it('counts losses, members with a role-bypass role and restricted members apart', async () => {
    await verifiedUnder(FIRST);
    const moved = await preview(olivia, [
      { group_id: GROUP, min_rank: 50, max_rank: 255, role_id: ROLE_LOW },
    ]);
    expect(moved.json().data.roles[0]).toMatchObject({ gain: 0, lose: 1, keep: 0 });

    await t.app.inject({
      method: 'PUT',
      url: `${A}/edit/restrictions`,
      headers: olivia.headers,
      payload: {
        min_account_age_days: null,
        blocked_roblox_user_ids: [PETE],
        blocked_group_ids: [],
        action: 'deny',
      },
    });
    const kept = await preview(olivia, [
      { kind: 'gamepass', gamepass_id: PASS, role_id: ROLE_LOW },
    ]);
    expect(kept.json().data).toMatchObject({ restricted: 1, roles: [{ lose: 1, keep: 0 }] });

    await callAs(t.app, olivia, 'PUT', `${A}/edit/bypass-roles`, {
      nickname_bypass_role_ids: [],
      role_bypass_role_ids: [ROLE_LOW],
    });
    const bypassed = await preview(olivia, [
      { kind: 'gamepass', gamepass_id: PASS, role_id: ROLE_LOW },
    ]);
    expect(bypassed.json().data).toMatchObject({
      bypassed: 1,
      restricted: 0,
      roles: [{ lose: 0, keep: 0 }],
    });
  });

  it('lists the roles the bot cannot give, with why, instead of refusing the list', async () => {
    const guild = t.world.guilds.get(GUILD_A)!;
    guild.roles.find((r) => r.id === ROLE_LOW)!.position = 9; // above the bot (5) since
    const gone = '130000000000000066';
    const res = await preview(olivia, [
      { kind: 'gamepass', gamepass_id: PASS, role_id: ROLE_LOW },
      { kind: 'gamepass', gamepass_id: PASS, role_id: MODS },
      { kind: 'gamepass', gamepass_id: PASS, role_id: gone },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.cannot_give).toEqual([
      {
        role_id: ROLE_LOW,
        role_name: 'Low',
        code: 'above_bot',
        reason: "RoConnect's role is below Low",
      },
      {
        role_id: MODS,
        role_name: 'Mods',
        code: 'too_powerful',
        reason: 'Mods has the Administrator permission',
      },
      { role_id: gone, role_name: gone, code: 'deleted', reason: 'the role was deleted' },
    ]);
    // saving the same list is refused, naming the first bind
    const put = await callAs(t.app, olivia, 'PUT', `${A}/binds`, {
      binds: [{ kind: 'gamepass', gamepass_id: PASS, role_id: ROLE_LOW }],
    });
    expect(put.statusCode).toBe(409);
    expect(ROLE_HIGH).not.toBe(ROLE_LOW);
  });

  it('is for the server’s managers only, and refuses what PUT refuses', async () => {
    expect((await preview(max, [])).statusCode).toBe(403);
    const bad = await preview(olivia, [{ kind: 'badge', role_id: ROLE_LOW }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body.binds[0].badge_id is required for a badge bind.');
  });
});

describe('GET …/binds/lookup', () => {
  it('answers a group’s ranks and an item’s name, from the cache the second time', async () => {
    const group = await lookup('group', GROUP);
    expect(group.json().data).toEqual({ kind: 'group', ...TEST_GROUP });
    expect((await lookup('gamepass', PASS)).json().data).toEqual({
      kind: 'gamepass',
      id: PASS,
      name: 'VIP Pass',
      ranks: [],
    });
    t.world.calls.length = 0;
    await lookup('gamepass', PASS);
    await lookup('group', GROUP);
    expect(t.world.calls).toEqual([]);
  });

  it('answers 404 for an id Roblox does not know, and 400 for one that is not an id', async () => {
    const missing = await lookup('asset', '12345');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      error: 'asset_not_found',
      message: 'Roblox catalog item 12345 does not exist.',
    });
    expect((await lookup('badge', 'abc')).statusCode).toBe(400);
    expect((await lookup('hat', '1')).statusCode).toBe(400);
  });
});
