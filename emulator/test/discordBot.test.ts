import {
  BOT,
  CLIENT_ID,
  GUILDS,
  guildState,
  ROLES,
  USERS,
  DISCORD_CLIENT,
  useEmulator,
} from './helpers';

const app = useEmulator();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api/v10${url}`, headers: BOT, ...(payload ? { payload } : {}) });

const memberState = (guildId: string, userId: string) =>
  guildState(app, guildId).members.find((m) => m.user_id === userId)!;

describe('guilds and roles', () => {
  it('GET /guilds/{id}?with_counts=true returns the guild with roles and counts', async () => {
    const res = await call('GET', `/guilds/${GUILDS.withBot}?with_counts=true`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: GUILDS.withBot,
      name: 'Bot Guild',
      owner_id: USERS.owner,
      approximate_member_count: 5,
    });
    expect(res.json().roles).toHaveLength(4);
  });

  it('answers 404 10004 Unknown Guild for a guild without the bot or that does not exist', async () => {
    for (const id of [GUILDS.noBot, '999999999999999999']) {
      const res = await call('GET', `/guilds/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Unknown Guild', code: 10004 });
    }
  });

  it('answers 403 50001 Missing Access on sub-resources of a guild without the bot', async () => {
    const res = await call('GET', `/guilds/${GUILDS.noBot}/roles`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });

  it('lists roles with the managed bot role tagged', async () => {
    const roles = (await call('GET', `/guilds/${GUILDS.withBot}/roles`)).json();
    expect(roles.find((r: { managed: boolean }) => r.managed)).toMatchObject({
      name: 'RoConnect',
      position: 5,
      tags: { bot_id: CLIENT_ID },
    });
    expect(roles[0]).toMatchObject({ id: GUILDS.withBot, name: '@everyone', position: 0 });
  });

  it('creates roles at position 1 and moves the others up', async () => {
    const res = await call('POST', `/guilds/${GUILDS.withBot}/roles`, {
      name: 'Verified',
      permissions: '0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Verified',
      position: 1,
      managed: false,
      permissions: '0',
    });
    const positions = app.emulator
      .state()
      .discord.guilds[0]!.roles.map((r) => [r.name, r.position]);
    expect(positions).toEqual([
      ['@everyone', 0],
      ['Verified', 1],
      ['Low', 3],
      ['RoConnect', 6],
      ['High', 8],
    ]);
  });

  it('refuses a role name over 100 characters with 50035', async () => {
    const res = await call('POST', `/guilds/${GUILDS.withBot}/roles`, { name: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 50035,
      errors: { name: { _errors: [expect.objectContaining({ code: 'BASE_TYPE_MAX_LENGTH' })] } },
    });
  });

  it('GET /users/@me/guilds with the bot token lists only guilds with the bot', async () => {
    const res = await call('GET', '/users/@me/guilds');
    expect(res.json().map((g: { id: string }) => g.id)).toEqual([GUILDS.withBot]);
  });

  it('sends plausible rate-limit headers', async () => {
    const res = await call('GET', `/guilds/${GUILDS.withBot}/roles`);
    expect(res.headers['x-ratelimit-limit']).toBe('5');
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
    expect(Number(res.headers['x-ratelimit-reset-after'])).toBeGreaterThan(0);
    expect(res.headers['x-ratelimit-bucket']).toMatch(/^[0-9a-f]{16}$/);
  });

  it('answers 401 for a wrong bot token', async () => {
    const res = await app.inject({
      url: `/api/v10/guilds/${GUILDS.withBot}`,
      headers: { ...DISCORD_CLIENT, authorization: 'Bot wrong' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: '401: Unauthorized', code: 0 });
  });
});

