import { createDiscordOAuthClient } from '../../src/integrations/discord/oauthClient';
import { IntegrationError, type DiscordOAuthClient } from '../../src/integrations/types';
import { addFaults, consent, failure, IDS, settingsFor, useTestEmulator } from './helpers';

let client: DiscordOAuthClient;
const emulator = useTestEmulator((settings) => {
  client = createDiscordOAuthClient(settings, { retries: 2, maxRateLimitWaitMs: 2000 });
});

async function signIn(userId = IDS.owner) {
  const redirect = await consent(client.loginUrl('st-1'), { user_id: userId });
  expect(redirect.searchParams.get('state')).toBe('st-1');
  return client.exchangeCode(redirect.searchParams.get('code')!);
}

describe('Discord OAuth client', () => {
  it('builds the login URL with identify guilds role_connections.write, the redirect URI and state', () => {
    const url = new URL(client.loginUrl('abc'));
    expect(`${url.origin}${url.pathname}`).toBe(`${emulator.url}/oauth2/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: IDS.botUser,
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/auth/callback',
      scope: 'identify guilds role_connections.write',
      state: 'abc',
    });
  });

  it('builds the bot invite URL exactly as the contract lists', () => {
    const url = new URL(client.botInviteUrl('inv', IDS.guildNoBot));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: IDS.botUser,
      permissions: '402738176',
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/auth/callback',
      integration_type: '0',
      scope: 'bot',
      guild_id: IDS.guildNoBot,
      disable_guild_select: 'true',
      state: 'inv',
    });
  });

  it('signs in through the consent page, then reads the user and their guilds', async () => {
    const tokens = await signIn();
    expect(tokens).toMatchObject({
      expires_in: 604800,
      scope: 'identify guilds role_connections.write',
    });
    expect(tokens.refresh_token).toBeTruthy();
    expect(await client.getCurrentUser(tokens.access_token)).toEqual({
      id: IDS.owner,
      username: 'owner_olivia',
      global_name: 'Olivia',
      avatar: null,
    });
    const guilds = await client.getCurrentUserGuilds(tokens.access_token);
    expect(guilds).toEqual([
      {
        id: IDS.guildWithBot,
        name: 'Bot Guild',
        icon: null,
        owner: true,
        permissions: expect.stringMatching(/^\d+$/),
        approximate_member_count: 5,
      },
      {
        id: IDS.guildNoBot,
        name: 'No Bot Guild',
        icon: null,
        owner: false,
        permissions: '32',
        approximate_member_count: 2,
      },
    ]);
  });

  it('the bot invite URL is accepted by the consent page and adds the bot', async () => {
    await signIn();
    const redirect = await consent(client.botInviteUrl('inv-1', IDS.guildNoBot), {
      decision: 'authorize',
      acting_user_id: IDS.owner,
    });
    expect(redirect.searchParams.get('guild_id')).toBe(IDS.guildNoBot);
    expect(redirect.searchParams.get('state')).toBe('inv-1');
    expect(
      emulator.app.emulator.state().discord.guilds.find((g) => g.id === IDS.guildNoBot)
        ?.bot_present,
    ).toBe(true);
  });

  it('refuses a code used twice with kind invalid_grant', async () => {
    const redirect = await consent(client.loginUrl('s'), { user_id: IDS.member });
    const code = redirect.searchParams.get('code')!;
    await client.exchangeCode(code);
    const error = await failure(client.exchangeCode(code));
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ provider: 'discord', kind: 'invalid_grant', status: 400 });
    expect(error.message).toMatch(/sign in again/i);
  });

  it('rotates refresh tokens and refuses a reused one with invalid_grant', async () => {
    const first = await signIn();
    const second = await client.refresh(first.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await client.getCurrentUser(second.access_token)).id).toBe(IDS.owner);
    expect(await failure(client.refresh(first.refresh_token))).toMatchObject({
      kind: 'invalid_grant',
    });
    await expect(client.refresh(second.refresh_token)).resolves.toMatchObject({
      scope: 'identify guilds role_connections.write',
    });
  });

  it('after revoke, reading the user fails with invalid_grant (401)', async () => {
    const tokens = await signIn();
    await client.revoke(tokens.access_token);
    expect(await failure(client.getCurrentUser(tokens.access_token))).toMatchObject({
      kind: 'invalid_grant',
      status: 401,
    });
    // revoking again is harmless
    await expect(client.revoke(tokens.access_token)).resolves.toBeUndefined();
  });

  it('reports wrong client credentials as an actionable configuration error', async () => {
    const bad = createDiscordOAuthClient(
      settingsFor(emulator.url, { discordClientSecret: 'wrong' }),
    );
    const redirect = await consent(bad.loginUrl('s'), { user_id: IDS.owner });
    const error = await failure(bad.exchangeCode(redirect.searchParams.get('code')!));
    expect(error).toMatchObject({ kind: 'unavailable', status: 401 });
    expect(error.message).toContain('DISCORD_CLIENT_SECRET');
  });

  it('waits out a 429 on the token endpoint and succeeds', async () => {
    const redirect = await consent(client.loginUrl('s'), { user_id: IDS.owner });
    await addFaults(emulator, [
      { method: 'POST', path: '/api/oauth2/token', status: 429, retry_after: 0.3, count: 1 },
    ]);
    const started = Date.now();
    const tokens = await client.exchangeCode(redirect.searchParams.get('code')!);
    expect(tokens.access_token).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('retries a 5xx and gives up with unavailable when it persists', async () => {
    const tokens = await signIn();
    await addFaults(emulator, [
      { method: 'GET', path: '/api/v10/users/@me', status: 502, count: 2 },
    ]);
    expect((await client.getCurrentUser(tokens.access_token)).id).toBe(IDS.owner);
    await addFaults(emulator, [
      { method: 'GET', path: '/api/v10/users/@me', status: 503, count: 5 },
    ]);
    const error = await failure(client.getCurrentUser(tokens.access_token));
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
  });

  it('gives up with rate_limited when Discord asks to wait too long', async () => {
    const tokens = await signIn();
    await addFaults(emulator, [
      { method: 'GET', path: '/api/v10/users/@me/guilds', status: 429, retry_after: 30, count: 1 },
    ]);
    const error = await failure(client.getCurrentUserGuilds(tokens.access_token));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.message).toContain('30 seconds');
  });
});
