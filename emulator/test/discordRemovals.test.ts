/**
 * Discord's kick and ban routes (emulator/README.md › Discord REST): Remove Guild Member, Create /
 * Get / Remove Guild Ban and the ban list, with Discord's permissions, role hierarchy, error codes
 * and body checks.
 */
import type { Seed } from '../src';
import {
  addUsersOutside,
  BOT,
  CLIENT_ID,
  GUILDS,
  ROLES,
  testSeed,
  USERS,
  useEmulator,
} from './helpers';

const KICK_MEMBERS = 1n << 1n;
const BAN_MEMBERS = 1n << 2n;
const ADMINISTRATOR = 1n << 3n;
/** the bot's permissions from the invite (no Kick or Ban Members) */
const INVITED = 402720768n;
/** users of the seed outside the guild, to ban by id */
const OUTSIDERS = ['110000000000000011', '110000000000000012', '110000000000000013'];
/** a role at the bot's own position (5 in the test seed) */
const PEER_ROLE = '130000000000000009';

function seed(): Seed {
  const s = addUsersOutside(testSeed(), OUTSIDERS, (id) => `outsider_${id.slice(-2)}`);
  s.discord.guilds[0]!.roles.push({ id: PEER_ROLE, name: 'Peer', position: 5 });
  return s;
}

const app = useEmulator(seed);

const guildPath = `/api/v10/guilds/${GUILDS.withBot}`;

