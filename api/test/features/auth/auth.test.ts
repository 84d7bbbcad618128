import { and, isNull } from 'drizzle-orm';
import { refreshTokens } from '../../../src/db/schema';
import { sha256 } from '../../../src/lib/crypto';
import { useFakeApp } from '../../support/harness';
import { APP_URL, bearer, parseRedirect } from '../../support/app';
import { addUser, createWorld } from '../../support/fake-integrations';
import { loginAs, meStatus, startLogin } from '../../support/fake-login';

function makeWorld() {
  const world = createWorld();
  addUser(world, '110000000000000001', 'olivia', 'Olivia');
  return world;
}

const t = useFakeApp(makeWorld);

describe('GET /auth/discord-url', () => {
  it('answers the authorize URL with a fresh state each time', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/auth/discord-url' });
    const b = await t.app.inject({ method: 'GET', url: '/auth/discord-url' });
    expect(a.statusCode).toBe(200);
    const urlA = new URL(a.json().data.auth_url);
    expect(a.json().success).toBe(true);
    expect(urlA.searchParams.get('scope')).toBe('identify guilds');
    expect(urlA.searchParams.get('state')).toMatch(/^[\w-]{40,}$/);
    expect(urlA.searchParams.get('state')).not.toBe(
      new URL(b.json().data.auth_url).searchParams.get('state'),
    );
  });
});

describe('GET /auth/callback', () => {
  it('signs in and redirects with tokens in the fragment, never the query', async () => {
    const { state, cookie } = await startLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=code:110000000000000001&state=${state}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(302);
    const r = parseRedirect(res.headers.location as string);
    expect(`${r.origin}${r.path}`).toBe(`${APP_URL}/auth/callback`);
    expect(r.query).toEqual({});
    expect(r.fragment.code).toBeTruthy();
    expect(r.fragment.access_token!.split('.')).toHaveLength(3);
    expect(r.fragment.refresh_token!.length).toBeGreaterThan(40);
  });

  it('refuses a replayed state', async () => {
    const url = (await t.app.inject({ method: 'GET', url: '/auth/discord-url' })).json().data
      .auth_url;
    const state = new URL(url).searchParams.get('state')!;
    await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=code:110000000000000001&state=${state}`,
    });
    const again = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=code:110000000000000001&state=${state}`,
    });
    expect(parseRedirect(again.headers.location as string).query.error).toBe('invalid_state');
  });

  it.each([
    ['no state', '/auth/callback?code=code:110000000000000001', 'invalid_state'],
    [
      'an unknown state',
      '/auth/callback?code=code:110000000000000001&state=made-up',
      'invalid_state',
    ],
    [
      'a cancelled consent',
      '/auth/callback?error=access_denied&error_description=nope',
      'access_denied',
    ],
  ])('redirects with an error for %s', async (_name, url, error) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(302);
    const r = parseRedirect(res.headers.location as string);
    expect(r.query.error).toBe(error);
    expect(r.query.error_description).toBeTruthy();
    expect(r.fragment).toEqual({});
  });

  it('redirects with invalid_grant when Discord refuses the code', async () => {
    const { state, cookie } = await startLogin(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=bogus&state=${state}`,
      headers: { cookie },
    });
    expect(parseRedirect(res.headers.location as string).query.error).toBe('invalid_grant');
  });

  it('refuses a login state used as if it were for Roblox', async () => {
    const url = (await t.app.inject({ method: 'GET', url: '/auth/discord-url' })).json().data
      .auth_url;
    const state = new URL(url).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/roblox/callback?code=rcode:1&state=${state}`,
    });
    expect(parseRedirect(res.headers.location as string).query.error).toBe('invalid_state');
  });

  it('answers 400 for an overlong code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth/callback?code=${'x'.repeat(600)}&state=s`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'querystring.code must be at most 512 characters',
    });
  });
});

describe('GET /auth/me', () => {
  it('answers the signed-in user', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      discord_id: '110000000000000001',
      username: 'olivia',
      global_name: 'Olivia',
      avatar: null,
    });
  });

  it.each([
    ['no Authorization header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['a forged token', bearer('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln')],
    ['an unsigned token', bearer('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwic2lkIjoieSJ9.')],
  ])('answers 401 for %s', async (_name, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/me', headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      error: expect.any(String),
      message: expect.any(String),
    });
  });
});

