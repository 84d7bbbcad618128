import { createEmulator, type EmulatorApp, type Seed } from '../src';
import { BOT, GUILDS, guildState, testSeed, USERS, DISCORD_CLIENT } from './helpers';

const CHANNELS = {
  rules: '150000000000000001',
  verify: '150000000000000002',
  category: '150000000000000003',
  locked: '150000000000000004',
};

function seedWithChannels(): Seed {
  const seed = testSeed();
  seed.discord.guilds[0]!.channels = [
    { id: CHANNELS.category, name: 'Info', type: 4 },
    { id: CHANNELS.rules, name: 'rules', type: 0 },
    { id: CHANNELS.verify, name: 'verify', type: 0 },
    { id: CHANNELS.locked, name: 'announcements', type: 5, bot_can_send: false },
  ];
  return seed;
}

let app: EmulatorApp;
afterEach(() => app.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v10${url}`,
    headers: BOT,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const post = (channelId: string, payload: unknown) =>
  call('POST', `/channels/${channelId}/messages`, payload);

const channelState = (guildId: string, channelId: string) =>
  guildState(app, guildId).channels.find((c) => c.id === channelId)!;

describe('GET /guilds/{g}/channels', () => {
  it('lists the seeded channels in order', async () => {
    app = createEmulator({ seed: seedWithChannels() });
    const res = await call('GET', `/guilds/${GUILDS.withBot}/channels`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: any) => [c.id, c.name, c.type, c.position])).toEqual([
      [CHANNELS.category, 'Info', 4, 0],
      [CHANNELS.rules, 'rules', 0, 1],
      [CHANNELS.verify, 'verify', 0, 2],
      [CHANNELS.locked, 'announcements', 5, 3],
    ]);
    expect(res.json()[1]).toMatchObject({
      guild_id: GUILDS.withBot,
      permission_overwrites: [],
      last_message_id: null,
    });
  });

  it('gives a guild without channels one text channel `general` with the guild’s id', async () => {
    app = createEmulator({ seed: testSeed() });
    const res = await call('GET', `/guilds/${GUILDS.withBot}/channels`);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: GUILDS.withBot, name: 'general', type: 0 }),
    ]);
  });

  it('answers 403 50001 for a guild without the bot and 401 without the bot token', async () => {
    app = createEmulator({ seed: testSeed() });
    const res = await call('GET', `/guilds/${GUILDS.noBot}/channels`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
    const anon = await app.inject({
      url: `/api/v10/guilds/${GUILDS.withBot}/channels`,
      headers: DISCORD_CLIENT,
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('POST /channels/{c}/messages in a guild', () => {
  it('stores the message with content, embeds and components and returns it with an id', async () => {
    app = createEmulator({ seed: seedWithChannels() });
    const body = {
      content: 'Click to verify',
      embeds: [{ title: 'Verify', description: 'Link your Roblox account' }],
      components: [
        {
          type: 1,
          components: [{ type: 2, style: 1, label: 'Verify', custom_id: 'verify:start' }],
        },
      ],
    };
    const res = await post(CHANNELS.verify, body);
    expect(res.statusCode).toBe(200);
    const message = res.json();
    expect(message).toMatchObject({
      id: expect.stringMatching(/^\d{17,20}$/),
      channel_id: CHANNELS.verify,
      guild_id: GUILDS.withBot,
      ...body,
      author: { bot: true },
    });
    const state = channelState(GUILDS.withBot, CHANNELS.verify);
    expect(state).toMatchObject({ name: 'verify', message_count: 1, bot_can_send: true });
    expect(state.messages).toEqual([{ id: message.id, ...body, sent_at: message.timestamp }]);
    const listed = await call('GET', `/guilds/${GUILDS.withBot}/channels`);
    expect(listed.json()[2].last_message_id).toBe(message.id);
  });

  it.each<[string, unknown, object]>([
    [
      'content over 2000 characters',
      { content: 'x'.repeat(2001) },
      {
        content: {
          _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }],
        },
      },
    ],
    [
      'more than 10 embeds',
      { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) },
      {
        embeds: {
          _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 10 or fewer in length.' }],
        },
      },
    ],
    [
      'an embed title over 256 characters',
      { embeds: [{ title: 't' }, { title: 'x'.repeat(257) }] },
      {
        embeds: {
          '1': {
            title: {
              _errors: [
                { code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' },
              ],
            },
          },
        },
      },
    ],
    [
      'embeds over 6000 characters together',
      { embeds: [{ description: 'x'.repeat(4000) }, { description: 'y'.repeat(2001) }] },
      {
        embeds: {
          _errors: [
            { code: 'BASE_TYPE_MAX_LENGTH', message: 'Embed size exceeds maximum size of 6000' },
          ],
        },
      },
    ],
    [
      'a button without custom_id',
      { components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go' }] }] },
      {
        components: {
          '0': {
            components: {
              '0': {
                custom_id: {
                  _errors: [{ code: 'BASE_TYPE_REQUIRED', message: 'This field is required' }],
                },
              },
            },
          },
        },
      },
    ],
  ])('answers 400 50035 for %s', async (_label, body, errors) => {
    app = createEmulator({ seed: seedWithChannels() });
    const res = await post(CHANNELS.rules, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid Form Body', code: 50035, errors });
    expect(channelState(GUILDS.withBot, CHANNELS.rules).message_count).toBe(0);
  });

  it('answers 50006 for an empty message, 10003 for an unknown channel, 50024 for a category', async () => {
    app = createEmulator({ seed: seedWithChannels() });
    const empty = await post(CHANNELS.rules, { content: '' });
    expect(empty.json()).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    const unknown = await post('159999999999999999', { content: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown Channel', code: 10003 });
    const category = await post(CHANNELS.category, { content: 'hi' });
    expect(category.statusCode).toBe(400);
    expect(category.json().code).toBe(50024);
  });

  it('answers 403 50001 in a guild without the bot', async () => {
    app = createEmulator({ seed: testSeed() });
    const res = await post(GUILDS.noBot, { content: 'hi' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });

  it('answers 403 50013 where the bot may not post (seed flag, or denied through the control route)', async () => {
    app = createEmulator({ seed: seedWithChannels() });
    const seeded = await post(CHANNELS.locked, { content: 'hi' });
    expect(seeded.statusCode).toBe(403);
    expect(seeded.json()).toEqual({ message: 'Missing Permissions', code: 50013 });

    const deny = await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${GUILDS.withBot}/channels/${CHANNELS.rules}/deny`,
    });
    expect(deny.json()).toEqual({ id: CHANNELS.rules, name: 'rules', bot_can_send: false });
    expect((await post(CHANNELS.rules, { content: 'hi' })).json().code).toBe(50013);
    expect(channelState(GUILDS.withBot, CHANNELS.rules).bot_can_send).toBe(false);

    await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${GUILDS.withBot}/channels/${CHANNELS.rules}/allow`,
    });
    expect((await post(CHANNELS.rules, { content: 'hi' })).statusCode).toBe(200);
    const missing = await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${GUILDS.withBot}/channels/159999999999999999/deny`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no channel 159999999999999999 in Bot Guild.');
  });

  it('still sends DMs through the DM channel', async () => {
    app = createEmulator({ seed: testSeed() });
    const dm = await call('POST', '/users/@me/channels', { recipient_id: USERS.member });
    const res = await post(dm.json().id, { content: 'hello' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('guild_id');
    expect(app.emulator.state().discord.dms).toEqual([
      expect.objectContaining({ recipient_id: USERS.member, content: 'hello' }),
    ]);
  });

  it('empties channels on reset', async () => {
    app = createEmulator({ seed: seedWithChannels() });
    await post(CHANNELS.rules, { content: 'hi' });
    await app.inject({ method: 'POST', url: '/__emulator/reset' });
    expect(channelState(GUILDS.withBot, CHANNELS.rules)).toMatchObject({
      message_count: 0,
      messages: [],
    });
  });
});

