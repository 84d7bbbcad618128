/**
 * Discord's and Roblox's rules the emulator holds every client to (emulator/README.md › Discord
 * REST): the User-Agent, rate limits on user tokens, 2FA moderation (60003), the DM-open rate
 * (40003) and Roblox's throttling headers.
 */
import { SeedError, validateSeed } from '../src/seed/validate';
import {
  BOT,
  bearer,
  discordAccessToken,
  GUILDS,
  loginParams,
  ROLES,
  testSeed,
  USERS,
  useEmulator,
} from './helpers';

const app = useEmulator();

const control = (method: 'PATCH' | 'PUT' | 'POST', url: string, body: unknown) =>
  app.inject({ method, url, payload: body as object });

describe('User-Agent', () => {
  it('refuses a Discord API call without a DiscordBot User-Agent with 403 naming the header', async () => {
    for (const agent of [undefined, 'curl/8.5.0', 'DiscordBot']) {
      const res = await app.inject({
        url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
        headers: {
          authorization: BOT.authorization,
          ...(agent ? { 'user-agent': agent } : {}),
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toContain(
        'User-Agent of the form "DiscordBot ($url, $versionNumber)"',
      );
    }
    // nothing refused this way reached a route
    expect((await app.inject({ url: '/__emulator/calls' })).json().bot.total).toBe(0);
  });

  it('accepts DiscordBot ($url, $versionNumber), with anything appended', async () => {
    const res = await app.inject({
      url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
      headers: { ...BOT, 'user-agent': 'DiscordBot (https://discord.js.org, 2.6.3) Node.js/20' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('leaves the consent pages and the control routes alone (browsers and tests call them)', async () => {
    const page = await app.inject({
      url: `/oauth2/authorize?${new URLSearchParams(loginParams()).toString()}`,
    });
    expect(page.statusCode).toBe(200);
    expect((await app.inject({ url: '/__emulator/state' })).statusCode).toBe(200);
  });
});

describe('rate limits on user (Bearer) tokens', () => {
  it('limits each user token on its own, as bot calls are limited', async () => {
    await control('PUT', '/__emulator/rate-limits', { preset: 'discord' });
    const a = (await discordAccessToken(app, USERS.owner)).access_token;
    const b = (await discordAccessToken(app, USERS.member)).access_token;
    const me = (token: string) => app.inject({ url: '/api/v10/users/@me', headers: bearer(token) });
    for (let i = 0; i < 5; i++) expect((await me(a)).statusCode).toBe(200);
    const limited = await me(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // another user's token has its own bucket
    expect((await me(b)).statusCode).toBe(200);
  });
});

describe('2FA moderation (60003)', () => {
  const addRole = () =>
    app.inject({
      method: 'PUT',
      url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
      headers: BOT,
    });
  const editMember = (body: object) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}`,
      headers: BOT,
      payload: body,
    });
  const createRole = () =>
    app.inject({
      method: 'POST',
      url: `/api/v10/guilds/${GUILDS.withBot}/roles`,
      headers: BOT,
      payload: { name: 'Verified' },
    });
  const TWO_FACTOR = { message: 'Two factor is required for this operation', code: 60003 };

  it('refuses Manage Roles actions in a 2FA guild unless the app owner has 2FA; nicknames are not elevated', async () => {
    const set = await control('PATCH', `/__emulator/guilds/${GUILDS.withBot}`, { mfa_level: 1 });
    expect(set.json()).toMatchObject({ id: GUILDS.withBot, mfa_level: 1 });
    const guild = await app.inject({ url: `/api/v10/guilds/${GUILDS.withBot}`, headers: BOT });
    expect(guild.json().mfa_level).toBe(1);
    // the owner has 2FA (the default): allowed
    expect((await addRole()).statusCode).toBe(204);

    await control('PATCH', '/__emulator/application', { owner_mfa_enabled: false });
    for (const res of [
      await addRole(),
      await editMember({ roles: [] }),
      await createRole(),
      await app.inject({
        method: 'DELETE',
        url: `/api/v10/guilds/${GUILDS.withBot}/members/${USERS.member}/roles/${ROLES.low}`,
        headers: BOT,
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(TWO_FACTOR);
    }
    expect((await editMember({ nick: 'Renamed' })).statusCode).toBe(200);

    // the server turns 2FA moderation off: allowed again
    await control('PATCH', `/__emulator/guilds/${GUILDS.withBot}`, { mfa_level: 0 });
    expect((await createRole()).statusCode).toBe(200);
  });

  it('takes mfa_level from the seed, and refuses a bad one or a bad control body', async () => {
    const seed = testSeed();
    seed.discord.guilds[0]!.mfa_level = 1;
    expect(validateSeed(seed).discord.guilds[0]!.mfa_level).toBe(1);
    (seed.discord.guilds[0] as { mfa_level: unknown }).mfa_level = 2;
    expect(() => validateSeed(seed)).toThrow(SeedError);
    expect(() => validateSeed(seed)).toThrow(/mfa_level.*must be an integer from 0 to 1/);

    const bad = await control('PATCH', `/__emulator/guilds/${GUILDS.withBot}`, { mfa_level: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('mfa_level must be 0 or 1');
    const unknownKey = await control('PATCH', `/__emulator/guilds/${GUILDS.withBot}`, {
      verification_level: 1,
    });
    expect(unknownKey.json().message).toBe('unknown server setting: verification_level');
    const missing = await control('PATCH', '/__emulator/guilds/999999999999999999', {
      mfa_level: 1,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the DM-open rate (40003)', () => {
  const openDm = (recipient: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v10/users/@me/channels',
      headers: BOT,
      payload: { recipient_id: recipient },
    });

  it('refuses DM opens past 10 per 10 s by default, even with rate limits off', async () => {
    for (let i = 0; i < 10; i++) expect((await openDm(USERS.member)).statusCode).toBe(200);
    const refused = await openDm(USERS.mod);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'You are opening direct messages too fast',
      code: 40003,
    });
  });

  it('takes its number and window from the rate-limit settings', async () => {
    const set = await control('PUT', '/__emulator/rate-limits', {
      enabled: false,
      dm_opens_per_window: 2,
      dm_open_window: 60,
    });
    expect(set.json()).toMatchObject({ dm_opens_per_window: 2, dm_open_window: 60 });
    expect((await openDm(USERS.member)).statusCode).toBe(200);
    expect((await openDm(USERS.mod)).statusCode).toBe(200);
    expect((await openDm(USERS.owner)).json().code).toBe(40003);
    const bad = await control('PUT', '/__emulator/rate-limits', { dm_opens_per_window: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('dm_opens_per_window must be a number from 1 to 100000.');
  });
});

describe("Roblox's throttling headers", () => {
  it('a Roblox 429 fault answers x-ratelimit-limit/-remaining/-reset (seconds) and no Retry-After', async () => {
    await control('POST', '/__emulator/faults', {
      faults: [{ method: 'GET', path: '/v1/groups/7001', status: 429, retry_after: 7 }],
    });
    const res = await app.inject({ url: '/v1/groups/7001' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-ratelimit-reset']).toBe('7');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-limit']).toEqual(expect.any(String));
    expect(res.headers['retry-after']).toBeUndefined();
    expect(res.json()).toEqual({ errors: [{ code: 0, message: 'You are being rate limited.' }] });
  });
});
