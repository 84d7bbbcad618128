import { useFakeApp } from '../../support/harness';
import { completeSetup, type Session } from '../../support/fake-login';
import {
  consoleWorld,
  EXTRA_ROLE,
  GROUP2,
  settingChanges,
  signInCast,
  STAFF_ROLE,
  type Cast,
} from '../../support/console';
import { GROUP, GUILD_A, GUILD_B, ROLE_HIGH, ROLE_LOW } from '../../support/world';
import { groupBind, TEST_GROUP } from '../../support/server-config';

const t = useFakeApp(consoleWorld);
let cast: Cast;
beforeEach(async () => {
  cast = await signInCast(t.app);
});

const A = `/api/v1/server/${GUILD_A}`;
const getBinds = (s: Session, server = A) =>
  t.app.inject({ method: 'GET', url: `${server}/binds`, headers: s.headers });
const putBinds = (s: Session, binds: unknown[], server = A) =>
  t.app.inject({ method: 'PUT', url: `${server}/binds`, headers: s.headers, payload: { binds } });
const config = async () =>
  (await t.app.inject({ method: 'GET', url: `${A}/config`, headers: cast.owner.headers })).json()
    .data.server_config;
const roleNamed = (name: string) => t.world.guilds.get(GUILD_A)!.roles.find((r) => r.name === name);

describe('who may read and change binds', () => {
  it.each([
    ['owner', 200],
    ['manager', 200],
    ['member', 403],
    ['stranger', 403],
  ] as const)('GET and PUT as the %s: %i', async (who, status) => {
    const s = cast[who];
    const read = await getBinds(s);
    expect(read.statusCode).toBe(status);
    const write = await putBinds(s, [
      { group_id: GROUP, min_rank: 1, max_rank: 255, role_id: ROLE_LOW },
    ]);
    expect(write.statusCode).toBe(status);
    if (status === 403) {
      expect(read.json().error).toBe('not_server_manager');
      expect(write.json().error).toBe('not_server_manager');
      expect(t.world.guilds.get(GUILD_A)!.roles).toHaveLength(5); // nothing created
    }
  });

  it('answers 401 without a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${A}/binds` })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: `${A}/binds`, payload: { binds: [] } });
    expect(put.statusCode).toBe(401);
  });
});

describe('GET /api/v1/server/{id}/binds', () => {
  it('shows the wizard’s one role per rank as the default binds, with the group’s ranks', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A, { group_id: GROUP });
    const res = await getBinds(cast.owner);
    expect(res.statusCode).toBe(200);
    const id = (name: string) => roleNamed(name)!.id;
    expect(res.json().data).toEqual({
      binds: [
        groupBind(1, 1, id('Member'), 'Member'),
        groupBind(50, 50, id('Officer'), 'Officer'),
        groupBind(255, 255, id('Owner'), 'Owner'),
      ],
      groups: [TEST_GROUP],
      items: [],
    });
  });

  it('answers an empty list before any group is set, and live role names after a rename', async () => {
    expect((await getBinds(cast.owner)).json().data).toEqual({ binds: [], groups: [], items: [] });
    await putBinds(cast.owner, [{ group_id: GROUP, min_rank: 1, max_rank: 9, role_id: ROLE_LOW }]);
    roleNamed('Low')!.name = 'Lower';
    expect((await getBinds(cast.owner)).json().data.binds[0].role_name).toBe('Lower');
  });
});