/** the bot's permissions, as the server's staff would set them */
async function botMay(bits: bigint) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/__emulator/guilds/${GUILDS.withBot}/members/${CLIENT_ID}`,
    payload: { permissions: String(INVITED | bits) },
  });
  expect(res.statusCode).toBe(200);
}

const kick = (userId: string, headers: Record<string, string> = {}, guild = GUILDS.withBot) =>
  app.inject({
    method: 'DELETE',
    url: `/api/v10/guilds/${guild}/members/${userId}`,
    headers: { ...BOT, ...headers },
  });

const ban = (userId: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'PUT',
    url: `${guildPath}/bans/${userId}`,
    headers: { ...BOT, ...headers },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

const bot = (method: 'GET' | 'DELETE', path: string, headers: Record<string, string> = {}) =>
  app.inject({ method, url: `${guildPath}${path}`, headers: { ...BOT, ...headers } });

const guildState = async () =>
  (await app.inject({ url: '/__emulator/state' })).json().discord.guilds[0] as {
    members: { user_id: string; roles: string[] }[];
    bans: { user_id: string; username: string | null; reason: string | null }[];
    audit_log: {
      id: string;
      action_type: number;
      user_id: string;
      target_id: string;
      reason: string | null;
    }[];
  };
const memberIds = async () => (await guildState()).members.map((m) => m.user_id);

const missingPermissions = { message: 'Missing Permissions', code: 50013 };

/** the member's roles, as the server's staff would set them */
const giveRoles = (userId: string, roles: string[]) =>
  app.inject({
    method: 'PATCH',
    url: `/__emulator/guilds/${GUILDS.withBot}/members/${userId}`,
    payload: { roles },
  });

/** server-wide 2FA on, and the app's owner without it: the elevated actions are refused */
async function requireTwoFactorTheOwnerLacks() {
  await app.inject({
    method: 'PATCH',
    url: `/__emulator/guilds/${GUILDS.withBot}`,
    payload: { mfa_level: 1 },
  });
  await app.inject({
    method: 'PATCH',
    url: '/__emulator/application',
    payload: { owner_mfa_enabled: false },
  });
}

/** Discord's 400 50035, each field with its one error */
const invalidFormBody = (fields: Record<string, { code: string; message: string }>) => ({
  message: 'Invalid Form Body',
  code: 50035,
  errors: Object.fromEntries(
    Object.entries(fields).map(([name, error]) => [name, { _errors: [error] }]),
  ),
});

describe('DELETE /guilds/{g}/members/{u} (kick)', () => {
  it('removes a member below the bot: 204, gone from the guild, the reason in the audit log', async () => {
    await botMay(KICK_MEMBERS);
    const res = await kick(USERS.member, {
      'x-audit-log-reason': encodeURIComponent('RoConnect: blocked account 42 — ünïcode'),
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await memberIds()).not.toContain(USERS.member);
    expect((await bot('GET', `/members/${USERS.member}`)).json()).toEqual({
      message: 'Unknown Member',
      code: 10007,
    });
    expect((await guildState()).audit_log).toEqual([
      {
        id: expect.stringMatching(/^\d{17,20}$/),
        action_type: 20,
        user_id: CLIENT_ID,
        target_id: USERS.member,
        reason: 'RoConnect: blocked account 42 — ünïcode',
      },
    ]);
    const guild = (await bot('GET', '?with_counts=true')).json();
    expect(guild.approximate_member_count).toBe(4); // owner, no_dms, mod, the bot
    const calls = (await app.inject({ url: '/__emulator/calls' })).json();
    expect(calls.bot.routes['DELETE /api/v10/guilds/:guildId/members/:userId']).toBe(1);
    expect(calls.member_writes.total).toBe(1);
  });

  it('keeps a kick without a reason as null', async () => {
    await botMay(KICK_MEMBERS);
    expect((await kick(USERS.noDms)).statusCode).toBe(204);
    expect((await guildState()).audit_log[0]).toMatchObject({
      target_id: USERS.noDms,
      reason: null,
    });
  });

  it('needs Kick Members (Administrator will do): 403 50013, the member stays', async () => {
    const refused = await kick(USERS.member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(missingPermissions);
    await botMay(BAN_MEMBERS); // banning is not kicking
    expect((await kick(USERS.member)).statusCode).toBe(403);
    expect(await memberIds()).toContain(USERS.member);
    expect((await guildState()).audit_log).toEqual([]);
    await botMay(ADMINISTRATOR);
    expect((await kick(USERS.member)).statusCode).toBe(204);
  });

  it('kicks once the bot’s role is given Kick Members, as in Server Settings → Roles', async () => {
    expect((await kick(USERS.member)).statusCode).toBe(403);
    const botRole = (await guildState()).members.find((m) => m.user_id === CLIENT_ID)!.roles[0];
    const given = await app.inject({
      method: 'PATCH',
      url: `/__emulator/guilds/${GUILDS.withBot}/roles/${botRole}`,
      payload: { permissions: String(INVITED | KICK_MEMBERS) },
    });
    expect(given.statusCode).toBe(200);
    expect((await kick(USERS.member)).statusCode).toBe(204);
  });

  it.each([
    ['the owner', USERS.owner, []],
    ['a member above the bot', USERS.mod, [ROLES.high]],
    ['a member level with the bot', USERS.member, [PEER_ROLE]],
    ['the bot itself', CLIENT_ID, null],
  ])('refuses %s with 403 50013, even to an Administrator bot', async (_l, userId, roles) => {
    await botMay(ADMINISTRATOR | KICK_MEMBERS);
    if (roles) await giveRoles(userId, roles);
    const res = await kick(userId);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(missingPermissions);
    expect(await memberIds()).toContain(userId);
  });

  it('kicks a member whose roles all sit below the bot', async () => {
    await botMay(KICK_MEMBERS);
    await giveRoles(USERS.member, [ROLES.low]);
    expect((await kick(USERS.member)).statusCode).toBe(204);
  });

  it('answers 404 10007 for someone not in the guild, 50001 where the bot is not, 401 without its token', async () => {
    await botMay(KICK_MEMBERS);
    const unknown = await kick(OUTSIDERS[0]!);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown Member', code: 10007 });
    // kicked already: the second kick finds no member
    expect((await kick(USERS.member)).statusCode).toBe(204);
    expect((await kick(USERS.member)).json().code).toBe(10007);
    const noBot = await kick(USERS.owner, {}, GUILDS.noBot);
    expect(noBot.statusCode).toBe(403);
    expect(noBot.json()).toEqual({ message: 'Missing Access', code: 50001 });
    expect((await kick(USERS.member, { authorization: 'Bot wrong' })).statusCode).toBe(401);
  });

  it('is an elevated action: 60003 under server-wide 2FA without the app owner’s 2FA', async () => {
    await botMay(KICK_MEMBERS);
    await requireTwoFactorTheOwnerLacks();
    const res = await kick(USERS.member);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Two factor is required for this operation',
      code: 60003,
    });
    expect(await memberIds()).toContain(USERS.member);
  });
});

describe('PUT /guilds/{g}/bans/{u} (ban)', () => {
  it('bans a member: 204, removed, the ban kept with the reason from X-Audit-Log-Reason', async () => {
    await botMay(BAN_MEMBERS);
    const res = await ban(
      USERS.member,
      { delete_message_seconds: 3600 },
      { 'x-audit-log-reason': encodeURIComponent('RoConnect: banned group') },
    );
    expect(res.statusCode).toBe(204);
    expect(await memberIds()).not.toContain(USERS.member);
    const one = await bot('GET', `/bans/${USERS.member}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      reason: 'RoConnect: banned group',
      user: expect.objectContaining({ id: USERS.member, username: 'member_max' }),
    });
    const state = await guildState();
    expect(state.bans).toEqual([
      { user_id: USERS.member, username: 'member_max', reason: 'RoConnect: banned group' },
    ]);
    expect(state.audit_log).toEqual([
      expect.objectContaining({
        action_type: 22,
        user_id: CLIENT_ID,
        target_id: USERS.member,
        reason: 'RoConnect: banned group',
      }),
    ]);
  });

  it('takes no body at all, {} and the older delete_message_days, and bans users outside the guild by id', async () => {
    await botMay(BAN_MEMBERS);
    expect((await ban(OUTSIDERS[0]!)).statusCode).toBe(204);
    expect((await ban(OUTSIDERS[1]!, {})).statusCode).toBe(204);
    expect(
      (await ban(OUTSIDERS[2]!, { delete_message_days: 7, delete_message_seconds: null }))
        .statusCode,
    ).toBe(204);
    expect((await guildState()).bans.map((b) => [b.user_id, b.reason])).toEqual(
      OUTSIDERS.map((id) => [id, null]),
    );
  });

  it('changes nothing when the user is banned already (the first reason stays)', async () => {
    await botMay(BAN_MEMBERS);
    await ban(USERS.member, {}, { 'x-audit-log-reason': 'first' });
    const again = await ban(USERS.member, {}, { 'x-audit-log-reason': 'second' });
    expect(again.statusCode).toBe(204);
    expect((await bot('GET', `/bans/${USERS.member}`)).json().reason).toBe('first');
    expect((await guildState()).audit_log).toHaveLength(1);
  });

  it.each<[string, unknown, Record<string, { code: string; message: string }>]>([
    [
      'delete_message_seconds over 7 days',
      { delete_message_seconds: 604801 },
      {
        delete_message_seconds: {
          code: 'NUMBER_TYPE_MAX',
          message: 'int value should be less than or equal to 604800.',
        },
      },
    ],
    [
      'a negative delete_message_seconds',
      { delete_message_seconds: -1 },
      {
        delete_message_seconds: {
          code: 'NUMBER_TYPE_MIN',
          message: 'int value should be greater than or equal to 0.',
        },
      },
    ],
    [
      'a delete_message_seconds that is not an integer',
      { delete_message_seconds: 'soon' },
      {
        delete_message_seconds: { code: 'NUMBER_TYPE_COERCE', message: 'Value "soon" is not int.' },
      },
    ],
    [
      'delete_message_days over 7 and a fractional delete_message_seconds',
      { delete_message_days: 8, delete_message_seconds: 1.5 },
      {
        delete_message_seconds: { code: 'NUMBER_TYPE_COERCE', message: 'Value "1.5" is not int.' },
        delete_message_days: {
          code: 'NUMBER_TYPE_MAX',
          message: 'int value should be less than or equal to 7.',
        },
      },
    ],
  ])('refuses %s with 400 50035 naming each field, and bans nobody', async (_l, body, fields) => {
    await botMay(BAN_MEMBERS);
    const res = await ban(USERS.member, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidFormBody(fields));
    expect(await memberIds()).toContain(USERS.member);
    expect((await guildState()).bans).toEqual([]);
  });

  it('refuses a body that is not an object with 50109', async () => {
    await botMay(BAN_MEMBERS);
    const res = await ban(USERS.member, [1]);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(50109);
  });

  it('needs Ban Members: 403 50013 for each ban route', async () => {
    await botMay(KICK_MEMBERS);
    await app.inject({
      method: 'PUT',
      url: `/__emulator/guilds/${GUILDS.withBot}/bans/${OUTSIDERS[0]}`,
      payload: {},
    });
    for (const res of [
      await ban(USERS.member),
      await bot('GET', `/bans/${OUTSIDERS[0]}`),
      await bot('GET', '/bans'),
      await bot('DELETE', `/bans/${OUTSIDERS[0]}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(missingPermissions);
    }
    expect(await memberIds()).toContain(USERS.member);
    expect((await guildState()).bans.map((b) => b.user_id)).toEqual([OUTSIDERS[0]]);
  });

  it.each([
    ['the owner', USERS.owner],
    ['a member above the bot', USERS.mod],
    ['the bot itself', CLIENT_ID],
  ])('refuses to ban %s with 403 50013', async (_l, userId) => {
    await botMay(ADMINISTRATOR | BAN_MEMBERS);
    const res = await ban(userId, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(missingPermissions);
    expect((await guildState()).bans).toEqual([]);
  });

  it('answers 404 10013 for a user Discord does not know, 50001 where the bot is not', async () => {
    await botMay(BAN_MEMBERS);
    const res = await ban('199999999999999999', {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unknown User', code: 10013 });
    const noBot = await app.inject({
      method: 'PUT',
      url: `/api/v10/guilds/${GUILDS.noBot}/bans/${OUTSIDERS[0]}`,
      headers: BOT,
      payload: {},
    });
    expect(noBot.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });

  it('is an elevated action: 60003 under server-wide 2FA without the app owner’s 2FA', async () => {
    await botMay(BAN_MEMBERS);
    await requireTwoFactorTheOwnerLacks();
    expect((await ban(USERS.member, {})).json().code).toBe(60003);
    expect(await memberIds()).toContain(USERS.member);
  });
});

describe('GET and DELETE /guilds/{g}/bans/{u}', () => {
  it('lifts a ban: 204, then 404 10026 for the ban; the audit log keeps the reason', async () => {
    await botMay(BAN_MEMBERS);
    await ban(USERS.member, {});
    const lifted = await bot('DELETE', `/bans/${USERS.member}`, {
      'x-audit-log-reason': encodeURIComponent('appeal accepted'),
    });
    expect(lifted.statusCode).toBe(204);
    for (const res of [
      await bot('GET', `/bans/${USERS.member}`),
      await bot('DELETE', `/bans/${USERS.member}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Unknown Ban', code: 10026 });
    }
    expect((await guildState()).audit_log.map((e) => [e.action_type, e.reason])).toEqual([
      [22, null],
      [23, 'appeal accepted'],
    ]);
    // the user may join again once the ban is lifted
    const join = await app.inject({
      method: 'POST',
      url: `/__emulator/guilds/${GUILDS.withBot}/members`,
      payload: { user_id: USERS.member },
    });
    expect(join.statusCode).toBe(200);
  });

  it('answers 404 10026 for a member who is not banned', async () => {
    await botMay(BAN_MEMBERS);
    expect((await bot('GET', `/bans/${USERS.member}`)).json()).toEqual({
      message: 'Unknown Ban',
      code: 10026,
    });
  });

  it('lifting is an elevated action too (60003)', async () => {
    await botMay(BAN_MEMBERS);
    await ban(USERS.member, {});
    await requireTwoFactorTheOwnerLacks();
    expect((await bot('DELETE', `/bans/${USERS.member}`)).json().code).toBe(60003);
    // reading is not elevated
    expect((await bot('GET', `/bans/${USERS.member}`)).statusCode).toBe(200);
  });
});