describe('Edit Message and Delete Message of the bot', () => {
  const message = (id: string) => `/channels/${CHANNELS.verify}/messages/${id}`;
  async function posted() {
    app = createEmulator({ seed: seedWithChannels() });
    const res = await post(CHANNELS.verify, {
      content: 'Press Verify',
      components: [
        { type: 1, components: [{ type: 2, style: 1, label: 'Verify', custom_id: 'verify' }] },
      ],
    });
    return res.json().id as string;
  }
  const kept = () => channelState(GUILDS.withBot, CHANNELS.verify).messages;

  it('edits in place: fields sent replace, fields left out stay, null empties', async () => {
    const id = await posted();
    const res = await call('PATCH', message(id), {
      content: null,
      embeds: [{ title: 'Verify here', description: 'Press the button.' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, content: '', edited_timestamp: expect.any(String) });
    expect(kept()).toEqual([
      expect.objectContaining({
        id,
        content: '',
        embeds: [{ title: 'Verify here', description: 'Press the button.' }],
        components: [expect.objectContaining({ type: 1 })],
        edited_at: expect.any(String),
      }),
    ]);
  });

  it('refuses an edit as Discord does: limits 50035, nothing left 50006, gone 10008, locked 50013', async () => {
    const id = await posted();
    const long = await call('PATCH', message(id), { embeds: [{ title: 'x'.repeat(257) }] });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 50035, errors: { embeds: { 0: { title: {} } } } });
    const empty = await call('PATCH', message(id), { content: null, components: null });
    expect(empty.json()).toMatchObject({ code: 50006 });
    expect((await call('PATCH', message('1'), { content: 'x' })).json()).toMatchObject({
      code: 10008,
    });
    await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${GUILDS.withBot}/channels/${CHANNELS.verify}/deny`,
    });
    const locked = await call('PATCH', message(id), { content: 'x' });
    expect([locked.statusCode, locked.json().code]).toEqual([403, 50013]);
    expect(kept()[0]!.content).toBe('Press Verify');
  });

  it('deletes with 204, then answers 10008; an unknown channel is 10003', async () => {
    const id = await posted();
    const res = await call('DELETE', message(id));
    expect(res.statusCode).toBe(204);
    expect(kept()).toEqual([]);
    const again = await call('DELETE', message(id));
    expect([again.statusCode, again.json().code]).toEqual([404, 10008]);
    const nowhere = await call('DELETE', `/channels/1/messages/${id}`);
    expect(nowhere.json().code).toBe(10003);
  });
});

describe('PATCH /guilds/{g}/members/{u} with roles and nick together', () => {
  const ROLE_LOW = '130000000000000002';
  const ROLE_HIGH = '130000000000000001';
  const patch = (user: string, payload: object) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v10/guilds/${GUILDS.withBot}/members/${user}`,
      headers: BOT,
      payload,
    });

  it('sets both in one call and counts as one member write on the same bucket', async () => {
    app = createEmulator({ seed: testSeed() });
    const res = await patch(USERS.member, { nick: 'Max (Roblox)', roles: [ROLE_LOW] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ nick: 'Max (Roblox)', roles: [ROLE_LOW] });
    const again = await patch(USERS.noDms, { roles: [ROLE_LOW], nick: null });
    expect(again.headers['x-ratelimit-bucket']).toBe(res.headers['x-ratelimit-bucket']);
    const calls = (await app.inject({ url: '/__emulator/calls' })).json();
    expect(calls.bot.routes['PATCH /api/v10/guilds/:guildId/members/:userId']).toBe(2);
    expect(calls.member_writes.total).toBe(2);
    // roles: [] takes every role the bot may take away
    expect((await patch(USERS.member, { roles: [] })).json().roles).toEqual([]);
  });

  it('changes nothing when one part is refused', async () => {
    app = createEmulator({ seed: testSeed() });
    const high = await patch(USERS.member, { nick: 'changed', roles: [ROLE_HIGH] });
    expect(high.statusCode).toBe(403);
    expect(high.json()).toEqual({ message: 'Missing Permissions', code: 50013 });
    const unknown = await patch(USERS.member, { nick: 'changed', roles: ['139999999999999999'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 50035,
      errors: { roles: { '0': { _errors: [{ code: 'UNKNOWN_ROLE' }] } } },
    });
    const member = app.emulator
      .state()
      .discord.guilds[0]!.members.find((m) => m.user_id === USERS.member)!;
    expect(member).toMatchObject({ nick: null, roles: [] });
  });

  it('keeps a role above the bot that the member already has when it is listed again', async () => {
    app = createEmulator({ seed: testSeed() });
    // mod_mo holds High (above the bot): roles can change below it as long as High stays
    const res = await patch(USERS.mod, { roles: [ROLE_HIGH, ROLE_LOW] });
    expect(res.statusCode).toBe(200);
    expect(res.json().roles).toEqual([ROLE_HIGH, ROLE_LOW]);
    expect((await patch(USERS.mod, { roles: [ROLE_LOW] })).statusCode).toBe(403);
  });
});
