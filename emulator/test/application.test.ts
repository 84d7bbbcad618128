/** The application as Discord's Developer Portal sets it up (emulator/README.md › Application). */
import { createEmulator } from '../src';
import { BOT, CLIENT_ID, REDIRECT, makeEmulator, testSeed, DISCORD_CLIENT } from './helpers';

const GUILD_MEMBERS_LIMITED = 1 << 15;

describe('GET /api/v10/applications/@me', () => {
  it('answers the application, its flags and its bot user, for the bot token only', async () => {
    const app = makeEmulator();
    const res = await app.inject({ method: 'GET', url: '/api/v10/applications/@me', headers: BOT });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: CLIENT_ID,
      flags: GUILD_MEMBERS_LIMITED,
      redirect_uris: [REDIRECT],
      bot_require_code_grant: false,
      bot: { id: CLIENT_ID, bot: true },
    });
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v10/applications/@me',
          headers: DISCORD_CLIENT,
        })
      ).statusCode,
    ).toBe(401);
    await app.close();
  });

  it('names a bot user whose id differs from the application id when it is set so', async () => {
    const app = createEmulator({ seed: testSeed(), botUserId: '100000000000000099' });
    const body = (
      await app.inject({ method: 'GET', url: '/api/v10/applications/@me', headers: BOT })
    ).json();
    expect(body.id).toBe(CLIENT_ID);
    expect(body.bot.id).toBe('100000000000000099');
    const me = (
      await app.inject({ method: 'GET', url: '/api/v10/users/@me', headers: BOT })
    ).json();
    expect(me.id).toBe('100000000000000099');
    await app.close();
  });
});

describe('PATCH /__emulator/application', () => {
  it('turns the Server Members intent off until the next reset', async () => {
    const app = makeEmulator();
    const patched = await app.inject({
      method: 'PATCH',
      url: '/__emulator/application',
      payload: { guild_members_intent: false },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().guild_members_intent).toBe(false);
    const read = async () =>
      (await app.inject({ method: 'GET', url: '/api/v10/applications/@me', headers: BOT })).json()
        .flags;
    expect(await read()).toBe(0);
    await app.inject({ method: 'POST', url: '/__emulator/reset' });
    expect(await read()).toBe(GUILD_MEMBERS_LIMITED);
    await app.close();
  });

  it('refuses a setting it does not know, or a value of the wrong kind, naming it', async () => {
    const app = makeEmulator();
    const cases: [object, string][] = [
      [{ guild_members_intent: 'no' }, 'guild_members_intent must be true or false'],
      [{ intents: 0 }, 'unknown application setting: intents'],
      [{ redirect_uris: ['ftp://x'] }, 'redirect_uris must be a list of at most 10 http(s) URLs'],
      [[1], 'the body must be a JSON object of application settings'],
    ];
    for (const [payload, message] of cases) {
      const res = await app.inject({ method: 'PATCH', url: '/__emulator/application', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_application', message });
    }
    await app.close();
  });
});