describe('POST /auth/refresh', () => {
  it('rotates: the new pair works and the old refresh token is spent', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: s.refresh },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
    });
    expect(data.refresh_token).not.toBe(s.refresh);
    const me = await t.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: bearer(data.access_token),
    });
    expect(me.statusCode).toBe(200);
  });

  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refresh_token: token } });

  it('answers again, without revoking, when a rotation answer was lost (old token replayed at once, its successor unused)', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    expect((await refresh(s.refresh)).statusCode).toBe(200); // the page left before storing this
    const replay = await refresh(s.refresh);
    expect(replay.statusCode).toBe(200);
    const again = replay.json().data;
    expect((await refresh(again.refresh_token)).statusCode).toBe(200);
    expect(await meStatus(t.app, bearer(again.access_token))).toBe(200);
  });

  it('keeps one live chain when a spent token is replayed in the grace window: the successor it replaced ends the session', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    // a thief who read the refresh token rotates it first
    const stolen = (await refresh(s.refresh)).json().data;
    // the page presents the same token within the grace window and gets a new chain
    const page = await refresh(s.refresh);
    expect(page.statusCode).toBe(200);
    const pageTokens = page.json().data;
    // the thief's successor was replaced: presenting it is reuse, and the session ends
    const thief = await refresh(stolen.refresh_token);
    expect(thief.statusCode).toBe(401);
    expect(thief.json().error).toBe('refresh_token_reused');
    expect((await refresh(pageTokens.refresh_token)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/auth/me',
          headers: bearer(pageTokens.access_token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('leaves one live successor when the same spent token is replayed twice in the grace window', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    await refresh(s.refresh);
    const [first, second] = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const tokens = [first.json().data.refresh_token, second.json().data.refresh_token];
    const live = await t.tdb.database.db
      .select()
      .from(refreshTokens)
      .where(and(isNull(refreshTokens.usedAt), isNull(refreshTokens.replacedAt)));
    expect(live).toHaveLength(1);
    expect(tokens.map(sha256)).toContain(live[0]!.tokenHash);
  });

  it('revokes the session when an old token is replayed after the grace period', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    const first = (await refresh(s.refresh)).json().data;
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    try {
      const replay = await refresh(s.refresh);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().error).toBe('refresh_token_reused');
    } finally {
      jest.restoreAllMocks();
    }
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  });

  it('revokes the whole session when an old refresh token is reused', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    // The newer token has been used, so the old one coming back can only be a copy.
    const first = (await refresh((await refresh(s.refresh)).json().data.refresh_token)).json().data;
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: s.refresh },
    });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error).toBe('refresh_token_reused');
    // the legitimate newer tokens die with the session
    const next = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(next.statusCode).toBe(401);
    expect(await meStatus(t.app, bearer(first.access_token))).toBe(401);
    expect(await meStatus(t.app, s.headers)).toBe(401);
  });

  it('answers 401 for an unknown refresh token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: 'nope' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['a missing field', {}, 'body.refresh_token is required'],
    ['a wrong type', { refresh_token: 5 }, 'body.refresh_token must be a string'],
    ['an empty string', { refresh_token: '' }, 'body.refresh_token must not be empty'],
    [
      'an overlong string',
      { refresh_token: 'x'.repeat(201) },
      'body.refresh_token must be at most 200 characters',
    ],
    ['an unknown field', { refresh_token: 'x', admin: true }, 'body.admin is not allowed'],
    ['a JSON array', [], 'body must be an object'],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: payload as object,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, error: 'validation_error', message });
  });

  it.each([
    ['junk JSON', '{"refresh_token": '],
    ['a prototype-poisoning body', '{"__proto__": {"x": 1}, "refresh_token": "a"}'],
  ])('answers 400 for %s', async (_name, body) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers 400 for an empty body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/body/);
  });
});

describe('POST /auth/logout', () => {
  it('revokes the session: access and refresh tokens stop working', async () => {
    const s = await loginAs(t.app, '110000000000000001');
    const res = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: {} });
    expect(await meStatus(t.app, s.headers)).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refresh_token: s.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });
});
