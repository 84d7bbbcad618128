/**
 * Each attack of the trust issue replayed (docs/security.md): an OAuth flow started in one browser
 * and finished in another changes nothing. "Browser" here is the binding cookie a browser carries.
 */
import { useFakeApp } from '../../support/harness';
import { oauthStates, sessions } from '../../../src/db/schema';
import { parseRedirect, testSettings } from '../../support/app';
import {
  botInviteUrl,
  cookieFrom,
  linkedAccountsOf,
  loginAs,
  robloxAuthUrl,
  startLogin,
  type Session,
} from '../../support/fake-login';
import { GUILD_B, MAX, OLIVIA, RUBY } from '../../support/world';

const t = useFakeApp();
const LOGIN_CHECK = 'a'.repeat(43);

const linkedAccounts = (headers: Record<string, string>) => linkedAccountsOf(t.app, { headers });

describe('Roblox link CSRF (S1)', () => {
  it('an attacker’s authorize URL finished by a signed-in victim links nothing', async () => {
    const attacker = await loginAs(t.app, OLIVIA);
    const victim = await loginAs(t.app, MAX);
    const state = (await robloxAuthUrl(t.app, attacker)).searchParams.get('state')!;

    // The victim consents to their own Roblox account on the real page; Roblox sends *their*
    // browser back with the attacker's state.
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${RUBY}&state=${state}`,
      headers: { cookie: victim.cookie },
    });
    const r = parseRedirect(res.headers.location as string);
    expect(r.path).toBe('/roblox/callback');
    expect(r.query.error).toBe('browser_mismatch');
    expect(await linkedAccounts(attacker.headers)).toEqual([]);
    expect(await linkedAccounts(victim.headers)).toEqual([]);
    expect(t.world.verifiersSeen).toEqual([]); // the code was never even exchanged

    // The spent state cannot be retried from the right browser either.
    const retry = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${RUBY}&state=${state}`,
      headers: { cookie: attacker.cookie },
    });
    expect(parseRedirect(retry.headers.location as string).query.error).toBe('invalid_state');
  });

  it('a callback with no binding cookie at all links nothing', async () => {
    const owner = await loginAs(t.app, OLIVIA);
    const state = (await robloxAuthUrl(t.app, owner)).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${RUBY}&state=${state}`,
    });
    expect(parseRedirect(res.headers.location as string).query.error).toBe('browser_mismatch');
    expect(await linkedAccounts(owner.headers)).toEqual([]);
  });
});

describe('a bot-invite URL is not a login (S2)', () => {
  /** The state of GUILD_B's invite URL, asked for in the owner's browser. */
  const inviteState = async (owner: Session) =>
    (await botInviteUrl(t.app, owner, GUILD_B)).searchParams.get('state')!;

  it('an unused invite URL opened in a fresh browser signs no one in', async () => {
    const owner = await loginAs(t.app, OLIVIA);
    const state = await inviteState(owner);
    t.world.guilds.get(GUILD_B)!.botPresent = true; // the bot is already there

    // Today's attack needed no code at all; with a code, from another browser, still nothing.
    for (const code of ['', `&code=invite:${OLIVIA}:${GUILD_B}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/auth/callback?state=${state}&guild_id=${GUILD_B}${code}`,
      });
      const r = parseRedirect(res.headers.location as string);
      expect(r.fragment).toEqual({});
      expect(r.path).toBe('/dashboard');
      expect(['browser_mismatch', 'invalid_state']).toContain(r.query.bot_error);
    }
    expect(await countSessions()).toHaveLength(1); // only the owner's own login
  });

  it("the right browser returning without a code (Discord's bot flow) gets the invite outcome, no session", async () => {
    const owner = await loginAs(t.app, OLIVIA);
    const state = await inviteState(owner);
    t.world.guilds.get(GUILD_B)!.botPresent = true;
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?state=${state}&guild_id=${GUILD_B}`,
      headers: { cookie: owner.cookie },
    });
    const r = parseRedirect(res.headers.location as string);
    expect(r.path).toBe('/dashboard');
    expect(r.query).toEqual({ bot_added: 'true', guild_id: GUILD_B });
    expect(r.fragment).toEqual({});
    expect(await countSessions()).toHaveLength(1);
  });
});

describe('login CSRF (S6)', () => {
  it('a login callback replayed in another browser signs no one in', async () => {
    const { state } = await startLogin(t.app); // the attacker's browser
    const victimCookie = cookieFrom(
      await t.app.inject({ method: 'GET', url: '/auth/discord-url' }),
    );
    for (const headers of [{}, { cookie: victimCookie }]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/auth/callback?code=code:${OLIVIA}&state=${state}`,
        headers,
      });
      const r = parseRedirect(res.headers.location as string);
      expect(r.fragment).toEqual({});
      expect(['browser_mismatch', 'invalid_state']).toContain(r.query.error);
    }
    expect(await countSessions()).toHaveLength(0);
  });

  it('echoes the web app’s login check in the fragment, so the page can refuse injected tokens', async () => {
    const { state, cookie } = await startLogin(t.app, { 'x-login-check': LOGIN_CHECK });
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=code:${OLIVIA}&state=${state}`,
      headers: { cookie },
    });
    expect(parseRedirect(res.headers.location as string).fragment.check).toBe(LOGIN_CHECK);
  });

  it('answers 400 naming the header for a malformed login check', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/auth/discord-url',
      headers: { 'x-login-check': 'short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/x-login-check/);
  });

  it('reuses one binding per browser, so two tabs signing in at once both complete', async () => {
    const first = await startLogin(t.app);
    const second = await t.app.inject({
      method: 'GET',
      url: '/auth/discord-url',
      headers: { cookie: first.cookie },
    });
    expect(cookieFrom(second)).toBe(first.cookie);
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=code:${OLIVIA}&state=${first.state}`,
      headers: { cookie: first.cookie },
    });
    expect(parseRedirect(res.headers.location as string).fragment.access_token).toBeTruthy();
  });

  it('sets the binding cookie HttpOnly and SameSite=Lax (Secure with a __Host- name over HTTPS)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/discord-url' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^rc_oauth_browser=[\w-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).not.toMatch(/Secure/);
    const https = await t.restartWith(testSettings({ API_URL: 'https://api.test' }));
    const secure = String(
      (await https.inject({ method: 'GET', url: '/auth/discord-url' })).headers['set-cookie'],
    );
    expect(secure).toMatch(/^__Host-rc_oauth_browser=/);
    expect(secure).toMatch(/Secure/);
    expect(secure).toMatch(/Path=\//);
  });
});

const countSessions = () => t.tdb.database.db.select().from(sessions);

describe('unauthenticated routes that write a row are limited per client address', () => {
  it('answers 429 past AUTH_RATE_LIMIT_MAX login starts a minute, and writes no more states', async () => {
    const app = await t.restartWith(testSettings({ AUTH_RATE_LIMIT_MAX: '3' }));
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await app.inject({ method: 'GET', url: '/auth/discord-url' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    expect(await t.tdb.database.db.select().from(oauthStates)).toHaveLength(3);
  });
});
