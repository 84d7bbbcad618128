import { startEmulator, type RunningEmulator, type Seed } from '../src';
import { addUsersOutside, BOT, CLIENT_ID, GUILDS, httpJson, testSeed, USERS } from './helpers';
import { TestGatewayClient } from './gatewayClient';

const TOKEN = 'emulator-bot-token';
const GUILDS_INTENT = 1 << 0;
const MEMBERS_INTENT = 1 << 1;

/** guild ids whose shard (id >> 22) % 2 is known: even base → shard 0, odd → shard 1 */
const shardedGuildIds = [30000000000n, 30000000001n, 30000000002n].map((n) => String(n << 22n));

function seedWithShardedGuilds(): Seed {
  const seed = testSeed();
  for (const [i, id] of shardedGuildIds.entries())
    seed.discord.guilds.push({
      id,
      name: `Shard Guild ${i}`,
      icon: null,
      owner_id: USERS.owner,
      bot_present: true,
      bot_role_position: 5,
      roles: [],
      members: [],
    });
  return seed;
}

let emu: RunningEmulator;
const clients: TestGatewayClient[] = [];

async function start(options: Parameters<typeof startEmulator>[0] = {}) {
  emu = await startEmulator({ seed: testSeed(), gatewayHeartbeatIntervalMs: 500, ...options });
  return emu;
}

function wsBase(): string {
  return emu.url.replace('http://', 'ws://');
}

function connect(query = '?v=10&encoding=json', path = '/gateway'): TestGatewayClient {
  const client = new TestGatewayClient(`${wsBase()}${path}${query}`);
  clients.push(client);
  return client;
}

const http = (method: string, path: string, body?: unknown, headers = {}) =>
  httpJson(emu.url, method, path, body, headers);

/** proves nothing else was sent first: a heartbeat's ACK is the next message */
async function expectNothingPending(client: TestGatewayClient) {
  client.send(1, client.lastSeq);
  expect((await client.next()).op).toBe(11);
}

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await emu?.close();
});

describe('GET /gateway/bot and /gateway', () => {
  it('gives the emulator’s own ws:// address, the shard count and the session start limit', async () => {
    await start({ gatewayShards: 3 });
    const res = await http('GET', '/api/v10/gateway/bot', undefined, BOT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: `${wsBase()}/gateway`,
      shards: 3,
      session_start_limit: {
        total: 1000,
        remaining: 1000,
        reset_after: expect.any(Number),
        max_concurrency: 1,
      },
    });
    expect((await http('GET', '/api/v10/gateway/bot')).status).toBe(401);
    expect((await http('GET', '/api/v10/gateway')).body).toEqual({ url: `${wsBase()}/gateway` });
    const proxied = await http('GET', '/api/v10/gateway', undefined, {
      'x-forwarded-proto': 'https',
    });
    expect(proxied.body.url).toBe(`${wsBase().replace('ws://', 'wss://')}/gateway`);
  });

  it('changes the shard count through PUT /__emulator/gateway and refuses bad settings', async () => {
    await start();
    const put = await http('PUT', '/__emulator/gateway', { shards: 2, heartbeat_interval: 1000 });
    expect(put.body.settings).toMatchObject({ shards: 2, heartbeat_interval: 1000 });
    expect((await http('GET', '/api/v10/gateway/bot', undefined, BOT)).body.shards).toBe(2);
    const bad = await http('PUT', '/__emulator/gateway', { shards: 0 });
    expect(bad).toEqual({
      status: 400,
      body: { error: 'invalid_gateway', message: 'shards must be a whole number from 1 to 1024' },
    });
    const extra = await http('PUT', '/__emulator/gateway', { shard: 2 });
    expect(extra.body.message).toBe('body.shard is not allowed');
    await http('POST', '/__emulator/reset', {});
    expect((await http('GET', '/api/v10/gateway/bot', undefined, BOT)).body.shards).toBe(1);
  });
});

