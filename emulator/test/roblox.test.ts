import { createHash, randomBytes } from 'node:crypto';
import { form, location, useEmulator } from './helpers';

const app = useEmulator();
afterEach(() => jest.restoreAllMocks());

const CLIENT = { client_id: 'emulator-roblox-client', client_secret: 'emulator-roblox-secret' };
const REDIRECT = 'http://localhost:3000/roblox/callback';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const authorizeParams = (challenge: string, extra: Record<string, string> = {}) => ({
  client_id: CLIENT.client_id,
  redirect_uri: REDIRECT,
  scope: 'openid profile',
  response_type: 'code',
  state: 'r-state',
  code_challenge: challenge,
  code_challenge_method: 'S256',
  ...extra,
});

async function codeFor(userId: string, challenge: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/v1/authorize',
    ...form({ ...authorizeParams(challenge), user_id: userId }),
  });
  return location(res).searchParams.get('code')!;
}

const exchange = (values: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/oauth/v1/token', ...form(values) });
/** The tokens of `userId`'s consent, its code exchanged. */
async function tokensFor(userId: string) {
  const { verifier, challenge } = pkce();
  return (await exchangeCode(await codeFor(userId, challenge), verifier)).json();
}
/** A code exchanged as the API does: with its PKCE verifier and the client's credentials. */
const exchangeCode = (code: string, verifier: string) =>
  exchange({ grant_type: 'authorization_code', code, code_verifier: verifier, ...CLIENT });

describe('Roblox consent page', () => {
  it('lists every Roblox user as "Continue as <name>" plus Cancel', async () => {
    const res = await app.inject({
      url: `/oauth/v1/authorize?${new URLSearchParams(authorizeParams(pkce().challenge))}`,
    });
    expect(res.statusCode).toBe(200);
    for (const name of ['RankedRuby', 'PlainPete', 'LoneLeo'])
      expect(res.body).toContain(`>Continue as ${name}</button>`);
    expect(res.body).toContain('>Cancel</button>');
    expect(res.body).toContain('method="post"');
  });

  it('redirects with code and state after a choice, and access_denied after Cancel', async () => {
    const { challenge } = pkce();
    const ok = await app.inject({
      method: 'POST',
      url: '/oauth/v1/authorize',
      ...form({ ...authorizeParams(challenge), user_id: '501' }),
    });
    expect(location(ok).searchParams.get('state')).toBe('r-state');
    expect(location(ok).searchParams.get('code')).toBeTruthy();
    const no = await app.inject({
      method: 'POST',
      url: '/oauth/v1/authorize',
      ...form({ ...authorizeParams(challenge), decision: 'cancel' }),
    });
    expect(location(no).searchParams.get('error')).toBe('access_denied');
    expect(location(no).searchParams.get('state')).toBe('r-state');
  });

  it.each([
    ['no code_challenge', { code_challenge: '' }, 'code_challenge parameter is missing'],
    ['plain PKCE', { code_challenge_method: 'plain' }, 'must be S256'],
    ['an unknown client', { client_id: 'other' }, 'Unknown app'],
    ['no redirect_uri', { redirect_uri: '' }, 'redirect_uri parameter is missing'],
    ['no openid scope', { scope: 'profile' }, 'must include openid'],
  ])('shows an error page for %s', async (_label, extra, text) => {
    const res = await app.inject({
      url: `/oauth/v1/authorize?${new URLSearchParams(authorizeParams(pkce().challenge, extra))}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(text);
  });
});

describe('POST /oauth/v1/token', () => {
  it('exchanges a code with the right verifier, once', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('501', challenge);
    const res = await exchangeCode(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 899,
      scope: 'openid profile',
      id_token: expect.any(String),
    });
    const again = await exchangeCode(code, verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const code = await codeFor('501', pkce().challenge);
    const res = await exchangeCode(code, pkce().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'The code_verifier does not match the code_challenge.',
    });
  });

  it('refuses a missing verifier', async () => {
    const code = await codeFor('501', pkce().challenge);
    expect(
      (await exchange({ grant_type: 'authorization_code', code, ...CLIENT })).json().error,
    ).toBe('invalid_grant');
  });

  it('codes live one minute', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('501', challenge);
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    const res = await exchangeCode(code, verifier);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('checks client credentials (Basic or body) and insists on a form body', async () => {
    const { verifier, challenge } = pkce();
    const code = await codeFor('501', challenge);
    const wrong = await exchange({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: CLIENT.client_id,
      client_secret: 'x',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_client');
    const json = await app.inject({
      method: 'POST',
      url: '/oauth/v1/token',
      payload: { grant_type: 'authorization_code' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('invalid_request');
  });

  it('rotates refresh tokens', async () => {
    const tokens = await tokensFor('502');
    const basic = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString('base64')}`;
    const refresh = (token: string) =>
      app.inject({
        method: 'POST',
        url: '/oauth/v1/token',
        ...form({ grant_type: 'refresh_token', refresh_token: token }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      });
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(200);
    expect((await refresh(tokens.refresh_token)).json().error).toBe('invalid_grant');
  });
});

describe('userinfo and web APIs', () => {
  it('GET /oauth/v1/userinfo returns the profile claims', async () => {
    const tokens = await tokensFor('501');
    const res = await app.inject({
      url: '/oauth/v1/userinfo',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(res.json()).toEqual({
      sub: '501',
      name: 'Ruby',
      nickname: 'Ruby',
      preferred_username: 'RankedRuby',
      created_at: expect.any(Number),
      profile: 'https://www.roblox.com/users/501/profile',
      picture: 'http://localhost:3100/__emulator/headshots/501.svg',
    });
    expect(
      (await app.inject({ url: '/oauth/v1/userinfo', headers: { authorization: 'Bearer nope' } }))
        .statusCode,
    ).toBe(401);
  });

  it('GET /v1/groups/{id} and its roles; Roblox’s 400 for a missing group', async () => {
    expect((await app.inject({ url: '/v1/groups/7001' })).json()).toMatchObject({
      id: 7001,
      name: 'Test Group',
      memberCount: 2,
      owner: { userId: 501, username: 'RankedRuby', displayName: 'Ruby' },
    });
    const roles = (await app.inject({ url: '/v1/groups/7001/roles' })).json();
    expect(roles.groupId).toBe(7001);
    expect(roles.roles.map((r: { rank: number }) => r.rank)).toEqual([0, 1, 50, 255]);
    for (const url of ['/v1/groups/999', '/v1/groups/999/roles', '/v1/groups/abc']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({
        code: 1,
        message: 'Group is invalid or does not exist.',
      });
    }
  });

  it('GET /v2/users/{id}/groups/roles lists memberships with ranks', async () => {
    expect((await app.inject({ url: '/v2/users/501/groups/roles' })).json()).toEqual({
      data: [
        {
          group: { id: 7001, name: 'Test Group', memberCount: 2, hasVerifiedBadge: false },
          role: { id: 70013, name: 'Owner', rank: 255 },
        },
      ],
    });
    expect((await app.inject({ url: '/v2/users/503/groups/roles' })).json()).toEqual({ data: [] });
    expect((await app.inject({ url: '/v2/users/9/groups/roles' })).statusCode).toBe(400);
  });

  it('GET /v1/users/{id}', async () => {
    expect((await app.inject({ url: '/v1/users/502' })).json()).toMatchObject({
      id: 502,
      name: 'PlainPete',
      displayName: 'Pete',
      isBanned: false,
    });
    const missing = await app.inject({ url: '/v1/users/9' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe(3);
  });

  it('GET /v1/users/avatar-headshot answers per user, and validates size and format', async () => {
    const res = await app.inject({
      url: '/v1/users/avatar-headshot?userIds=501,503,9&size=150x150&format=Png&isCircular=false',
    });
    expect(res.json().data).toEqual([
      {
        targetId: 501,
        state: 'Completed',
        imageUrl: 'http://localhost:3100/__emulator/headshots/501.svg',
        version: 'emulator',
      },
      { targetId: 503, state: 'Blocked', imageUrl: '', version: '' },
      { targetId: 9, state: 'Error', imageUrl: '', version: '' },
    ]);
    expect(
      (await app.inject({ url: '/v1/users/avatar-headshot?userIds=501&size=1x1' })).statusCode,
    ).toBe(400);
    expect(
      (await app.inject({ url: '/v1/users/avatar-headshot?userIds=501&format=gif' })).statusCode,
    ).toBe(400);
    expect((await app.inject({ url: '/v1/users/avatar-headshot' })).statusCode).toBe(400);
    const svg = await app.inject({ url: '/__emulator/headshots/501.svg' });
    expect(svg.headers['content-type']).toContain('image/svg+xml');
  });
});
