import {
  CLIENT_ID,
  CLIENT_SECRET,
  discordAccessToken,
  discordLoginCode,
  form,
  REDIRECT,
  USERS,
  bearer,
  DISCORD_CLIENT,
  useEmulator,
} from './helpers';

const app = useEmulator();

const basic = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

function token(
  values: Record<string, string>,
  headers: Record<string, string> = {},
  url = '/api/oauth2/token',
) {
  const f = form(values);
  return app.inject({
    method: 'POST',
    url,
    payload: f.payload,
    headers: { ...f.headers, ...headers },
  });
}

/** Revokes one token of an authorization, as the API does on sign-out. */
const revoke = (tokenValue: string) =>
  token({ token: tokenValue }, { authorization: basic }, '/api/oauth2/token/revoke');

/** Neither the access nor the refresh token of `tokens` works any more. */
async function expectEnded(tokens: { access_token: string; refresh_token: string }) {
  const me = await app.inject({
    url: '/api/v10/users/@me',
    headers: bearer(tokens.access_token),
  });
  expect(me.statusCode).toBe(401);
  const refresh = await token(
    { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    { authorization: basic },
  );
  expect(refresh.json()).toEqual({ error: 'invalid_grant' });
}

describe('POST /api/oauth2/token', () => {
  it('exchanges a code with HTTP Basic client auth', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await token(
      { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
      { authorization: basic },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token_type: 'Bearer',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 604800,
      scope: 'identify guilds',
    });
  });

  it('exchanges a code with client credentials in the body, under /api/v10 too', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await token(
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
      },
      {},
      '/api/v10/oauth2/token',
    );
    expect(res.statusCode).toBe(200);
  });

  it('accepts a code only once', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const body = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT };
    expect((await token(body, { authorization: basic })).statusCode).toBe(200);
    const again = await token(body, { authorization: basic });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid "code" in request.',
    });
  });

  it('refuses a redirect_uri different from the authorize request', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await token(
      { grant_type: 'authorization_code', code, redirect_uri: 'http://evil.example/cb' },
      { authorization: basic },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error_description).toContain('redirect_uri');
  });

  it('refuses JSON bodies like Discord does', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await app.inject({
      method: 'POST',
      url: '/api/oauth2/token',
      headers: { ...DISCORD_CLIENT, authorization: basic, 'content-type': 'application/json' },
      payload: JSON.stringify({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_grant_type');
  });

  it('refuses wrong client credentials with 401 invalid_client', async () => {
    const code = await discordLoginCode(app, USERS.owner);
    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
      client_secret: 'wrong',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'invalid_client' });
  });

  it('refuses an unknown grant type', async () => {
    const res = await token({ grant_type: 'password' }, { authorization: basic });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('unsupported_grant_type');
  });

  it('refresh tokens are single use: the new one works, the old one gives invalid_grant', async () => {
    const first = await discordAccessToken(app, USERS.owner);
    const refreshed = await token(
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      { authorization: basic },
    );
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const reuse = await token(
      { grant_type: 'refresh_token', refresh_token: first.refresh_token },
      { authorization: basic },
    );
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual({ error: 'invalid_grant' });
    const me = await app.inject({
      url: '/api/v10/users/@me',
      headers: bearer(second.access_token),
    });
    expect(me.json().id).toBe(USERS.owner);
  });

  it('revoke kills the access and refresh tokens of the authorization', async () => {
    const tokens = await discordAccessToken(app, USERS.owner);
    const res = await revoke(tokens.refresh_token);
    expect(res.statusCode).toBe(200);
    await expectEnded(tokens);
  });
});

describe('one authorization per user and application', () => {
  const roleConnection = (accessToken: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/v10/users/@me/applications/${CLIENT_ID}/role-connection`,
      headers: bearer(accessToken),
      payload: { platform_name: 'Roblox', metadata: {} },
    });

  it("revoking any one token ends every token of that user for the app, and no one else's", async () => {
    const login = await discordAccessToken(
      app,
      USERS.owner,
      'identify guilds role_connections.write',
    );
    const second = await discordAccessToken(app, USERS.owner);
    const other = await discordAccessToken(app, USERS.member);
    expect((await roleConnection(login.access_token)).statusCode).toBe(200);

    const res = await revoke(second.access_token);
    expect(res.statusCode).toBe(200);

    for (const ended of [login, second]) await expectEnded(ended);
    expect((await roleConnection(login.access_token)).statusCode).toBe(401);
    const stillThere = await app.inject({
      url: '/api/v10/users/@me',
      headers: bearer(other.access_token),
    });
    expect(stillThere.json().id).toBe(USERS.member);
  });
});

describe('Bearer endpoints', () => {
  it('GET /users/@me returns the signed-in user', async () => {
    const { access_token } = await discordAccessToken(app, USERS.owner);
    const res = await app.inject({
      url: '/api/v10/users/@me',
      headers: bearer(access_token),
    });
    expect(res.json()).toMatchObject({
      id: USERS.owner,
      username: 'owner_olivia',
      global_name: 'Olivia',
      avatar: null,
      discriminator: '0',
    });
  });

  it('GET /users/@me/guilds?with_counts=true returns partial guilds with decimal-string permissions', async () => {
    const { access_token } = await discordAccessToken(app, USERS.owner);
    const res = await app.inject({
      url: '/api/users/@me/guilds?with_counts=true',
      headers: bearer(access_token),
    });
    const guilds = res.json();
    expect(guilds).toHaveLength(2);
    expect(guilds[0]).toMatchObject({
      id: '120000000000000001',
      name: 'Bot Guild',
      icon: null,
      owner: true,
      approximate_member_count: 5,
    });
    expect(guilds[0].permissions).toMatch(/^\d+$/);
    expect(guilds[1]).toMatchObject({
      id: '120000000000000002',
      owner: false,
      permissions: '32',
      approximate_member_count: 2,
    });
  });

  it('omits counts without with_counts', async () => {
    const { access_token } = await discordAccessToken(app, USERS.member);
    const res = await app.inject({
      url: '/api/v10/users/@me/guilds',
      headers: bearer(access_token),
    });
    expect(res.json()).toEqual([
      expect.not.objectContaining({ approximate_member_count: expect.anything() }),
    ]);
  });

  it.each([['Bearer nope'], ['Bearer'], ['Basic abc'], ['']])(
    'answers 401 {message, code:0} for authorization %j',
    async (header) => {
      const res = await app.inject({
        url: '/api/v10/users/@me',
        headers: { ...DISCORD_CLIENT, ...(header ? { authorization: header } : {}) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: '401: Unauthorized', code: 0 });
    },
  );

  it('refuses user tokens on bot-only routes', async () => {
    const { access_token } = await discordAccessToken(app, USERS.owner);
    const res = await app.inject({
      url: '/api/v10/guilds/120000000000000001',
      headers: bearer(access_token),
    });
    expect(res.statusCode).toBe(401);
  });
});