describe('connecting and identifying', () => {
  it('HELLO, IDENTIFY, READY, then one GUILD_CREATE per guild with the bot, and heartbeat ACKs', async () => {
    await start();
    const client = connect();
    const hello = await client.next();
    expect(hello).toEqual({ op: 10, d: { heartbeat_interval: 500 }, s: null, t: null });
    client.send(2, { token: TOKEN, intents: GUILDS_INTENT, properties: { os: 'linux' } });
    const ready = await client.dispatch('READY');
    expect(ready.s).toBe(1);
    expect(ready.d).toMatchObject({
      v: 10,
      user: { id: CLIENT_ID, bot: true },
      guilds: [{ id: GUILDS.withBot, unavailable: true }],
      session_id: expect.stringMatching(/^[0-9a-f]{32}$/),
      resume_gateway_url: `${wsBase()}/gateway/resume`,
      shard: [0, 1],
      application: { id: CLIENT_ID },
    });
    const guild = await client.dispatch('GUILD_CREATE');
    expect(guild.s).toBe(2);
    expect(guild.d).toMatchObject({
      id: GUILDS.withBot,
      name: 'Bot Guild',
      unavailable: false,
      member_count: 5,
      channels: [{ id: GUILDS.withBot, name: 'general', type: 0, permission_overwrites: [] }],
    });
    expect(guild.d.roles.map((r: { name: string }) => r.name)).toEqual([
      '@everyone',
      'Low',
      'RoConnect',
      'High',
    ]);
    // only the bot itself, not the member list
    expect(guild.d.members.map((m: { user: { id: string } }) => m.user.id)).toEqual([CLIENT_ID]);
    client.send(1, 2);
    expect(await client.next()).toEqual({ op: 11, d: null, s: null, t: null });
    const state = await http('GET', '/__emulator/state');
    expect(state.body.gateway.sessions).toEqual([
      expect.objectContaining({
        session_id: ready.d.session_id,
        shard: [0, 1],
        connected: true,
        seq: 2,
      }),
    ]);
    const limit = await http('GET', '/api/v10/gateway/bot', undefined, BOT);
    expect(limit.body.session_start_limit.remaining).toBe(999);
  });

  it('splits guilds between shards by (guild_id >> 22) % shard_count', async () => {
    await start({ seed: seedWithShardedGuilds() });
    const received: string[][] = [];
    for (const shardId of [0, 1]) {
      const client = connect();
      const ready = await client.identify({
        token: TOKEN,
        intents: GUILDS_INTENT,
        shard: [shardId, 2],
      });
      expect(ready.shard).toEqual([shardId, 2]);
      const ids: string[] = ready.guilds.map((g: { id: string }) => g.id);
      for (const id of ids) expect((await client.dispatch('GUILD_CREATE')).d.id).toBe(id);
      await expectNothingPending(client);
      for (const id of ids) expect(Number((BigInt(id) >> 22n) % 2n)).toBe(shardId);
      received.push(ids);
    }
    const [zero, one] = received as [string[], string[]];
    expect(zero.filter((id) => one.includes(id))).toEqual([]);
    expect([...zero, ...one].sort()).toEqual([GUILDS.withBot, ...shardedGuildIds].sort());
    expect(zero).toEqual(expect.arrayContaining([shardedGuildIds[0], shardedGuildIds[2]]));
    expect(one).toContain(shardedGuildIds[1]);
  });

  it('answers REQUEST_GUILD_MEMBERS with GUILD_MEMBERS_CHUNK when GUILD_MEMBERS was identified', async () => {
    await start();
    const client = connect();
    await client.identify({ token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT });
    await client.dispatch('GUILD_CREATE');
    client.send(8, { guild_id: GUILDS.withBot, query: '', limit: 0, nonce: 'n1' });
    const chunk = await client.dispatch('GUILD_MEMBERS_CHUNK');
    expect(chunk.d).toMatchObject({ guild_id: GUILDS.withBot, chunk_index: 0, chunk_count: 1 });
    expect(chunk.d.nonce).toBe('n1');
    expect(chunk.d.members).toHaveLength(5);
    client.send(8, { guild_id: GUILDS.withBot, user_ids: [USERS.mod, '199999999999999999'] });
    const some = await client.dispatch('GUILD_MEMBERS_CHUNK');
    expect(some.d.members.map((m: { user: { id: string } }) => m.user.id)).toEqual([USERS.mod]);
    expect(some.d.not_found).toEqual(['199999999999999999']);
  });
});

