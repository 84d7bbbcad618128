import { validateSeed } from '../src/seed/validate';
import { BOT, controlCall, GUILDS, ROLES, testSeed, USERS, useEmulator } from './helpers';

const app = useEmulator();

const faults = (body: unknown) => controlCall(app, 'POST', '/__emulator/faults', body);
const roles = () => app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}/roles`, headers: BOT });

describe('POST /__emulator/faults', () => {
  it('fails the next `count` matching calls with a 429, retry_after and rate-limit headers, then recovers', async () => {
    const res = await faults({
      faults: [
        {
          method: 'GET',
          path: `/api/v10/guilds/${GUILDS.withBot}/roles`,
          status: 429,
          retry_after: 1.5,
          count: 2,
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const limited = await roles();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: 'You are being rate limited.',
        retry_after: 1.5,
        global: false,
      });
      expect(limited.headers['retry-after']).toBe('2');
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      expect(limited.headers['x-ratelimit-reset-after']).toBe('1.500');
      expect(limited.headers['x-ratelimit-scope']).toBe('user');
    }
    expect((await roles()).statusCode).toBe(200);
    expect(app.emulator.state().faults).toEqual([]);
  });

  it('sends the chosen Discord status, code and message', async () => {
    await faults({
      faults: [
        {
          method: 'PUT',
          path: '^/api/v10/guilds/\\d+/members/\\d+/roles/\\d+$',
          status: 403,
          code: 50013,
          count: 1,
        },
      ],
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
      headers: BOT,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
  });

  it('matches the method and leaves other methods alone; * or omitted matches any', async () => {
    await faults({
      faults: [
        { method: 'POST', path: `/api/v10/guilds/${GUILDS.withBot}/roles`, status: 500, count: 1 },
      ],
    });
    expect((await roles()).statusCode).toBe(200);
    await faults({
      faults: [
        {
          path: `/api/v10/guilds/${GUILDS.withBot}/roles`,
          status: 502,
          message: 'Bad gateway today',
          count: 1,
        },
      ],
    });
    const res = await roles();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ message: 'Bad gateway today', code: 0 });
  });

  it('answers Roblox paths in Roblox’s error shape', async () => {
    await faults({
      faults: [{ method: 'GET', path: '/v1/groups/7001', status: 503, code: 0, count: 1 }],
    });
    const res = await app.inject({ url: '/v1/groups/7001' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: [{ code: 0, message: '503: Service Unavailable' }] });
  });

  it('an exact path does not match longer paths', async () => {
    await faults({
      faults: [{ method: 'GET', path: `/api/v10/guilds/${GUILDS.withBot}`, status: 500, count: 1 }],
    });
    expect((await roles()).statusCode).toBe(200);
    expect(app.emulator.faults.list()).toHaveLength(1);
  });

  it.each([
    [{}, 'body must be {"faults"'],
    [{ faults: 'x' }, 'body must be {"faults"'],
    [{ faults: [1] }, 'faults[0] must be an object'],
    [
      { faults: [{ path: '/x', status: 200 }] },
      'faults[0].status must be an integer from 400 to 599',
    ],
    [{ faults: [{ status: 500 }] }, 'faults[0].path must be a non-empty string'],
    [{ faults: [{ path: '([', status: 500 }] }, 'faults[0].path is not a valid regular expression'],
    [
      { faults: [{ path: '/x', status: 500, count: 0 }] },
      'faults[0].count must be an integer from 1 to 1000',
    ],
    [
      { faults: [{ path: '/x', status: 429, retry_after: -1 }] },
      'faults[0].retry_after must be a number',
    ],
    [{ faults: [{ path: '/x', status: 500, method: 'BREW' }] }, 'faults[0].method must be one of'],
    [
      { faults: [{ path: '/x', status: 500, code: 'x' }] },
      'faults[0].code must be a non-negative integer',
    ],
  ])('refuses %j with a 400 naming the field', async (body, message) => {
    const res = await faults(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(app.emulator.faults.list()).toEqual([]);
  });

  it('never faults the control routes themselves', async () => {
    await faults({ faults: [{ path: '.*', status: 500, count: 5 }] });
    expect((await app.inject({ url: '/__emulator/state' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: '/__emulator/faults' })).statusCode).toBe(
      200,
    );
    expect((await roles()).statusCode).toBe(200);
  });
});

describe('junk input never crashes it', () => {
  it.each([
    ['POST', '/__emulator/faults', 'application/json', '{not json'],
    ['POST', '/__emulator/reset', 'application/json', '[1,2'],
    ['POST', `/api/v10/guilds/${GUILDS.withBot}/roles`, 'application/json', '{"name":'],
    [
      'PATCH',
      `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}`,
      'application/json',
      'null',
    ],
    ['POST', '/api/v10/users/@me/channels', 'application/json', '"just a string"'],
    ['POST', '/api/oauth2/token', 'text/plain', 'grant_type=x'],
    ['POST', '/oauth2/authorize', 'application/x-www-form-urlencoded', '%%%'],
  ] as const)('%s %s with %s %j → 4xx', async (method, url, type, payload) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'content-type': type, ...BOT },
      payload,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('unknown paths answer 404 in the provider’s shape', async () => {
    expect((await app.inject({ url: '/api/v10/nope' })).json()).toEqual({
      message: '404: Not Found',
      code: 0,
    });
    expect((await app.inject({ url: '/v1/nope/x/y' })).json()).toEqual({
      errors: [{ code: 0, message: '404: Not Found' }],
    });
  });
});

describe('state and reset', () => {
  it('GET /__emulator/state shows guilds with bot presence, roles, members with nicknames', async () => {
    const state = (await app.inject({ url: '/__emulator/state' })).json();
    expect(
      state.discord.guilds.map((g: { id: string; bot_present: boolean }) => [g.id, g.bot_present]),
    ).toEqual([
      [GUILDS.withBot, true],
      [GUILDS.noBot, false],
    ]);
    expect(state.discord.guilds[0].members).toContainEqual({
      user_id: USERS.mod,
      username: 'mod_mo',
      nick: null,
      permissions: '0',
      roles: [ROLES.high],
      role_names: ['High'],
    });
    expect(state.discord.dms).toEqual([]);
    expect(state.roblox.groups[0].name).toBe('Test Group');
  });

  it('POST /__emulator/reset restores the seed and clears faults and DMs', async () => {
    await app.inject({
      method: 'PUT',
      url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
      headers: BOT,
    });
    await faults({ faults: [{ path: '/api/v10/users/@me', status: 500, count: 3 }] });
    const res = await app.inject({ method: 'POST', url: '/__emulator/reset' });
    expect(res.json()).toEqual({ ok: true });
    const state = app.emulator.state();
    expect(state.discord.guilds[0]!.members.find((m) => m.user_id === USERS.member)!.roles).toEqual(
      [],
    );
    expect(state.faults).toEqual([]);
  });

  it('POST /__emulator/reset with a seed replaces it, and refuses a bad one with its issues', async () => {
    const seed = testSeed();
    seed.discord.guilds[1]!.bot_present = true;
    const ok = await app.inject({ method: 'POST', url: '/__emulator/reset', payload: { seed } });
    expect(ok.statusCode).toBe(200);
    expect(app.emulator.state().discord.guilds[1]!.bot_present).toBe(true);
    seed.discord.users[0]!.id = 'abc';
    const bad = await app.inject({ method: 'POST', url: '/__emulator/reset', payload: { seed } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toContain(
      'discord.users[0].id must be a snowflake string (17–20 digits)',
    );
    expect(app.emulator.state().discord.guilds[1]!.bot_present).toBe(true);
  });
});

describe('PATCH /__emulator/guilds/{guild_id}/members/{user_id}', () => {
  const patch = (guildId: string, userId: string, body: unknown) =>
    controlCall(app, 'PATCH', `/__emulator/guilds/${guildId}/members/${userId}`, body);
  const member = async (userId: string) =>
    (await app.inject({ url: '/__emulator/state' }))
      .json()
      .discord.guilds.find((g: { id: string }) => g.id === GUILDS.withBot)
      .members.find((m: { user_id: string }) => m.user_id === userId);

  it('changes a member’s permissions and roles, as the server’s staff would', async () => {
    const res = await patch(GUILDS.withBot, USERS.member, {
      permissions: '32',
      roles: [ROLES.low],
    });
    expect(res.statusCode).toBe(200);
    expect(await member(USERS.member)).toMatchObject({ permissions: '32', roles: [ROLES.low] });
    // the member's guild list (what a dashboard login reads) follows
    expect((await patch(GUILDS.withBot, USERS.member, { permissions: '0' })).statusCode).toBe(200);
    expect(await member(USERS.member)).toMatchObject({ permissions: '0', roles: [ROLES.low] });
  });

  it.each([
    [{ permissions: 8 }, 'body.permissions must be a decimal string'],
    [{ roles: ['999999999999999999'] }, 'body.roles[0] is not a role of this server'],
    [{ nick: 'x' }, 'body.nick is not allowed'],
  ])('answers 400 naming the field for %j', async (body, message) => {
    const res = await patch(GUILDS.withBot, USERS.member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown server or a non-member', async () => {
    expect((await patch('129999999999999999', USERS.member, {})).statusCode).toBe(404);
    expect((await patch(GUILDS.withBot, '119999999999999999', {})).statusCode).toBe(404);
  });
});

describe('role permissions', () => {
  it('seeds them, shows them in the state, and gives a created role @everyone’s unless told otherwise', async () => {
    const seed = testSeed();
    seed.discord.guilds[0]!.roles = [
      ...(seed.discord.guilds[0]!.roles ?? []),
      { id: '130000000000000099', name: 'Admins', position: 3, permissions: '8' },
    ];
    const seeded = (await import('../src')).createEmulator({ seed });
    const state = (await seeded.inject({ url: '/__emulator/state' })).json();
    const roleList = state.discord.guilds[0].roles;
    expect(roleList.find((r: { name: string }) => r.name === 'Admins').permissions).toBe('8');
    const everyone = roleList.find((r: { name: string }) => r.name === '@everyone').permissions;
    const created = await seeded.inject({
      method: 'POST',
      url: `/api/v10/guilds/${seed.discord.guilds[0]!.id}/roles`,
      headers: { ...BOT, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Fresh' }),
    });
    expect(created.json().permissions).toBe(everyone);
    const none = await seeded.inject({
      method: 'POST',
      url: `/api/v10/guilds/${seed.discord.guilds[0]!.id}/roles`,
      headers: { ...BOT, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Bare', permissions: '0' }),
    });
    expect(none.json().permissions).toBe('0');
    await seeded.close();
  });

  it('refuses a seed role whose permissions are not a decimal string, naming the field', () => {
    const seed = testSeed() as any;
    seed.discord.guilds[0].roles = [
      { id: '130000000000000099', name: 'X', position: 3, permissions: 8 },
    ];
    expect(() => validateSeed(seed)).toThrow(/discord\.guilds\[0\]\.roles\[0\]\.permissions/);
  });
});

describe('GET /__emulator/calls', () => {
  it('counts the bot’s REST calls by route (users’ calls are not counted), until reset', async () => {
    await app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}`, headers: BOT });
    await app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}/roles`, headers: BOT });
    await app.inject({ url: `/api/guilds/${GUILDS.withBot}/roles`, headers: BOT });
    await app.inject({ url: '/api/v10/users/@me', headers: { authorization: 'Bearer nope' } });
    const calls = (await app.inject({ url: '/__emulator/calls' })).json();
    expect(calls.bot).toEqual({
      total: 3,
      routes: {
        'GET /api/guilds/:guildId/roles': 1,
        'GET /api/v10/guilds/:guildId': 1,
        'GET /api/v10/guilds/:guildId/roles': 1,
      },
    });
    await app.inject({ method: 'POST', url: '/__emulator/reset' });
    expect((await app.inject({ url: '/__emulator/calls' })).json().bot.total).toBe(0);
  });
});

describe('GET /__emulator/calls: Roblox', () => {
  it('counts the Roblox web API calls by route, not OAuth, with the most answered at once, until cleared', async () => {
    await app.inject({
      method: 'POST',
      url: '/__emulator/latency',
      payload: { rules: [{ path: '^/v1/groups/', ms: 30 }] },
    });
    await Promise.all([
      app.inject({ url: '/v1/groups/7001' }),
      app.inject({ url: '/v1/groups/7001/roles' }),
      app.inject({ url: '/v1/groups/7001' }),
    ]);
    await app.inject({ url: '/v2/users/501/groups/roles' });
    await app.inject({ method: 'POST', url: '/oauth/v1/token', payload: {} });
    const calls = (await app.inject({ url: '/__emulator/calls' })).json();
    expect(calls.roblox).toEqual({
      total: 4,
      routes: {
        'GET /v1/groups/:groupId': 2,
        'GET /v1/groups/:groupId/roles': 1,
        'GET /v2/users/:userId/groups/roles': 1,
      },
      most_in_flight: 3,
    });
    await app.inject({ method: 'DELETE', url: '/__emulator/calls' });
    expect((await app.inject({ url: '/__emulator/calls' })).json().roblox).toEqual({
      total: 0,
      routes: {},
      most_in_flight: 0,
    });
  });
});
