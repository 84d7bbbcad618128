import { useFakeApp } from '../../support/harness';
import { addGuild, addMember } from '../../support/fake-integrations';
import { parseRedirect, testSettings } from '../../support/app';
import {
  botInviteUrl,
  callAs,
  completeSetup,
  linkRoblox,
  loginAs,
  type Session,
} from '../../support/fake-login';
import { fakeClockAt } from '../../support/fake-clock';
import { GUILD_A, GUILD_B, GUILD_C, MAX, OLIVIA, PETE, RUBY } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

const get = (url: string, s: Session = olivia) =>
  t.app.inject({ method: 'GET', url, headers: s.headers });
const post = (url: string, s: Session = olivia) =>
  t.app.inject({ method: 'POST', url, headers: s.headers });

describe('GET /api/v1/dashboard/user/servers', () => {
  it('lists the servers the user owns or manages, as of the login sync', async () => {
    const res = await get('/api/v1/dashboard/user/servers');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: GUILD_A,
        server_id: GUILD_A,
        server_name: 'Bot Guild',
        server_icon: null,
        owner: true,
        member_count: 3,
        bot_added: true,
        can_manage: true,
      },
      {
        id: GUILD_B,
        server_id: GUILD_B,
        server_name: 'No Bot Guild',
        server_icon: null,
        owner: false,
        member_count: 2,
        bot_added: false,
        can_manage: true,
      },
    ]);
  });

  it('answers 401 without a session', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/user/servers' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/dashboard/user/sync-servers', () => {
  it('reads the guilds again from Discord', async () => {
    const d = addGuild(t.world, {
      id: '120000000000000009',
      name: 'New Place',
      ownerId: OLIVIA,
      botPresent: false,
    });
    addMember(d, OLIVIA, '0');
    t.world.guilds.delete(GUILD_B);
    const res = await post('/api/v1/dashboard/user/sync-servers');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { server_name: string }) => s.server_name)).toEqual([
      'Bot Guild',
      'New Place',
    ]);
  });

  it('refreshes an expired Discord token and retries', async () => {
    t.world.expiredAccess.add('at:110000000000000001:1');
    const res = await post('/api/v1/dashboard/user/sync-servers');
    expect(res.statusCode).toBe(200);
    expect(t.world.calls).toContain('refresh');
  });

  it('answers 401 with x-token-expired when Discord refuses the refresh', async () => {
    t.world.expiredAccess.add('at:110000000000000001:1');
    t.world.revokedRefresh.add('rt:110000000000000001:1');
    const res = await post('/api/v1/dashboard/user/sync-servers');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-token-expired']).toBe('true');
    expect(res.json()).toMatchObject({ success: false, error: 'discord_token_expired' });
  });

  it('is rate limited per user', async () => {
    await t.restartWith(testSettings({ RATE_LIMIT_MAX: '2' }));
    const s = await loginAs(t.app, OLIVIA);
    const m = await loginAs(t.app, MAX);
    expect((await post('/api/v1/dashboard/user/sync-servers', s)).statusCode).toBe(200);
    expect((await post('/api/v1/dashboard/user/sync-servers', s)).statusCode).toBe(200);
    const third = await post('/api/v1/dashboard/user/sync-servers', s);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ success: false, error: 'rate_limited' });
    expect((await post('/api/v1/dashboard/user/sync-servers', m)).statusCode).toBe(200);
  });
});

describe('GET /api/v1/dashboard/user/verification-servers', () => {
  it('lists only servers with the bot, a finished setup and the user as member', async () => {
    const max = await loginAs(t.app, MAX);
    expect((await get('/api/v1/dashboard/user/verification-servers', max)).json().data).toEqual([]);
    await completeSetup(t.app, olivia, GUILD_A);
    const res = await get('/api/v1/dashboard/user/verification-servers', max);
    expect(res.json().data.map((s: { id: string }) => s.id)).toEqual([GUILD_A]);
    expect(res.json().data[0].can_manage).toBe(false);
  });
});

