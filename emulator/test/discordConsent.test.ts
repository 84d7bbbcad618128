import {
  CLIENT_ID,
  exchangeDiscordCode,
  form,
  GUILDS,
  guildState,
  location,
  loginParams,
  REDIRECT,
  USERS,
  useEmulator,
} from './helpers';

const app = useEmulator();

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('Discord login consent page', () => {
  it('lists every seeded user as a "Continue as" button inside a real POST form, plus Cancel', async () => {
    const res = await app.inject({ url: `/oauth2/authorize?${query(loginParams())}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<form method="post" action="/oauth2/authorize">');
    for (const name of ['owner_olivia', 'member_max', 'no_dms_nina', 'mod_mo'])
      expect(res.body).toContain(`>Continue as ${name}</button>`);
    expect(res.body).toContain('>Cancel</button>');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('name="state" value="state-1"');
  });

  it('is also served under /api/v10/oauth2/authorize', async () => {
    const res = await app.inject({ url: `/api/v10/oauth2/authorize?${query(loginParams())}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Continue as owner_olivia');
  });

  it('redirects to redirect_uri with code and state when a user is chosen', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...loginParams('xyz'), user_id: USERS.owner }),
    });
    expect(res.statusCode).toBe(302);
    const to = location(res);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(to.searchParams.get('state')).toBe('xyz');
    expect(to.searchParams.get('code')).toMatch(/^[\w-]{20,}$/);
    expect(res.headers['set-cookie']).toContain(`emulator_discord_user=${USERS.owner}`);
    expect(app.emulator.state().discord.last_signed_in_user_id).toBe(USERS.owner);
  });

  it('redirects with error=access_denied and the state on Cancel', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...loginParams('s9'), decision: 'cancel' }),
    });
    expect(res.statusCode).toBe(302);
    const to = location(res);
    expect(to.searchParams.get('error')).toBe('access_denied');
    expect(to.searchParams.get('error_description')).toBeTruthy();
    expect(to.searchParams.get('state')).toBe('s9');
    expect(to.searchParams.get('code')).toBeNull();
  });

  it.each([
    ['client_id is missing', { ...loginParams(), client_id: '' }, 'client_id parameter is missing'],
    [
      'client_id is unknown',
      { ...loginParams(), client_id: '999999999999999999' },
      'Unknown application',
    ],
    [
      'redirect_uri is missing',
      { ...loginParams(), redirect_uri: '' },
      'redirect_uri parameter is missing',
    ],
    [
      'redirect_uri is not registered',
      { ...loginParams(), redirect_uri: 'http://localhost:3000/auth/callback/' },
      'Invalid OAuth2 redirect_uri: http://localhost:3000/auth/callback/ is not registered',
    ],
    [
      'redirect_uri is not a URL',
      { ...loginParams(), redirect_uri: 'javascript:alert(1)' },
      'Invalid OAuth2 redirect_uri',
    ],
    ['scope lacks identify', { ...loginParams(), scope: 'guilds' }, 'identify scope'],
  ])('shows an error page when %s', async (_label, params, text) => {
    const res = await app.inject({ url: `/oauth2/authorize?${query(params)}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(text);
    expect(res.body).toContain('role="alert"');
  });

  it('refuses an unknown user id in the decision', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...loginParams(), user_id: '123456789012345678' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown account');
  });

  it('escapes HTML in carried parameters', async () => {
    const res = await app.inject({
      url: `/oauth2/authorize?${query({ ...loginParams(), state: '"><script>x</script>' })}`,
    });
    expect(res.body).not.toContain('<script>x</script>');
    expect(res.body).toContain('&#34;&#62;&#60;script&#62;');
  });
});

describe('Discord bot invite consent page', () => {
  const inviteParams = (guildId = GUILDS.noBot) => ({
    client_id: CLIENT_ID,
    permissions: '402720768',
    response_type: 'code',
    redirect_uri: REDIRECT,
    integration_type: '0',
    scope: 'bot',
    guild_id: guildId,
    disable_guild_select: 'true',
    state: 'invite-state',
  });

  async function signIn(userId: string) {
    await app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...loginParams(), user_id: userId }),
    });
  }

  it('asks the user who last signed in to add the bot to the named guild', async () => {
    await signIn(USERS.owner);
    const res = await app.inject({ url: `/oauth2/authorize?${query(inviteParams())}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Add bot to No Bot Guild');
    expect(res.body).toContain('Signed in as owner_olivia');
    expect(res.body).toContain('>Authorize</button>');
    expect(res.body).toContain('>Cancel</button>');
  });

  const authorize = (params: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...params, acting_user_id: USERS.owner, decision: 'authorize' }),
    });
  const requireCodeGrant = () =>
    app.inject({
      method: 'PATCH',
      url: '/__emulator/application',
      payload: { bot_require_code_grant: true },
    });
  const exchange = (code: string) => exchangeDiscordCode(app, code);

  it('adds the bot with its managed role on Authorize and returns guild_id, permissions and state but no code', async () => {
    await signIn(USERS.owner);
    const res = await authorize(inviteParams());
    expect(res.statusCode).toBe(302);
    const to = location(res);
    expect(`${to.origin}${to.pathname}`).toBe(REDIRECT);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      state: 'invite-state',
      guild_id: GUILDS.noBot,
      permissions: '402720768',
    });
    const guild = guildState(app, GUILDS.noBot);
    expect(guild.bot_present).toBe(true);
    const botRole = guild.roles.find((r) => r.managed)!;
    expect(botRole).toMatchObject({ name: 'RoConnect', position: 3 });
    expect(guild.members.find((m) => m.user_id === CLIENT_ID)?.roles).toEqual([botRole.id]);
    expect(guild.bot_highest_role_position).toBe(3);
  });

  it('with "Requires OAuth2 Code Grant" on, returns a code whose token answer names the guild', async () => {
    await signIn(USERS.owner);
    expect((await requireCodeGrant()).statusCode).toBe(200);
    const to = location(await authorize(inviteParams()));
    expect(to.searchParams.get('guild_id')).toBe(GUILDS.noBot);
    expect(to.searchParams.get('state')).toBe('invite-state');
    const tokens = await exchange(to.searchParams.get('code')!);
    expect(tokens.statusCode).toBe(200);
    expect(tokens.json()).toMatchObject({ scope: 'bot', guild: { id: GUILDS.noBot } });
  });

  it('goes through the code grant when the invite asks for more than bot, whatever the setting', async () => {
    await signIn(USERS.owner);
    const to = location(await authorize({ ...inviteParams(), scope: 'bot identify' }));
    const tokens = await exchange(to.searchParams.get('code')!);
    expect(tokens.json()).toMatchObject({ scope: 'bot identify', guild: { id: GUILDS.noBot } });
  });

  it('refuses a redirect_uri the application has not registered, on the page and on Authorize, redirecting nowhere', async () => {
    await signIn(USERS.owner);
    const elsewhere = { ...inviteParams(), redirect_uri: 'http://localhost:3999/auth/callback' };
    const page = await app.inject({ url: `/oauth2/authorize?${query(elsewhere)}` });
    const submitted = await authorize(elsewhere);
    for (const res of [page, submitted]) {
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain(
        'Invalid OAuth2 redirect_uri: http://localhost:3999/auth/callback is not registered on the application.',
      );
    }
    expect(guildState(app, GUILDS.noBot).bot_present).toBe(false);
    await app.inject({
      method: 'PATCH',
      url: '/__emulator/application',
      payload: { redirect_uris: [REDIRECT, elsewhere.redirect_uri] },
    });
    expect((await authorize(elsewhere)).statusCode).toBe(302);
  });

  it('uses the browser cookie over the emulator-wide last sign-in', async () => {
    await signIn(USERS.member);
    const res = await app.inject({
      url: `/oauth2/authorize?${query(inviteParams())}`,
      headers: { cookie: `emulator_discord_user=${USERS.owner}` },
    });
    expect(res.body).toContain('Signed in as owner_olivia');
  });

  it('redirects with access_denied on Cancel and leaves the guild alone', async () => {
    await signIn(USERS.owner);
    const res = await app.inject({
      method: 'POST',
      url: '/oauth2/authorize',
      ...form({ ...inviteParams(), acting_user_id: USERS.owner, decision: 'cancel' }),
    });
    expect(location(res).searchParams.get('error')).toBe('access_denied');
    expect(guildState(app, GUILDS.noBot).bot_present).toBe(false);
  });

  it('asks for a sign-in first when nobody has signed in', async () => {
    const res = await app.inject({ url: `/oauth2/authorize?${query(inviteParams())}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Sign in first');
  });

  it('refuses a user without Manage Server in the guild', async () => {
    await signIn(USERS.member);
    const res = await app.inject({
      url: `/oauth2/authorize?${query(inviteParams(GUILDS.withBot))}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('needs the Manage Server permission in Bot Guild');
  });

  it('shows an error page for an unknown guild', async () => {
    await signIn(USERS.owner);
    const res = await app.inject({
      url: `/oauth2/authorize?${query(inviteParams('999999999999999999'))}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Unknown server');
  });

  it('offers a server picker when no guild_id is given', async () => {
    await signIn(USERS.owner);
    const { guild_id: _g, ...params } = inviteParams();
    const res = await app.inject({ url: `/oauth2/authorize?${query(params)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<label for="guild_id">Server</label>');
    expect(res.body).toContain('<option value="120000000000000002">No Bot Guild</option>');
  });
});
