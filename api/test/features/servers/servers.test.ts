import { useFakeApp } from '../../support/harness';
import { callAs, completeSetup, loginAs, type Session } from '../../support/fake-login';
import { defaultServerConfig } from '../../support/server-config';
import {
  GROUP,
  GUILD_A,
  GUILD_B,
  GUILD_C,
  MAX,
  OLIVIA,
  ROLE_HIGH,
  ROLE_LOW,
} from '../../support/world';
import { refusal } from '../../support/app';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  s: Session = olivia,
) => callAs(t.app, s, method, url, payload);
const A = `/api/v1/server/${GUILD_A}`;

describe('GET config and setup status', () => {
  it('answers the documented defaults before anything is saved', async () => {
    const res = await call('GET', `${A}/config`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      server_config: defaultServerConfig(),
    });
    expect((await call('GET', `${A}/setup`)).json().data).toEqual({
      setup_completed: false,
      setup_step: 'nickname',
    });
  });
});

describe('the setup wizard', () => {
  it('runs nickname → verified_role → group (with ranks) → completed', async () => {
    const n = await call('POST', `${A}/setup/nickname`, {
      nickname_format: 'discord_display_with_roblox',
    });
    expect(n.json()).toEqual({ success: true, data: { setup_step: 'verified_role' } });

    const r = await call('POST', `${A}/setup/verified-role`, {
      verified_role_name: '  Verified  ',
    });
    expect(r.statusCode).toBe(200);
    const roleId = r.json().data.verified_role_id;
    expect(r.json().data.setup_step).toBe('group');
    expect(t.world.guilds.get(GUILD_A)!.roles.find((x) => x.id === roleId)?.name).toBe('Verified');

    const g = await call('POST', `${A}/setup/group`, {
      group_url: `https://www.roblox.com/communities/${GROUP}/test-group#!/about`,
    });
    expect(g.statusCode).toBe(200);
    expect(g.json().data).toEqual({
      setup_completed: true,
      group_id: GROUP,
      group_name: 'Test Group',
      roles_created: ['Member', 'Officer', 'Owner'],
    });
    expect((await call('GET', `${A}/setup`)).json().data).toEqual({
      setup_completed: true,
      setup_step: null,
    });

    const edit = (await call('GET', `${A}/edit`)).json().data;
    expect(edit.server_config).toEqual(
      defaultServerConfig({
        nickname_format: 'discord_display_with_roblox',
        verified_role_id: roleId,
        group_id: GROUP,
      }),
    );
    expect(edit.group).toEqual({
      id: GROUP,
      name: 'Test Group',
      ranks: [
        { rank: 1, name: 'Member', discord_role_id: expect.any(String) },
        { rank: 50, name: 'Officer', discord_role_id: expect.any(String) },
        { rank: 255, name: 'Owner', discord_role_id: expect.any(String) },
      ],
    });
    expect(edit.roles).toContainEqual({
      id: ROLE_HIGH,
      name: 'High',
      position: 7,
      assignable: false,
    });
    expect(edit.roles).toContainEqual({ id: ROLE_LOW, name: 'Low', position: 2, assignable: true });
  });

  it('reuses existing roles and creates only the missing rank roles on a second run', async () => {
    await completeSetup(t.app, olivia, GUILD_A, { group_id: Number(GROUP) });
    const again = await call('PUT', `${A}/edit/group`, { group_id: GROUP });
    expect(again.statusCode).toBe(200);
    const names = t.world.guilds.get(GUILD_A)!.roles.map((r) => r.name);
    expect(names.filter((n) => n === 'Officer')).toHaveLength(1);
  });

  it('uses an existing role the bot can give', async () => {
    await call('POST', `${A}/setup/nickname`, { nickname_format: 'none' });
    const r = await call('POST', `${A}/setup/verified-role`, { verified_role_name: 'low' });
    expect(r.json().data.verified_role_id).toBe(ROLE_LOW);
  });

  it('refuses a role at or above the bot’s highest role, saying so', async () => {
    await call('POST', `${A}/setup/nickname`, { nickname_format: 'none' });
    const r = await call('POST', `${A}/setup/verified-role`, { verified_role_name: 'High' });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toBe('role_above_bot');
    expect(r.json().message).toMatch(/"High" is at or above the bot's highest role/);
  });

  it('refuses steps out of order and setup without the bot', async () => {
    const early = await call('POST', `${A}/setup/group`, { skip: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('setup_step_out_of_order');
    await call('POST', `/api/v1/server/${GUILD_B}/setup/nickname`, { nickname_format: 'none' });
    const noBot = await call('POST', `/api/v1/server/${GUILD_B}/setup/verified-role`, {
      verified_role_name: 'Verified',
    });
    expect(noBot.statusCode).toBe(409);
    expect(noBot.json().error).toBe('bot_not_in_server');
  });

  it('completes with skip and keeps no group', async () => {
    const [, , g] = await completeSetup(t.app, olivia, GUILD_A);
    expect(g!.json().data).toEqual({
      setup_completed: true,
      group_id: null,
      group_name: null,
      roles_created: [],
    });
    expect((await call('GET', `${A}/edit`)).json().data.group).toBeNull();
  });

  it('answers 404 for a group that does not exist and 400 for a link that is not a group', async () => {
    await call('POST', `${A}/setup/nickname`, { nickname_format: 'none' });
    await call('POST', `${A}/setup/verified-role`, { verified_role_name: 'Verified' });
    const missing = await call('POST', `${A}/setup/group`, { group_id: '999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('group_not_found');
    const notGroup = await call('POST', `${A}/setup/group`, {
      group_url: 'https://example.com/groups/1',
    });
    expect(notGroup.statusCode).toBe(400);
    expect(notGroup.json().message).toMatch(/^body\.group_url is not a Roblox group/);
  });
});

describe('the edit routes', () => {
  beforeEach(async () => {
    await completeSetup(t.app, olivia, GUILD_A);
  });

  it('changes the nickname format', async () => {
    const res = await call('PUT', `${A}/edit/nickname`, { nickname_format: 'discord_username' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.nickname_format).toBe('discord_username');
    expect((await call('GET', `${A}/config`)).json().data.server_config.nickname_format).toBe(
      'discord_username',
    );
  });

  it('changes the verified role by id, by name, and refuses a role above the bot', async () => {
    const byId = await call('PUT', `${A}/edit/verified-role`, {
      verified_role_name: 'Low',
      verified_role_id: ROLE_LOW,
    });
    expect(byId.json().data.server_config).toMatchObject({
      verified_role_id: ROLE_LOW,
      verified_role_name: 'Low',
    });
    const byName = await call('PUT', `${A}/edit/verified-role`, {
      verified_role_name: 'Members',
      verified_role_id: null,
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.server_config.verified_role_name).toBe('Members');
    const high = await call('PUT', `${A}/edit/verified-role`, {
      verified_role_name: 'High',
      verified_role_id: ROLE_HIGH,
    });
    expect(high.statusCode).toBe(409);
    const gone = await call('PUT', `${A}/edit/verified-role`, {
      verified_role_name: 'X',
      verified_role_id: '139999999999999999',
    });
    expect(gone.statusCode).toBe(404);
  });

  it('changes the group', async () => {
    const res = await call('PUT', `${A}/edit/group`, { group_url: `roblox.com/groups/${GROUP}/x` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.server_config.group_id).toBe(GROUP);
  });
});

describe('authorisation', () => {
  const routes: [string, string, unknown][] = [
    ['GET', 'config', undefined],
    ['GET', 'setup', undefined],
    ['POST', 'setup/nickname', { nickname_format: 'none' }],
    ['POST', 'setup/verified-role', { verified_role_name: 'V' }],
    ['POST', 'setup/group', { skip: true }],
    ['GET', 'edit', undefined],
    ['PUT', 'edit/nickname', { nickname_format: 'none' }],
    ['PUT', 'edit/verified-role', { verified_role_name: 'V', verified_role_id: null }],
    ['PUT', 'edit/group', { group_id: 1 }],
  ];

  it.each(routes)(
    '%s %s: 403 for a server the caller does not manage',
    async (method, path, body) => {
      const max = await loginAs(t.app, MAX); // plain member of GUILD_A
      const asMember = await call(method as 'GET', `${A}/${path}`, body, max);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ success: false, error: 'not_server_manager' });
      const notMine = await call(method as 'GET', `/api/v1/server/${GUILD_C}/${path}`, body);
      expect(notMine.statusCode).toBe(403);
    },
  );

  it.each(routes)(
    '%s %s: an unknown server answers exactly like one that is not yours (no existence oracle); 401 without a session',
    async (method, path, body) => {
      const unknown = await call(
        method as 'GET',
        `/api/v1/server/199999999999999999/${path}`,
        body,
      );
      const notMine = await call(method as 'GET', `/api/v1/server/${GUILD_C}/${path}`, body);
      expect(unknown.statusCode).toBe(403);
      expect(unknown.json()).toEqual(notMine.json());
      const anon = await t.app.inject({
        method: method as 'GET',
        url: `${A}/${path}`,
        ...(body ? { payload: body as object } : {}),
      });
      expect(anon.statusCode).toBe(401);
    },
  );

  it.each(routes)('%s %s: 400 for a bad server id', async (method, path, body) => {
    for (const id of ['abc', '12', '1'.repeat(21), '-120000000000000001']) {
      const res = await call(method as 'GET', `/api/v1/server/${id}/${path}`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('params.id must be a Discord id (17 to 20 digits)');
    }
  });
});

describe('bad input', () => {
  const formats =
    'roblox_username, roblox_display, discord_display, discord_username, discord_display_with_roblox, none';
  const cases: [string, string, unknown, string][] = [
    ['POST', 'setup/nickname', {}, 'body.nickname_format is required'],
    [
      'POST',
      'setup/nickname',
      { nickname_format: 'fancy' },
      `body.nickname_format must be one of ${formats}`,
    ],
    [
      'POST',
      'setup/nickname',
      { nickname_format: 3 },
      `body.nickname_format must be one of ${formats}`,
    ],
    ['POST', 'setup/nickname', { nickname_format: 'none', extra: 1 }, 'body.extra is not allowed'],
    [
      'PUT',
      'edit/nickname',
      { nickname_format: null },
      `body.nickname_format must be one of ${formats}`,
    ],
    ['POST', 'setup/verified-role', {}, 'body.verified_role_name is required'],
    [
      'POST',
      'setup/verified-role',
      { verified_role_name: 5 },
      'body.verified_role_name must be a string',
    ],
    [
      'POST',
      'setup/verified-role',
      { verified_role_name: '' },
      'body.verified_role_name must not be empty',
    ],
    [
      'POST',
      'setup/verified-role',
      { verified_role_name: '    ' },
      'body.verified_role_name must not be empty',
    ],
    [
      'POST',
      'setup/verified-role',
      { verified_role_name: 'x'.repeat(101) },
      'body.verified_role_name must be at most 100 characters',
    ],
    [
      'POST',
      'setup/verified-role',
      { verified_role_name: '@everyone' },
      'body.verified_role_name cannot be @everyone',
    ],
    ['PUT', 'edit/verified-role', { verified_role_name: 'V' }, 'body.verified_role_id is required'],
    [
      'PUT',
      'edit/verified-role',
      { verified_role_name: 'V', verified_role_id: '12' },
      'body.verified_role_id must be a Discord id (17 to 20 digits) or null',
    ],
    ['POST', 'setup/group', {}, 'send exactly one of body.group_id, body.group_url or body.skip'],
    ['POST', 'setup/group', { skip: false }, 'body.skip must be true'],
    [
      'POST',
      'setup/group',
      { skip: true, group_id: 1 },
      'send exactly one of body.group_id, body.group_url or body.skip',
    ],
    ['POST', 'setup/group', { group_id: true }, 'body.group_id must be a string or a whole number'],
    [
      'POST',
      'setup/group',
      { group_id: -4 },
      'body.group_id must be a string or a number of at least 1',
    ],
    [
      'POST',
      'setup/group',
      { group_url: 'u'.repeat(501) },
      'body.group_url must be at most 500 characters',
    ],
    ['PUT', 'edit/group', {}, 'body.group_id or body.group_url is required'],
    ['PUT', 'edit/group', { group_id: 'abc' }, 'body.group_id is not a Roblox group'],
    [
      'PUT',
      'edit/group',
      { group_id: 1, group_url: 'x' },
      'send either body.group_id or body.group_url, not both',
    ],
  ];

  it.each(cases)('%s %s %j → 400', async (method, path, body, message) => {
    // walk to the group step so order checks do not mask input checks
    await call('POST', `${A}/setup/nickname`, { nickname_format: 'none' });
    await call('POST', `${A}/setup/verified-role`, { verified_role_name: 'Verified' });
    const res = await call(method as 'POST', `${A}/${path}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toEqual(
      expect.stringMatching(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
    );
  });

  it.each(['setup/nickname', 'setup/verified-role', 'setup/group'])(
    'POST %s with junk JSON → 400',
    async (path) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${A}/${path}`,
        headers: { ...olivia.headers, 'content-type': 'application/json' },
        payload: '{"nickname_format": roblox',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(refusal('bad_request', 'body is not valid JSON'));
    },
  );
});
