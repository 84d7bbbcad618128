import { useFakeApp } from '../../support/harness';
import { pkceChallenge } from '../../../src/lib/crypto';
import { APP_URL, parseRedirect } from '../../support/app';
import {
  callAs,
  linkedAccountsOf,
  linkRoblox,
  loginAs,
  robloxAuthUrl,
  type Session,
} from '../../support/fake-login';
import { MAX, OLIVIA, PETE, RUBY } from '../../support/world';

const t = useFakeApp();
let olivia: Session;
beforeEach(async () => {
  olivia = await loginAs(t.app, OLIVIA);
});

const authUrl = (s: Session = olivia) => robloxAuthUrl(t.app, s);

describe('GET /roblox/status', () => {
  it('says whether Roblox is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/roblox/status' })).json()).toEqual({
      success: true,
      data: { configured: true },
    });
    t.world.robloxConfigured = false;
    expect(
      (await t.app.inject({ method: 'GET', url: '/roblox/status' })).json().data.configured,
    ).toBe(false);
    const url = await callAs(t.app, olivia, 'GET', '/roblox/auth-url');
    expect(url.statusCode).toBe(503);
  });
});

describe('GET /roblox/auth-url and /roblox/callback', () => {
  it('uses PKCE S256: the verifier sent at the exchange hashes to the challenge', async () => {
    const url = await authUrl();
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const state = url.searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${PETE}&state=${state}`,
      headers: { cookie: olivia.cookie },
    });
    expect(res.headers.location).toBe(`${APP_URL}/roblox/callback?code=success&state=linked`);
    const verifier = t.world.verifiersSeen[0]!;
    expect(verifier.length).toBeGreaterThanOrEqual(43);
    expect(pkceChallenge(verifier)).toBe(url.searchParams.get('code_challenge'));
  });

  it('refuses a replayed state, so the PKCE verifier is used once', async () => {
    const state = (await authUrl()).searchParams.get('state')!;
    await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${PETE}&state=${state}`,
      headers: { cookie: olivia.cookie },
    });
    const replay = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:${RUBY}&state=${state}`,
      headers: { cookie: olivia.cookie },
    });
    expect(parseRedirect(replay.headers.location as string).query.error).toBe('invalid_state');
    expect(t.world.verifiersSeen).toHaveLength(1);
  });

  it('refuses a Roblox account already linked to another Discord user', async () => {
    const max = await loginAs(t.app, MAX);
    await linkRoblox(t.app, max, RUBY);
    const r = await linkRoblox(t.app, olivia, RUBY);
    expect(r.path).toBe('/roblox/callback');
    expect(r.query.error).toBe('account_already_linked');
    expect(r.query.error_description).toMatch(/another Discord user/);
  });

  it('relinking your own account just refreshes it', async () => {
    await linkRoblox(t.app, olivia, PETE);
    const again = await linkRoblox(t.app, olivia, PETE);
    expect(again.query).toEqual({ code: 'success', state: 'linked' });
    const list = await linkedAccountsOf(t.app, olivia);
    expect(list).toHaveLength(1);
  });

  it('falls back to the avatar headshot when userinfo has no picture', async () => {
    await linkRoblox(t.app, olivia, RUBY);
    const list = await linkedAccountsOf(t.app, olivia);
    expect(list[0]!.roblox_avatar).toMatch(/AvatarHeadshot/);
  });

  it.each([
    ['a cancelled consent', (s: string) => `error=access_denied&state=${s}`, 'access_denied'],
    ['a refused code', (s: string) => `code=wrong&state=${s}`, 'invalid_grant'],
    ['a missing code', (s: string) => `state=${s}`, 'invalid_request'],
    ['a missing state', () => `code=rcode:${PETE}`, 'invalid_state'],
  ])('redirects with an error for %s', async (_n, qs, error) => {
    const state = (await authUrl()).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?${qs(state)}`,
      headers: { cookie: olivia.cookie },
    });
    expect(res.statusCode).toBe(302);
    const r = parseRedirect(res.headers.location as string);
    expect(r.query.error).toBe(error);
    expect(r.query.error_description).toBeTruthy();
  });

  it('answers 401 for auth-url without a session and 400 for an overlong code', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/roblox/auth-url' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=${'c'.repeat(1100)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('querystring.code must be at most 1024 characters');
  });
});