describe('GET /guilds/{g}/bans', () => {
  async function banAll() {
    await botMay(BAN_MEMBERS);
    // banned out of order; the list is in user-id order
    for (const id of [OUTSIDERS[2]!, USERS.member, OUTSIDERS[0]!, USERS.noDms, OUTSIDERS[1]!])
      expect((await ban(id, {})).statusCode).toBe(204);
  }
  const ids = async (query: string) =>
    ((await bot('GET', `/bans${query}`)).json() as { user: { id: string } }[]).map(
      (b) => b.user.id,
    );

  it('lists ban objects in ascending user id, 1000 by default', async () => {
    await banAll();
    const res = await bot('GET', '/bans');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual({
      reason: null,
      user: expect.objectContaining({ id: USERS.member, username: 'member_max' }),
    });
    expect(await ids('')).toEqual([USERS.member, USERS.noDms, ...OUTSIDERS]);
  });

  it('pages with limit, after, and before (the bans just before it; before wins over after)', async () => {
    await banAll();
    expect(await ids('?limit=2')).toEqual([USERS.member, USERS.noDms]);
    expect(await ids(`?limit=2&after=${USERS.noDms}`)).toEqual([OUTSIDERS[0], OUTSIDERS[1]]);
    expect(await ids(`?limit=2&before=${OUTSIDERS[2]}`)).toEqual([OUTSIDERS[0], OUTSIDERS[1]]);
    expect(await ids(`?before=${OUTSIDERS[0]}&after=${OUTSIDERS[1]}`)).toEqual([
      USERS.member,
      USERS.noDms,
    ]);
    expect(await ids(`?after=${OUTSIDERS[2]}`)).toEqual([]);
  });

  it.each([
    [
      'limit=0',
      {
        limit: {
          code: 'NUMBER_TYPE_MIN',
          message: 'int value should be greater than or equal to 1.',
        },
      },
    ],
    [
      'limit=1001',
      {
        limit: {
          code: 'NUMBER_TYPE_MAX',
          message: 'int value should be less than or equal to 1000.',
        },
      },
    ],
    ['limit=ten', { limit: { code: 'NUMBER_TYPE_COERCE', message: 'Value "ten" is not int.' } }],
    [
      'before=abc&after=1.5',
      {
        before: { code: 'NUMBER_TYPE_COERCE', message: 'Value "abc" is not snowflake.' },
        after: { code: 'NUMBER_TYPE_COERCE', message: 'Value "1.5" is not snowflake.' },
      },
    ],
  ])('refuses ?%s with 400 50035 naming the parameter', async (query, fields) => {
    await botMay(BAN_MEMBERS);
    const res = await bot('GET', `/bans?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(invalidFormBody(fields));
  });
});

describe('User-Agent and rate limits', () => {
  it('refuses the kick and ban routes without a DiscordBot User-Agent, before they count', async () => {
    await botMay(KICK_MEMBERS | BAN_MEMBERS);
    for (const res of [
      await kick(USERS.member, { 'user-agent': 'curl/8.5.0' }),
      await ban(USERS.noDms, {}, { 'user-agent': 'curl/8.5.0' }),
      await bot('GET', '/bans', { 'user-agent': 'curl/8.5.0' }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain('User-Agent of the form "DiscordBot');
    }
    expect(await memberIds()).toEqual(expect.arrayContaining([USERS.member, USERS.noDms]));
    expect((await app.inject({ url: '/__emulator/calls' })).json().bot.total).toBe(0);
  });

  it('sends rate-limit headers and, with Discord’s limits on, answers the 6th call in a second 429 without acting', async () => {
    await botMay(KICK_MEMBERS);
    await app.inject({
      method: 'PUT',
      url: '/__emulator/rate-limits',
      payload: { preset: 'discord' },
    });
    const first = await kick(OUTSIDERS[0]!);
    expect(first.headers['x-ratelimit-bucket']).toEqual(expect.any(String));
    expect(first.headers['x-ratelimit-limit']).toBe('5');
    for (let i = 0; i < 4; i++) await kick(OUTSIDERS[0]!);
    const limited = await kick(USERS.member);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(await memberIds()).toContain(USERS.member);
    // bans are another route: their own bucket
    await botMay(BAN_MEMBERS);
    expect((await ban(USERS.member, {})).statusCode).toBe(204);
  });
});