describe('PUT /api/v1/server/{id}/binds', () => {
  it('saves rank ranges of several groups to existing and new roles, in order', async () => {
    const res = await putBinds(cast.owner, [
      { group_id: GROUP, min_rank: 1, max_rank: 49, role_id: ROLE_LOW },
      { group_id: Number(GROUP2), min_rank: 10, max_rank: 255, role_name: 'Rangers' },
      {
        group_id: `https://www.roblox.com/communities/${GROUP}/x`,
        min_rank: 50,
        max_rank: 255,
        role_name: 'rangers',
      },
    ]);
    expect(res.statusCode).toBe(200);
    const rangers = roleNamed('Rangers')!;
    expect(t.world.guilds.get(GUILD_A)!.roles.filter((r) => r.name === 'Rangers')).toHaveLength(1);
    expect(res.json().data.binds).toEqual([
      groupBind(1, 49, ROLE_LOW, 'Low'),
      groupBind(10, 255, rangers.id, 'Rangers', GROUP2),
      groupBind(50, 255, rangers.id, 'Rangers'),
    ]);
    expect(res.json().data.groups.map((g: { name: string }) => g.name)).toEqual([
      'Test Group',
      'Second Group',
    ]);
    expect((await getBinds(cast.owner)).json().data).toEqual(res.json().data);
    expect((await config()).group_id).toBe(GROUP);
  });

  it('lets a manager bind roles below their own', async () => {
    const ok = await putBinds(cast.manager, [
      { group_id: GROUP, min_rank: 1, max_rank: 1, role_id: EXTRA_ROLE },
    ]);
    expect(ok.statusCode).toBe(200);
  });

  it('an empty list removes the group integration', async () => {
    await completeSetup(t.app, cast.owner, GUILD_A, { group_id: GROUP });
    const res = await putBinds(cast.owner, []);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ binds: [], groups: [], items: [] });
    expect((await config()).group_id).toBeNull();
    const edit = await t.app.inject({
      method: 'GET',
      url: `${A}/edit`,
      headers: cast.owner.headers,
    });
    expect(edit.json().data.group).toBeNull();
  });

  it('records the change with who made it, before and after', async () => {
    await putBinds(cast.owner, [{ group_id: GROUP, min_rank: 1, max_rank: 9, role_id: ROLE_LOW }]);
    await putBinds(cast.manager, []);
    expect(await settingChanges(t)).toEqual([
      {
        setting: 'binds',
        before: null,
        after: `group ${GROUP} ranks 1–9 → Low`,
        actor_username: 'owner_olivia',
      },
      {
        setting: 'binds',
        before: `group ${GROUP} ranks 1–9 → Low`,
        after: null,
        actor_username: 'mod_mo',
      },
    ]);
  });

  it.each([
    [
      { group_id: GROUP, min_rank: 9, max_rank: 1, role_id: ROLE_LOW },
      400,
      'bad_request',
      'body.binds[1].min_rank (9) must not be above max_rank (1)',
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 256, role_id: ROLE_LOW },
      400,
      'validation_error',
      'body.binds.1.max_rank must be at most 255',
    ],
    [
      { group_id: GROUP, min_rank: -1, max_rank: 2, role_id: ROLE_LOW },
      400,
      'validation_error',
      'body.binds.1.min_rank must be at least 0',
    ],
    [
      { group_id: 'not a group', min_rank: 1, max_rank: 2, role_id: ROLE_LOW },
      400,
      'bad_request',
      /^body\.binds\[1\]\.group_id is not a Roblox group/,
    ],
    [
      { group_id: '999', min_rank: 1, max_rank: 2, role_id: ROLE_LOW },
      404,
      'group_not_found',
      'body.binds[1].group_id: Roblox group 999 does not exist.',
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 2 },
      400,
      'bad_request',
      'body.binds[1]: send exactly one of role_id or role_name',
    ],
    [
      groupBind(1, 2, ROLE_LOW, 'x'),
      400,
      'bad_request',
      'body.binds[1]: send exactly one of role_id or role_name',
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 2, role_id: '199999999999999999' },
      404,
      'role_not_found',
      'body.binds[1].role_id: that role does not exist in this server.',
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 2, role_id: ROLE_HIGH },
      409,
      'role_above_bot',
      /^body\.binds\[1\]: The role "High" is at or above the bot's highest role/,
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 2, role_id: STAFF_ROLE },
      409,
      'role_too_powerful',
      /^body\.binds\[1\]: The role "Staff" has the Manage Server permission/,
    ],
    [
      { group_id: GROUP, min_rank: 1, max_rank: 2, role_name: '@everyone' },
      400,
      'bad_request',
      'body.binds[1].role_name cannot be @everyone',
    ],
    [
      { group_id: GROUP, min_rank: 0, max_rank: 0, role_name: 'New' },
      400,
      'bad_request',
      'body.binds[1] repeats body.binds[0]',
    ],
  ])('refuses %j (%i %s) and creates nothing', async (bad, status, code, message) => {
    const before = t.world.guilds.get(GUILD_A)!.roles.length;
    const res = await putBinds(cast.owner, [
      { group_id: GROUP, min_rank: 0, max_rank: 0, role_name: 'New' },
      bad,
    ]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(code);
    expect(res.json().message).toEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
    expect(t.world.guilds.get(GUILD_A)!.roles).toHaveLength(before);
    expect((await getBinds(cast.owner)).json().data.binds).toEqual([]);
  });

  it('refuses a manager’s role at or above their own (409 role_above_manager)', async () => {
    const res = await putBinds(cast.manager, [
      { group_id: GROUP, min_rank: 1, max_rank: 1, role_id: ROLE_LOW },
      { group_id: GROUP, min_rank: 2, max_rank: 2, role_name: 'Staff' },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('role_too_powerful');
    t.world.guilds.get(GUILD_A)!.roles.find((r) => r.id === STAFF_ROLE)!.permissions = '0';
    const above = await putBinds(cast.manager, [
      { group_id: GROUP, min_rank: 2, max_rank: 2, role_id: STAFF_ROLE },
    ]);
    expect(above.statusCode).toBe(409);
    expect(above.json().error).toBe('role_above_manager');
  });

  it('needs the bot for a non-empty list (409 bot_not_in_server), not for removing', async () => {
    const B = `/api/v1/server/${GUILD_B}`;
    const res = await putBinds(
      cast.owner,
      [{ group_id: GROUP, min_rank: 1, max_rank: 1, role_name: 'X' }],
      B,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('bot_not_in_server');
    expect((await putBinds(cast.owner, [], B)).statusCode).toBe(200);
  });

  it('refuses more than 250 binds and a body without a list', async () => {
    const many = Array.from({ length: 251 }, (_, i) => ({
      group_id: GROUP,
      min_rank: i % 256,
      max_rank: 255,
      role_id: ROLE_LOW,
    }));
    const res = await putBinds(cast.owner, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body\.binds/);
    const none = await t.app.inject({
      method: 'PUT',
      url: `${A}/binds`,
      headers: cast.owner.headers,
      payload: {},
    });
    expect(none.json().message).toBe('body.binds is required');
  });
});

describe('the wizard and the edit-group route make the default binds', () => {
  it('edit/group puts the new group’s one role per rank first; the other group’s bind stays', async () => {
    await putBinds(cast.owner, [
      { group_id: GROUP2, min_rank: 1, max_rank: 255, role_id: ROLE_LOW },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${A}/edit/group`,
      headers: cast.owner.headers,
      payload: { group_id: GROUP },
    });
    expect(res.statusCode).toBe(200);
    const binds = (await getBinds(cast.owner)).json().data.binds;
    expect(
      binds.map(
        (b: { group_id: string; min_rank: number; max_rank: number; role_name: string }) => [
          b.group_id,
          b.min_rank,
          b.max_rank,
          b.role_name,
        ],
      ),
    ).toEqual([
      [GROUP, 1, 1, 'Member'],
      [GROUP, 50, 50, 'Officer'],
      [GROUP, 255, 255, 'Owner'],
      [GROUP2, 1, 255, 'Low'],
    ]);
  });
});