describe('linked accounts', () => {
  /** Olivia unlinks the linked account `id` (as the URL has it). */
  const unlink = (id: string) =>
    callAs(t.app, olivia, 'DELETE', `/api/v1/dashboard/user/linked-account/${id}`);
  it('lists the caller’s accounts and unlinks one', async () => {
    await linkRoblox(t.app, olivia, PETE);
    const list = await get('/api/v1/dashboard/user/linked-accounts');
    expect(list.statusCode).toBe(200);
    const [acc] = list.json().data;
    expect(acc).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      roblox_id: PETE,
      roblox_username: 'PlainPete',
      roblox_display_name: 'Pete',
      roblox_avatar: 'https://pics.test/pete.png',
      linked_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      verified: false,
      verified_in: [],
    });
    const del = await unlink(acc.id);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, data: {} });
    expect((await get('/api/v1/dashboard/user/linked-accounts')).json().data).toEqual([]);
  });

  it('never shows or deletes another user’s account (404)', async () => {
    const max = await loginAs(t.app, MAX);
    await linkRoblox(t.app, max, RUBY);
    const maxAcc = (await get('/api/v1/dashboard/user/linked-accounts', max)).json().data[0];
    expect((await get('/api/v1/dashboard/user/linked-accounts')).json().data).toEqual([]);
    const del = await unlink(maxAcc.id);
    expect(del.statusCode).toBe(404);
    expect((await get('/api/v1/dashboard/user/linked-accounts', max)).json().data).toHaveLength(1);
  });

  it.each(['not-a-uuid', '123', "1' OR '1'='1"])('answers 400 for the id %p', async (id) => {
    const res = await unlink(encodeURIComponent(id));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('params.id must be an account id (UUID)');
  });
});

describe('POST /api/v1/dashboard/bot/manual-sync', () => {
  afterEach(() => jest.useRealTimers());

  it('re-checks the bot in every server of the user, from a shared bot list at most 15 s old', async () => {
    const listReads = () => t.world.calls.filter((c) => c === 'listBotGuildIds').length;
    const readAtSignIn = listReads();
    t.world.guilds.get(GUILD_B)!.botPresent = true; // added outside RoConnect, after sign-in
    // within SYNC_BOT_LIST_MAX_AGE_SECONDS (15) of the sign-in's read, the shared list is reused
    const soon = await post('/api/v1/dashboard/bot/manual-sync');
    expect(soon.json().data).toEqual({ checked: 3, bot_present: 2 });
    expect(listReads()).toBe(readAtSignIn);

    fakeClockAt(Date.now() + 15_000 + 1000);
    const res = await post('/api/v1/dashboard/bot/manual-sync');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ checked: 3, bot_present: 3 });
    expect(listReads()).toBe(readAtSignIn + 1);
    const servers = (await get('/api/v1/dashboard/user/servers')).json().data;
    expect(servers.every((s: { bot_added: boolean }) => s.bot_added)).toBe(true);
  });

  it('reads the bot list at every press with SYNC_BOT_LIST_MAX_AGE_SECONDS=0, and refuses a bad value by name', async () => {
    await t.restartWith(testSettings({ SYNC_BOT_LIST_MAX_AGE_SECONDS: '0' }));
    const listReads = () => t.world.calls.filter((c) => c === 'listBotGuildIds').length;
    const before = listReads();
    t.world.guilds.get(GUILD_B)!.botPresent = true;
    const res = await post('/api/v1/dashboard/bot/manual-sync');
    expect(res.json().data).toEqual({ checked: 3, bot_present: 3 });
    expect(listReads()).toBe(before + 1);
    expect(() => testSettings({ SYNC_BOT_LIST_MAX_AGE_SECONDS: '301' })).toThrow(
      'SYNC_BOT_LIST_MAX_AGE_SECONDS must be between 0 and 300, got 301',
    );
  });
});