describe('members', () => {
  it('GET member returns roles and nick; 10007 for a non-member', async () => {
    expect(
      (await call('GET', `/guilds/${GUILDS.withBot}/members/${USERS.mod}`)).json(),
    ).toMatchObject({
      user: { id: USERS.mod, username: 'mod_mo' },
      nick: null,
      roles: [ROLES.high],
    });
    const res = await call('GET', `/guilds/${GUILDS.withBot}/members/123456789012345678`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown Member', code: 10007 });
  });

  it('PATCH nick changes a member below the bot, and "" or null resets it', async () => {
    expect(
      (
        await call('PATCH', `/guilds/${GUILDS.withBot}/members/${USERS.member}`, {
          nick: 'Max (Ruby)',
        })
      ).statusCode,
    ).toBe(200);
    expect(memberState(GUILDS.withBot, USERS.member).nick).toBe('Max (Ruby)');
    await call('PATCH', `/guilds/${GUILDS.withBot}/members/${USERS.member}`, { nick: '' });
    expect(memberState(GUILDS.withBot, USERS.member).nick).toBeNull();
  });

  it.each([
    ['the guild owner', USERS.owner],
    ['a member whose role sits above the bot', USERS.mod],
  ])('PATCH nick on %s → 403 50013', async (_label, userId) => {
    const res = await call('PATCH', `/guilds/${GUILDS.withBot}/members/${userId}`, {
      nick: 'Nope',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
  });

  it('PATCH nick longer than 32 → 50035', async () => {
    const res = await call('PATCH', `/guilds/${GUILDS.withBot}/members/${USERS.member}`, {
      nick: 'n'.repeat(33),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(50035);
  });

  it('PUT and DELETE a role below the bot answer 204 and change the member', async () => {
    const put = await call(
      'PUT',
      `/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
    );
    expect(put.statusCode).toBe(204);
    expect(memberState(GUILDS.withBot, USERS.member).roles).toEqual([ROLES.low]);
    expect(memberState(GUILDS.withBot, USERS.member).role_names).toEqual(['Low']);
    const del = await call(
      'DELETE',
      `/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
    );
    expect(del.statusCode).toBe(204);
    expect(memberState(GUILDS.withBot, USERS.member).roles).toEqual([]);
  });

  it('PUT a role at or above the bot’s highest role → 50013', async () => {
    const res = await call(
      'PUT',
      `/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.high}`,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(50013);
    expect(memberState(GUILDS.withBot, USERS.member).roles).toEqual([]);
  });

  it('PUT the bot’s own managed role → 50013', async () => {
    const botRole = app.emulator.state().discord.guilds[0]!.roles.find((r) => r.managed)!;
    const res = await call(
      'PUT',
      `/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${botRole.id}`,
    );
    expect(res.json().code).toBe(50013);
  });

  it('PUT an unknown role → 404 10011; unknown member → 404 10007', async () => {
    const role = await call(
      'PUT',
      `/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/999999999999999999`,
    );
    expect(role.statusCode).toBe(404);
    expect(role.json()).toEqual({ message: 'Unknown Role', code: 10011 });
    const member = await call(
      'PUT',
      `/guilds/${GUILDS.withBot}/members/123456789012345678/roles/${ROLES.low}`,
    );
    expect(member.json()).toEqual({ message: 'Unknown Member', code: 10007 });
  });

  it('role changes in a guild without the bot → 50001', async () => {
    const res = await call(
      'PUT',
      `/guilds/${GUILDS.noBot}/members/${USERS.owner}/roles/${ROLES.low}`,
    );
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });
});

describe('direct messages', () => {
  async function openDm(recipient: string) {
    return call('POST', '/users/@me/channels', { recipient_id: recipient });
  }

  it('opens one stable DM channel per user and records the messages sent', async () => {
    const channel = (await openDm(USERS.member)).json();
    expect(channel).toMatchObject({
      type: 1,
      recipients: [expect.objectContaining({ id: USERS.member })],
    });
    expect((await openDm(USERS.member)).json().id).toBe(channel.id);
    const res = await call('POST', `/channels/${channel.id}/messages`, { content: 'Verified!' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      channel_id: channel.id,
      content: 'Verified!',
      author: { id: CLIENT_ID, bot: true },
    });
    expect(app.emulator.state().discord.dms).toEqual([
      {
        recipient_id: USERS.member,
        recipient_username: 'member_max',
        channel_id: channel.id,
        content: 'Verified!',
        sent_at: expect.any(String),
      },
    ]);
  });

  it('refuses to deliver to a user who does not accept DMs: 403 50007', async () => {
    const channel = (await openDm(USERS.noDms)).json();
    const res = await call('POST', `/channels/${channel.id}/messages`, { content: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cannot send messages to this user', code: 50007 });
    expect(app.emulator.state().discord.dms).toEqual([]);
  });

  it('answers 50033 for an unknown recipient, 50035 for a malformed one, 10003 for an unknown channel, 50006 for an empty message', async () => {
    expect((await openDm('123456789012345678')).json().code).toBe(50033);
    expect((await openDm('abc')).json().code).toBe(50035);
    expect(
      (await call('POST', '/channels/999999999999999999/messages', { content: 'x' })).json().code,
    ).toBe(10003);
    const channel = (await openDm(USERS.member)).json();
    expect((await call('POST', `/channels/${channel.id}/messages`, {})).json().code).toBe(50006);
  });
});