describe('close codes', () => {
  it.each<[string, string, number]>([
    ['a version other than 10', '?v=9&encoding=json', 4012],
    ['no version', '?encoding=json', 4012],
    ['ETF encoding', '?v=10&encoding=etf', 4002],
    ['transport compression', '?v=10&encoding=json&compress=zlib-stream', 4002],
  ])('closes for %s', async (_label, query, code) => {
    await start();
    expect(await connect(query).closeCode()).toBe(code);
  });

  it.each<[string, (c: TestGatewayClient) => void, number]>([
    ['a wrong token (4004)', (c) => c.send(2, { token: 'nope', intents: 1 }), 4004],
    ['a payload before IDENTIFY (4003)', (c) => c.send(8, { guild_id: GUILDS.withBot }), 4003],
    ['an unknown opcode (4001)', (c) => c.send(42, {}), 4001],
    ['invalid JSON (4002)', (c) => c.sendRaw('{nope'), 4002],
    ['a payload over 4096 bytes (4002)', (c) => c.send(1, 'x'.repeat(4100)), 4002],
    [
      'a shard outside the count (4010)',
      (c) => c.send(2, { token: TOKEN, intents: 1, shard: [2, 2] }),
      4010,
    ],
    [
      'intents that are not a bit set (4013)',
      (c) => c.send(2, { token: TOKEN, intents: -1 }),
      4013,
    ],
    ['no intents (4013)', (c) => c.send(2, { token: TOKEN }), 4013],
  ])('closes for %s', async (_label, act, code) => {
    await start();
    const client = connect();
    await client.next((m) => m.op === 10);
    act(client);
    expect(await client.closeCode()).toBe(code);
  });

  it('closes a second IDENTIFY with 4005', async () => {
    await start();
    const client = connect();
    await client.identify({ token: TOKEN, intents: 1 });
    client.send(2, { token: TOKEN, intents: 1 });
    expect(await client.closeCode()).toBe(4005);
  });

  it('closes with 4008 past 120 payloads a minute', async () => {
    await start();
    const client = connect();
    await client.next((m) => m.op === 10);
    for (let i = 0; i < 121; i++) client.send(1, null);
    expect(await client.closeCode()).toBe(4008);
  });
});

