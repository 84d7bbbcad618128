/**
 * The bot invite against the emulator, which keeps Discord's rules (emulator/README.md › Discord):
 * one authorization per user and application, registered redirect URIs, and a bot-only invite
 * that returns without a code unless the application requires a code grant.
 */
import {
  consent,
  emulatorState,
  followIntoApi,
  useStack,
  verifyInServer,
  type HttpSession,
} from '../../support/emulator-flow';

const OWNER = '110000000000000001'; // owner_olivia: owns "Bot Guild", manages "No Bot Guild"
const BOT_GUILD = '120000000000000001';
const NO_BOT_GUILD = '120000000000000002';
const RUBY = '501'; // a Roblox account

const { stack, signIn, linkRoblox } = useStack();

const inviteUrl = async (s: HttpSession, guildId = NO_BOT_GUILD): Promise<string> =>
  (await s.call('GET', `/api/v1/dashboard/bot/invite-url?server_id=${guildId}`)).json.data
    .invite_url;

/** Presses Authorize on the invite page: Discord's redirect, before it reaches the API. */
const authorize = (url: string) => consent(url, { decision: 'authorize', acting_user_id: OWNER });

const botPresent = async (guildId: string) =>
  (await emulatorState(stack)).discord.guilds.find((g: { id: string }) => g.id === guildId)
    .bot_present as boolean;

async function setApplication(settings: object) {
  const res = await fetch(`${stack.emulator.url}/__emulator/application`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
}

/** Whether the manager's own login token still works: their session, Sync servers, Linked Roles. */
async function expectManagerStillSignedIn(olivia: HttpSession & { refresh: string }) {
  // a Discord call with the stored login token (the user's guild list)
  const synced = await olivia.call('POST', '/api/v1/dashboard/user/sync-servers');
  expect(synced.status).toBe(200);
  expect(synced.json.data.find((s: { id: string }) => s.id === NO_BOT_GUILD).bot_added).toBe(true);

  // the session, and a refresh of it
  expect((await olivia.call('GET', '/auth/me')).status).toBe(200);
  const refreshed = await olivia.call('POST', '/auth/refresh', {
    refresh_token: olivia.refresh,
  });
  expect(refreshed.status).toBe(200);
  const me = await fetch(`${stack.api}/auth/me`, {
    headers: { authorization: `Bearer ${refreshed.json.data.access_token}` },
  });
  expect(me.status).toBe(200);

  // the Linked Roles connection, written with the login token when they verify
  const setup = `/api/v1/server/${BOT_GUILD}/setup`;
  await olivia.call('POST', `${setup}/nickname`, { nickname_format: 'none' });
  await olivia.call('POST', `${setup}/verified-role`, { verified_role_name: 'Verified' });
  expect((await olivia.call('POST', `${setup}/group`, { skip: true })).status).toBe(200);
  const account = await linkRoblox(olivia, RUBY);
  const verified = await verifyInServer(olivia, BOT_GUILD, account);
  expect(verified.status).toBe(200);
  const connections = (await emulatorState(stack)).role_connections.users as {
    user_id: string;
    metadata: Record<string, string>;
  }[];
  expect(connections.find((c) => c.user_id === OWNER)?.metadata.verified).toBe('1');
}

describe('adding the bot', () => {
  /** Where the API lands the owner when Discord returns from the invite with no code, naming `guildId`. */
  async function codeLessReturn(guildId: string): Promise<URL> {
    const olivia = await signIn(OWNER);
    const state = new URL(await inviteUrl(olivia)).searchParams.get('state')!;
    return followIntoApi(
      stack,
      new URL(
        `http://localhost:3000/auth/callback?state=${state}&guild_id=${guildId}&permissions=402738176`,
      ),
      olivia.jar.cookie,
    );
  }

  it('signs nobody out: the session, a Discord call with the login token and Linked Roles still work', async () => {
    const olivia = await signIn(OWNER);
    const back = await authorize(await inviteUrl(olivia));
    // Discord's bot flow: no code unless the application requires a code grant
    expect(back.searchParams.get('code')).toBeNull();
    const landing = await followIntoApi(stack, back, olivia.jar.cookie);
    expect(landing.pathname).toBe('/dashboard');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      bot_added: 'true',
      guild_id: NO_BOT_GUILD,
    });
    expect(await botPresent(NO_BOT_GUILD)).toBe(true);

    await expectManagerStillSignedIn(olivia);
  });

  it('with "Requires OAuth2 Code Grant" on, exchanges the code as proof and still revokes nothing', async () => {
    await setApplication({ bot_require_code_grant: true });
    const olivia = await signIn(OWNER);
    const back = await authorize(await inviteUrl(olivia));
    expect(back.searchParams.get('code')).toBeTruthy();
    const landing = await followIntoApi(stack, back, olivia.jar.cookie);
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      bot_added: 'true',
      guild_id: NO_BOT_GUILD,
    });

    await expectManagerStillSignedIn(olivia);
  });

  it('answers wrong_server when a code-less return names another server than the invite', async () => {
    const landing = await codeLessReturn(BOT_GUILD);
    expect(landing.pathname).toBe('/dashboard');
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      bot_error: 'wrong_server',
      guild_id: NO_BOT_GUILD,
    });
  });

  it('answers bot_not_added when a code-less return comes back but the bot is not in the server', async () => {
    const landing = await codeLessReturn(NO_BOT_GUILD);
    expect(Object.fromEntries(landing.searchParams)).toEqual({
      bot_error: 'bot_not_added',
      guild_id: NO_BOT_GUILD,
    });
    expect(await botPresent(NO_BOT_GUILD)).toBe(false);
  });
});

describe('the redirect URI', () => {
  it('is refused by Discord when the API returns to an address the application has not registered', async () => {
    const api = await stack.restart({ env: { API_URL: 'http://localhost:3999' } });
    const { data } = (await (await fetch(`${api}/auth/discord-url`)).json()) as {
      data: { auth_url: string };
    };
    const page = await fetch(data.auth_url, { redirect: 'manual' });
    expect(page.status).toBe(400);
    expect(page.headers.get('location')).toBeNull();
    expect(await page.text()).toContain(
      'Invalid OAuth2 redirect_uri: http://localhost:3999/auth/callback is not registered on the application.',
    );
  });
});
