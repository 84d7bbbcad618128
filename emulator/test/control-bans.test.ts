/**
 * Bans as the server's staff make them (PUT/DELETE /__emulator/guilds/{g}/bans/{user}), bans in
 * the seed, and the gateway events of kicks and bans (emulator/README.md › Control, Seed,
 * Gateway).
 */
import { createEmulator, startEmulator, type RunningEmulator, type Seed } from '../src';
import { TestGatewayClient } from './gatewayClient';
import {
  addUsersOutside,
  BOT,
  CLIENT_ID,
  DISCORD_CLIENT,
  GUILDS,
  issuesOf,
  testSeed,
  USERS,
  useEmulator,
} from './helpers';

const OUTSIDER = '110000000000000011';
const BAN_MEMBERS = 1n << 2n;
const KICK_MEMBERS = 1n << 1n;
const INVITED = 402720768n;

function seed(extra?: (s: Seed) => void): Seed {
  const s = addUsersOutside(testSeed(), [OUTSIDER], () => 'outsider_ollie');
  extra?.(s);
  return s;
}

describe('PUT and DELETE /__emulator/guilds/{g}/bans/{user}', () => {
  const app = useEmulator(seed);

  const control = (
    method: 'PUT' | 'DELETE',
    userId: string,
    body?: unknown,
    guild = GUILDS.withBot,
  ) =>
    app.inject({
      method,
      url: `/__emulator/guilds/${guild}/bans/${userId}`,
      ...(body !== undefined ? { payload: body as object } : {}),
    });
  const guildState = async () =>
    (await app.inject({ url: '/__emulator/state' })).json().discord.guilds[0];
  const readBan = async (userId: string) => {
    await app.inject({
      method: 'PATCH',
      url: `/__emulator/guilds/${GUILDS.withBot}/members/${CLIENT_ID}`,
      payload: { permissions: String(INVITED | BAN_MEMBERS) },
    });
    return app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}/bans/${userId}`, headers: BOT });
  };

  it('bans a member as the staff would: removed, the ban readable through Discord’s route, the owner in the audit log', async () => {
    const res = await control('PUT', USERS.member, { reason: 'alt of a banned account' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: USERS.member,
      reason: 'alt of a banned account',
      removed_member: true,
      member_count: 4,
      dispatched: 0,
    });
    const state = await guildState();
    expect(state.members.map((m: { user_id: string }) => m.user_id)).not.toContain(USERS.member);
    expect(state.bans).toEqual([
      { user_id: USERS.member, username: 'member_max', reason: 'alt of a banned account' },
    ]);
    expect(state.audit_log).toEqual([
      expect.objectContaining({
        action_type: 22,
        user_id: USERS.owner,
        target_id: USERS.member,
        reason: 'alt of a banned account',
      }),
    ]);
    const ban = await readBan(USERS.member);
    expect(ban.json()).toEqual({
      reason: 'alt of a banned account',
      user: expect.objectContaining({ id: USERS.member }),
    });
  });

  it('bans a user outside the server, with no body or no reason (reason null)', async () => {
    expect((await control('PUT', OUTSIDER)).json()).toMatchObject({
      removed_member: false,
      reason: null,
      member_count: 5,
    });
    expect((await readBan(OUTSIDER)).json().reason).toBeNull();
  });

  it('keeps a banned user from joining until the ban is lifted', async () => {
    await control('PUT', OUTSIDER, {});
    const join = () =>
      app.inject({
        method: 'POST',
        url: `/__emulator/guilds/${GUILDS.withBot}/members`,
        payload: { user_id: OUTSIDER },
      });
    const refused = await join();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'banned',
      message: `User ${OUTSIDER} is banned from Bot Guild.`,
    });
    const lifted = await control('DELETE', OUTSIDER);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ user_id: OUTSIDER, unbanned: true, dispatched: 0 });
    expect((await readBan(OUTSIDER)).json()).toEqual({ message: 'Unknown Ban', code: 10026 });
    expect(
      (await guildState()).audit_log.map((e: { action_type: number }) => e.action_type),
    ).toEqual([22, 23]);
    expect((await join()).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<{ statusCode: number; json(): unknown }>, number, object]>([
    [
      'the owner',
      () => control('PUT', USERS.owner, {}),
      400,
      { error: 'invalid_ban', message: 'Nobody can ban the owner of a server.' },
    ],
    [
      'the bot',
      () => control('PUT', CLIENT_ID, {}),
      400,
      { error: 'invalid_ban', message: 'The bot leaves a server only when it is removed.' },
    ],
    [
      'a user not in the seed',
      () => control('PUT', '199999999999999999', {}),
      404,
      { error: 'not_found', message: 'There is no user 199999999999999999 in the seed.' },
    ],
    [
      'an unknown server',
      () => control('PUT', OUTSIDER, {}, '129999999999999999'),
      404,
      { error: 'not_found', message: 'There is no server 129999999999999999.' },
    ],
    [
      'an id that is not a Discord id',
      () => control('PUT', 'max', {}),
      400,
      { error: 'invalid_id', message: 'guild_id and user_id must be Discord ids (17–20 digits)' },
    ],
    [
      'a reason that is not a string',
      () => control('PUT', OUTSIDER, { reason: 5 }),
      400,
      {
        error: 'invalid_ban',
        message: 'body.reason must be a string of 1 to 512 characters, or null',
      },
    ],
    [
      'a reason over 512 characters',
      () => control('PUT', OUTSIDER, { reason: 'x'.repeat(513) }),
      400,
      {
        error: 'invalid_ban',
        message: 'body.reason must be a string of 1 to 512 characters, or null',
      },
    ],
    [
      'another field',
      () => control('PUT', OUTSIDER, { delete_message_seconds: 0 }),
      400,
      { error: 'invalid_ban', message: 'body.delete_message_seconds is not allowed' },
    ],
    [
      'a body that is not an object',
      () => control('PUT', OUTSIDER, ['spam']),
      400,
      { error: 'invalid_ban', message: 'send a JSON object {reason?}' },
    ],
    [
      'lifting a ban that does not exist',
      () => control('DELETE', OUTSIDER),
      404,
      { error: 'not_found', message: `User ${OUTSIDER} is not banned from Bot Guild.` },
    ],
  ])('refuses %s, naming the problem, and bans nobody', async (_l, act, status, body) => {
    const res = await act();
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(body);
    expect((await guildState()).bans).toEqual([]);
    expect((await guildState()).members).toHaveLength(5);
  });

  it('answers 409 for a user banned already, keeping the first reason', async () => {
    await control('PUT', OUTSIDER, { reason: 'first' });
    const again = await control('PUT', OUTSIDER, { reason: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'already_banned',
      message: `User ${OUTSIDER} is already banned from Bot Guild.`,
    });
    expect((await guildState()).bans[0].reason).toBe('first');
  });

  it('a reset forgets the bans made since and restores the member', async () => {
    await control('PUT', USERS.member, {});
    await app.inject({ method: 'POST', url: '/__emulator/reset' });
    const state = await guildState();
    expect(state.bans).toEqual([]);
    expect(state.audit_log).toEqual([]);
    expect(state.members.map((m: { user_id: string }) => m.user_id)).toContain(USERS.member);
  });
});

describe('bans in the seed', () => {
  it('loads each guild’s bans, readable through Discord’s routes and the state, and back after a reset', async () => {
    const app = createEmulator({
      seed: seed((s) => {
        s.discord.guilds[0]!.bans = [{ user_id: OUTSIDER, reason: 'raid in 2023' }];
      }),
    });
    try {
      await app.inject({
        method: 'DELETE',
        url: `/__emulator/guilds/${GUILDS.withBot}/bans/${OUTSIDER}`,
      });
      await app.inject({ method: 'POST', url: '/__emulator/reset' });
      const state = (await app.inject({ url: '/__emulator/state' })).json().discord.guilds[0];
      expect(state.bans).toEqual([
        { user_id: OUTSIDER, username: 'outsider_ollie', reason: 'raid in 2023' },
      ]);
      await app.inject({
        method: 'PATCH',
        url: `/__emulator/guilds/${GUILDS.withBot}/members/${CLIENT_ID}`,
        payload: { permissions: String(INVITED | BAN_MEMBERS) },
      });
      const list = await app.inject({
        url: `/api/v10/guilds/${GUILDS.withBot}/bans`,
        headers: BOT,
      });
      expect(list.json()).toEqual([
        { reason: 'raid in 2023', user: expect.objectContaining({ id: OUTSIDER }) },
      ]);
    } finally {
      await app.close();
    }
  });

  it('takes a ban without a reason', () => {
    expect(issuesOf(seed((s) => (s.discord.guilds[0]!.bans = [{ user_id: OUTSIDER }])))).toEqual(
      [],
    );
  });

  it.each<[string, unknown, string]>([
    ['not an array', { user_id: OUTSIDER }, 'discord.guilds[0].bans must be an array'],
    [
      'a user not in discord.users',
      [{ user_id: '199999999999999999' }],
      'discord.guilds[0].bans[0].user_id must be the id of a user in discord.users (got 199999999999999999)',
    ],
    [
      'a member of the guild',
      [{ user_id: USERS.member }],
      'discord.guilds[0].bans[0].user_id is a member of this guild; a banned user is neither',
    ],
    [
      'the owner',
      [{ user_id: USERS.owner }],
      'discord.guilds[0].bans[0].user_id is the owner of this guild; a banned user is neither',
    ],
    [
      'the same user twice',
      [{ user_id: OUTSIDER }, { user_id: OUTSIDER }],
      `discord.guilds[0].bans[1].user_id duplicates id ${OUTSIDER}`,
    ],
    [
      'a reason over 512 characters',
      [{ user_id: OUTSIDER, reason: 'x'.repeat(513) }],
      'discord.guilds[0].bans[0].reason must be at most 512 characters',
    ],
    [
      'another field',
      [{ user_id: OUTSIDER, days: 7 }],
      'discord.guilds[0].bans[0].days is not a field of a ban (user_id, reason)',
    ],
    [
      'a ban that is not an object',
      ['110000000000000011'],
      'discord.guilds[0].bans[0] must be an object',
    ],
  ])('refuses %s, naming the field', (_l, bans, issue) => {
    const bad = seed();
    (bad.discord.guilds[0] as unknown as Record<string, unknown>).bans = bans;
    expect(issuesOf(bad)).toEqual([issue]);
  });
});

describe('gateway events of kicks and bans', () => {
  const TOKEN = 'emulator-bot-token';
  const GUILDS_INTENT = 1 << 0;
  const MEMBERS_INTENT = 1 << 1;
  const MODERATION_INTENT = 1 << 2;
  let emu: RunningEmulator;
  const clients: TestGatewayClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await emu?.close();
  });

  async function session(intents: number) {
    const client = new TestGatewayClient(
      `${emu.url.replace('http://', 'ws://')}/gateway?v=10&encoding=json`,
    );
    clients.push(client);
    await client.identify({ token: TOKEN, intents });
    await client.dispatch('GUILD_CREATE');
    return client;
  }
  const call = async (method: string, path: string, body?: unknown, headers: object = BOT) => {
    const res = await fetch(`${emu.url}${path}`, {
      method,
      headers: {
        ...DISCORD_CLIENT,
        ...headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return res.status;
  };
  /** proves nothing else was sent first: a heartbeat's ACK is the next message */
  async function expectNothingPending(client: TestGatewayClient) {
    client.send(1, client.lastSeq);
    expect((await client.next()).op).toBe(11);
  }
  const botMay = (bits: bigint) =>
    call(
      'PATCH',
      `/__emulator/guilds/${GUILDS.withBot}/members/${CLIENT_ID}`,
      {
        permissions: String(INVITED | bits),
      },
      {},
    );

  it('a kick: GUILD_MEMBER_REMOVE to sessions with GUILD_MEMBERS only', async () => {
    emu = await startEmulator({ seed: seed(), gatewayHeartbeatIntervalMs: 500 });
    const members = await session(GUILDS_INTENT | MEMBERS_INTENT);
    const moderation = await session(GUILDS_INTENT | MODERATION_INTENT);
    await botMay(KICK_MEMBERS);
    expect(await call('DELETE', `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}`)).toBe(
      204,
    );
    const removed = await members.dispatch('GUILD_MEMBER_REMOVE');
    expect(removed.d).toEqual({
      guild_id: GUILDS.withBot,
      user: expect.objectContaining({ id: USERS.member, username: 'member_max' }),
    });
    await expectNothingPending(members);
    await expectNothingPending(moderation);
  });

  it('a ban: GUILD_MEMBER_REMOVE (GUILD_MEMBERS) and GUILD_BAN_ADD (GUILD_MODERATION); lifting it: GUILD_BAN_REMOVE', async () => {
    emu = await startEmulator({ seed: seed(), gatewayHeartbeatIntervalMs: 500 });
    const members = await session(GUILDS_INTENT | MEMBERS_INTENT);
    const moderation = await session(GUILDS_INTENT | MODERATION_INTENT);
    await botMay(BAN_MEMBERS);
    expect(await call('PUT', `/api/v10/guilds/${GUILDS.withBot}/bans/${USERS.member}`, {})).toBe(
      204,
    );
    expect((await members.dispatch('GUILD_MEMBER_REMOVE')).d.user.id).toBe(USERS.member);
    const added = await moderation.dispatch('GUILD_BAN_ADD');
    expect(added.d).toEqual({
      guild_id: GUILDS.withBot,
      user: expect.objectContaining({ id: USERS.member }),
    });
    await expectNothingPending(members);
    // a ban of someone outside the server removes no member
    expect(await call('PUT', `/api/v10/guilds/${GUILDS.withBot}/bans/${OUTSIDER}`)).toBe(204);
    expect((await moderation.dispatch('GUILD_BAN_ADD')).d.user.id).toBe(OUTSIDER);
    await expectNothingPending(members);
    expect(await call('DELETE', `/api/v10/guilds/${GUILDS.withBot}/bans/${USERS.member}`)).toBe(
      204,
    );
    expect((await moderation.dispatch('GUILD_BAN_REMOVE')).d).toEqual({
      guild_id: GUILDS.withBot,
      user: expect.objectContaining({ id: USERS.member }),
    });
  });

  it('sends no ban events while the bot may not see bans (no Ban Members, no View Audit Log)', async () => {
    emu = await startEmulator({ seed: seed(), gatewayHeartbeatIntervalMs: 500 });
    const moderation = await session(GUILDS_INTENT | MODERATION_INTENT | MEMBERS_INTENT);
    const res = await fetch(`${emu.url}/__emulator/guilds/${GUILDS.withBot}/bans/${USERS.member}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await res.json()).toMatchObject({ removed_member: true, dispatched: 1 });
    expect((await moderation.next()).t).toBe('GUILD_MEMBER_REMOVE');
    await expectNothingPending(moderation);
  });
});