describe('member joins and leaves', () => {
  it('dispatches GUILD_MEMBER_ADD and GUILD_MEMBER_REMOVE to sessions with GUILD_MEMBERS only', async () => {
    await start({
      seed: addUsersOutside(testSeed(), ['110000000000000009'], () => 'newcomer_nia'),
    });
    const withMembers = connect();
    await withMembers.identify({ token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT });
    await withMembers.dispatch('GUILD_CREATE');
    const without = connect();
    await without.identify({ token: TOKEN, intents: GUILDS_INTENT });
    await without.dispatch('GUILD_CREATE');

    const join = await http('POST', `/__emulator/guilds/${GUILDS.withBot}/members`, {
      user_id: '110000000000000009',
    });
    expect(join).toEqual({ status: 200, body: { added: 1, member_count: 6, dispatched: 1 } });
    const add = await withMembers.dispatch('GUILD_MEMBER_ADD');
    expect(add.s).toBe(3);
    expect(add.d).toMatchObject({
      guild_id: GUILDS.withBot,
      user: { id: '110000000000000009', username: 'newcomer_nia' },
      roles: [],
      joined_at: expect.any(String),
    });
    await expectNothingPending(without);

    const leave = await http(
      'DELETE',
      `/__emulator/guilds/${GUILDS.withBot}/members/110000000000000009`,
    );
    expect(leave.body).toEqual({ removed: 1, member_count: 5, dispatched: 1 });
    const remove = await withMembers.dispatch('GUILD_MEMBER_REMOVE');
    expect(remove.d).toEqual({
      guild_id: GUILDS.withBot,
      user: expect.objectContaining({ id: '110000000000000009' }),
    });
    await expectNothingPending(without);
    const members = (await http('GET', '/__emulator/state')).body.discord.guilds[0].members;
    expect(members.map((m: { user_id: string }) => m.user_id)).not.toContain('110000000000000009');
  });

  it('adds a batch in one call, one dispatch each, on the shard holding the guild only', async () => {
    const ids = Array.from({ length: 50 }, (_, i) => String(140000000000000000n + BigInt(i)));
    const seed = addUsersOutside(seedWithShardedGuilds(), ids, (id) => `joiner_${id.slice(-3)}`);
    await start({ seed });
    const target = shardedGuildIds[1]!; // shard 1 of 2
    const [zero, one] = [connect(), connect()];
    for (const [i, c] of [zero, one].entries()) {
      const ready = await c.identify({ token: TOKEN, intents: MEMBERS_INTENT, shard: [i, 2] });
      for (const _ of ready.guilds) await c.dispatch('GUILD_CREATE');
    }
    const res = await http('POST', `/__emulator/guilds/${target}/members`, { user_ids: ids });
    // the owner, the bot and the 50 newcomers
    expect(res.body).toEqual({ added: 50, member_count: 52, dispatched: 50 });
    for (const id of ids) {
      const m = await one.dispatch('GUILD_MEMBER_ADD');
      expect(m.d).toMatchObject({ guild_id: target, user: { id } });
    }
    await expectNothingPending(zero);
  });

  it('dispatches GUILD_MEMBER_UPDATE after the bot or staff change a member, not for no change', async () => {
    await start();
    const client = connect();
    await client.identify({ token: TOKEN, intents: GUILDS_INTENT | MEMBERS_INTENT });
    await client.dispatch('GUILD_CREATE');
    const low = '130000000000000002';
    const member = `/guilds/${GUILDS.withBot}/members/${USERS.member}`;
    await http('PATCH', `/api/v10${member}`, { nick: 'Max', roles: [low] }, BOT);
    expect((await client.dispatch('GUILD_MEMBER_UPDATE')).d).toMatchObject({
      guild_id: GUILDS.withBot,
      user: { id: USERS.member },
      nick: 'Max',
      roles: [low],
    });
    // the same again changes nothing and sends nothing
    await http('PATCH', `/api/v10${member}`, { nick: 'Max', roles: [low] }, BOT);
    await fetch(`${emu.url}/api/v10${member}/roles/${low}`, { method: 'DELETE', headers: BOT });
    expect((await client.dispatch('GUILD_MEMBER_UPDATE')).d.roles).toEqual([]);
    await http('PATCH', `/__emulator${member}`, { roles: [low] });
    expect((await client.dispatch('GUILD_MEMBER_UPDATE')).d.roles).toEqual([low]);
    await expectNothingPending(client);
  });

  it('tells live sessions which guilds the bot left or joined when a reset changes them', async () => {
    await start();
    const client = connect();
    await client.identify({ token: TOKEN, intents: GUILDS_INTENT });
    await client.dispatch('GUILD_CREATE');
    const seed = testSeed();
    seed.discord.guilds[0]!.bot_present = false;
    seed.discord.guilds[1]!.bot_present = true;
    const reset = await http('POST', '/__emulator/reset', { seed });
    expect(reset.status).toBe(200);
    expect((await client.dispatch('GUILD_DELETE')).d).toEqual({ id: GUILDS.withBot });
    expect((await client.dispatch('GUILD_CREATE')).d.id).toBe(GUILDS.noBot);
    // the same seed again: nothing changes, nothing is sent
    await http('POST', '/__emulator/reset', {});
    await expectNothingPending(client);
  });

  it('refuses unknown guilds and users, bad bodies and members who are already in', async () => {
    await start();
    const post = (guild: string, body: unknown) =>
      http('POST', `/__emulator/guilds/${guild}/members`, body);
    expect(await post('999999999999999999', { user_id: USERS.member })).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'There is no server 999999999999999999.' },
    });
    expect(await post(GUILDS.withBot, { user_id: '199999999999999999' })).toEqual({
      status: 404,
      body: { error: 'not_found', message: 'There is no user 199999999999999999 in the seed.' },
    });
    expect(await post(GUILDS.withBot, { user_id: 'x' })).toEqual({
      status: 400,
      body: {
        error: 'invalid_member',
        message: 'body.user_id must be a Discord user id (17–20 digits)',
      },
    });
    expect((await post(GUILDS.withBot, {})).body.message).toBe(
      'send exactly one of user_id or user_ids',
    );
    expect((await post(GUILDS.withBot, { user_ids: [USERS.mod, 5] })).body.message).toBe(
      'body.user_ids[1] must be a Discord user id (17–20 digits)',
    );
    expect(await post(GUILDS.withBot, { user_id: USERS.member })).toEqual({
      status: 409,
      body: {
        error: 'already_member',
        message: `User ${USERS.member} is already a member of Bot Guild.`,
      },
    });
    const gone = await http('DELETE', `/__emulator/guilds/${GUILDS.noBot}/members/${USERS.member}`);
    expect(gone).toEqual({
      status: 404,
      body: {
        error: 'not_found',
        message: `User ${USERS.member} is not a member of No Bot Guild.`,
      },
    });
  });

  it('sends GUILD_CREATE when the bot is added to a guild through the invite page', async () => {
    await start();
    const client = connect();
    await client.identify({ token: TOKEN, intents: GUILDS_INTENT });
    await client.dispatch('GUILD_CREATE');
    const res = await fetch(`${emu.url}/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: CLIENT_ID,
        scope: 'bot',
        permissions: '402720768',
        guild_id: GUILDS.noBot,
        acting_user_id: USERS.mod,
        decision: 'authorize',
      }).toString(),
    });
    expect(res.status).toBe(200);
    const created = await client.dispatch('GUILD_CREATE');
    expect(created.d).toMatchObject({ id: GUILDS.noBot, name: 'No Bot Guild' });
  });
});

describe('RESUME', () => {
  async function identified(intents = GUILDS_INTENT | MEMBERS_INTENT) {
    const client = connect();
    const ready = await client.identify({ token: TOKEN, intents });
    await client.dispatch('GUILD_CREATE');
    return { client, sessionId: ready.session_id as string, resumeUrl: ready.resume_gateway_url };
  }

  async function resume(sessionId: string, seq: number | null) {
    const client = connect('?v=10&encoding=json', '/gateway/resume');
    await client.next((m) => m.op === 10);
    client.send(6, { token: TOKEN, session_id: sessionId, seq });
    return client;
  }

  it.each<[string, number]>([
    ['a 4000 close', 4000],
    ['a cut connection with no close frame (1006)', 1006],
  ])('replays what was missed after %s, then RESUMED', async (_label, code) => {
    await start();
    const { client, sessionId } = await identified();
    const seq = client.lastSeq!;
    const dropped = await http('POST', '/__emulator/gateway/disconnect', { code });
    expect(dropped.body).toEqual({ disconnected: 1, code });
    expect(await client.closeCode()).toBe(code);
    const state = (await http('GET', '/__emulator/state')).body.gateway.sessions[0];
    expect(state).toMatchObject({ session_id: sessionId, connected: false, seq });

    // the guild changes while the bot is away
    await http('DELETE', `/__emulator/guilds/${GUILDS.withBot}/members/${USERS.noDms}`);
    await http('POST', `/__emulator/guilds/${GUILDS.withBot}/members`, { user_id: USERS.noDms });

    const again = await resume(sessionId, seq);
    const removed = await again.dispatch('GUILD_MEMBER_REMOVE');
    expect(removed.s).toBe(seq + 1);
    const added = await again.dispatch('GUILD_MEMBER_ADD');
    expect(added.s).toBe(seq + 2);
    const resumed = await again.dispatch('RESUMED');
    expect(resumed.s).toBe(seq + 3);
    const after = (await http('GET', '/__emulator/state')).body.gateway.sessions[0];
    expect(after).toMatchObject({ session_id: sessionId, connected: true, seq: seq + 3 });
    // the resumed connection keeps receiving
    await http('DELETE', `/__emulator/guilds/${GUILDS.withBot}/members/${USERS.noDms}`);
    expect((await again.dispatch('GUILD_MEMBER_REMOVE')).s).toBe(seq + 4);
  });

  it('disconnects only the shard asked for', async () => {
    await start({ seed: seedWithShardedGuilds() });
    const [zero, one] = [connect(), connect()];
    for (const [i, c] of [zero, one].entries()) {
      const ready = await c.identify({ token: TOKEN, intents: 1, shard: [i, 2] });
      for (const _ of ready.guilds) await c.dispatch('GUILD_CREATE');
    }
    const res = await http('POST', '/__emulator/gateway/disconnect', { shard_id: 1 });
    expect(res.body.disconnected).toBe(1);
    expect(await one.closeCode()).toBe(4000);
    await expectNothingPending(zero);
    const bad = await http('POST', '/__emulator/gateway/disconnect', { code: 4004 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^code must be 1006/);
  });

  it('answers INVALID_SESSION (d: false) for an unknown session or a session closed with 1000', async () => {
    await start();
    const unknown = await resume('0'.repeat(32), 1);
    expect(await unknown.next()).toEqual({ op: 9, d: false, s: null, t: null });

    const { client, sessionId } = await identified();
    const seq = client.lastSeq!;
    client.socket.close(1000);
    await client.closed;
    const ended = await resume(sessionId, seq);
    expect(await ended.next()).toEqual({ op: 9, d: false, s: null, t: null });
  });

  it('answers INVALID_SESSION when the missed dispatches no longer fit the replay buffer', async () => {
    await start({ gatewayReplayLimit: 2 });
    const { client, sessionId } = await identified();
    const seq = client.lastSeq!;
    await http('POST', '/__emulator/gateway/disconnect', {});
    await client.closed;
    for (const user of [USERS.member, USERS.noDms, USERS.mod])
      await http('DELETE', `/__emulator/guilds/${GUILDS.withBot}/members/${user}`);
    const late = await resume(sessionId, seq);
    expect((await late.next()).op).toBe(9);
  });

  it('forgets a session once it has been disconnected longer than the session TTL', async () => {
    await start({ gatewaySessionTtlMs: 150 });
    const { client, sessionId } = await identified();
    await http('POST', '/__emulator/gateway/disconnect', {});
    await client.closed;
    const deadline = Date.now() + 5000;
    let sessions: unknown[] = [1];
    while (sessions.length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
      sessions = (await http('GET', '/__emulator/state')).body.gateway.sessions;
    }
    expect(sessions).toEqual([]);
    const late = await resume(sessionId, client.lastSeq);
    expect((await late.next()).op).toBe(9);
  });
});