describe('GET /api/v1/dashboard/bot/invite-url and the invite callback', () => {
  const startInvite = (guildId: string) => botInviteUrl(t.app, olivia, guildId);

  it('gives a bot authorize URL; its return exchanges the code and lands on the dashboard, no new session', async () => {
    const url = await startInvite(GUILD_B);
    expect(url.searchParams.get('guild_id')).toBe(GUILD_B);
    expect(url.searchParams.get('permissions')).toBe('402738176');
    const state = url.searchParams.get('state')!;

    t.world.guilds.get(GUILD_B)!.botPresent = true; // the person pressed Authorize
    const cb = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=invite:${OLIVIA}:${GUILD_B}&state=${state}&guild_id=${GUILD_B}&permissions=402738176`,
      headers: { cookie: olivia.cookie },
    });
    const r = parseRedirect(cb.headers.location as string);
    expect(r.path).toBe('/dashboard');
    expect(r.query).toEqual({ bot_added: 'true', guild_id: GUILD_B });
    expect(r.fragment).toEqual({});
    expect(t.world.calls).toContain(`exchangeCode invite:${OLIVIA}:${GUILD_B}`);
    const servers = (await get('/api/v1/dashboard/user/servers')).json().data;
    expect(servers.find((s: { id: string }) => s.id === GUILD_B).bot_added).toBe(true);

    const replay = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=invite:${OLIVIA}:${GUILD_B}&state=${state}&guild_id=${GUILD_B}`,
      headers: { cookie: olivia.cookie },
    });
    expect(parseRedirect(replay.headers.location as string).query).toEqual({
      bot_error: 'invalid_state',
      guild_id: GUILD_B,
    });
  });

  it('refuses a return whose code Discord does not accept, or that names another server', async () => {
    t.world.guilds.get(GUILD_B)!.botPresent = true;
    const bogus = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=made-up&state=${(await startInvite(GUILD_B)).searchParams.get('state')}&guild_id=${GUILD_B}`,
      headers: { cookie: olivia.cookie },
    });
    expect(parseRedirect(bogus.headers.location as string).query).toEqual({
      bot_error: 'invalid_grant',
      guild_id: GUILD_B,
    });
    const other = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=invite:${OLIVIA}:${GUILD_A}&state=${(await startInvite(GUILD_B)).searchParams.get('state')}&guild_id=${GUILD_B}`,
      headers: { cookie: olivia.cookie },
    });
    expect(parseRedirect(other.headers.location as string).query.bot_error).toBe('wrong_server');
  });

  it('lands on the dashboard with bot_error=access_denied when the invite is cancelled', async () => {
    const state = (await startInvite(GUILD_B)).searchParams.get('state');
    const cb = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?error=access_denied&state=${state}`,
      headers: { cookie: olivia.cookie },
    });
    const r = parseRedirect(cb.headers.location as string);
    expect(r.path).toBe('/dashboard');
    expect(r.query).toEqual({ bot_error: 'access_denied', guild_id: GUILD_B });
  });

  it('refuses a server the user does not manage or that is unknown, with the same 403', async () => {
    const notMine = await get(`/api/v1/dashboard/bot/invite-url?server_id=${GUILD_C}`);
    const unknown = await get('/api/v1/dashboard/bot/invite-url?server_id=199999999999999999');
    expect(notMine.statusCode).toBe(403);
    expect(unknown.json()).toEqual(notMine.json());
  });

  it.each([
    ['', 'querystring.server_id is required'],
    ['?server_id=abc', 'querystring.server_id must be a Discord id (17 to 20 digits)'],
    ['?server_id=1234', 'querystring.server_id must be a Discord id (17 to 20 digits)'],
    [
      `?server_id=${'1'.repeat(21)}`,
      'querystring.server_id must be a Discord id (17 to 20 digits)',
    ],
    [`?server_id=${GUILD_A}&x=1`, 'querystring.x is not allowed'],
  ])('answers 400 for %p', async (qs, message) => {
    const res = await get(`/api/v1/dashboard/bot/invite-url${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'validation_error', message });
  });
});
