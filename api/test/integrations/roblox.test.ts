import { createRobloxApiClient } from '../../src/integrations/roblox/apiClient';
import {
  createPkcePair,
  createRobloxOAuthClient,
  pkceChallenge,
} from '../../src/integrations/roblox/oauthClient';
import {
  IntegrationError,
  type RobloxApiClient,
  type RobloxOAuthClient,
} from '../../src/integrations/types';
import { addFaults, consent, failure, IDS, settingsFor, useTestEmulator } from './helpers';

let oauth: RobloxOAuthClient;
let roblox: RobloxApiClient;
const emulator = useTestEmulator((settings) => {
  oauth = createRobloxOAuthClient(settings, { retries: 2 });
  roblox = createRobloxApiClient(settings, { retries: 2, maxRateLimitWaitMs: 2000 });
});

describe('PKCE helpers', () => {
  it('makes a 43-character verifier and its S256 challenge', () => {
    const pair = createPkcePair();
    expect(pair.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pair.challenge).toBe(pkceChallenge(pair.verifier));
    expect(createPkcePair().verifier).not.toBe(pair.verifier);
  });

  it('matches the RFC 7636 example', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});

describe('Roblox OAuth client', () => {
  it('is configured only with both a client id and a secret', () => {
    expect(oauth.configured).toBe(true);
    expect(
      createRobloxOAuthClient(settingsFor(emulator.url, { robloxClientId: undefined })).configured,
    ).toBe(false);
    expect(
      createRobloxOAuthClient(settingsFor(emulator.url, { robloxClientSecret: '' })).configured,
    ).toBe(false);
  });

  it('builds the authorize URL with openid profile and PKCE S256', () => {
    const url = new URL(oauth.authorizeUrl('st', 'c'.repeat(43)));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'emulator-roblox-client',
      redirect_uri: 'http://localhost:3000/roblox/callback',
      scope: 'openid profile',
      response_type: 'code',
      state: 'st',
      code_challenge: 'c'.repeat(43),
      code_challenge_method: 'S256',
    });
  });

  it('links an account: consent, code + verifier exchange, userinfo', async () => {
    const pkce = createPkcePair();
    const redirect = await consent(oauth.authorizeUrl('link-1', pkce.challenge), {
      user_id: IDS.robloxOwner,
    });
    expect(redirect.searchParams.get('state')).toBe('link-1');
    const { access_token } = await oauth.exchangeCode(
      redirect.searchParams.get('code')!,
      pkce.verifier,
    );
    expect(await oauth.getUserInfo(access_token)).toEqual({
      sub: '501',
      preferred_username: 'RankedRuby',
      name: 'Ruby',
      picture: expect.stringMatching(/\/__emulator\/headshots\/501\.svg$/),
    });
  });

  it('refuses a verifier that does not match the challenge with invalid_grant', async () => {
    const pkce = createPkcePair();
    const redirect = await consent(oauth.authorizeUrl('s', pkce.challenge), {
      user_id: IDS.robloxOwner,
    });
    const error = await failure(
      oauth.exchangeCode(redirect.searchParams.get('code')!, createPkcePair().verifier),
    );
    expect(error).toBeInstanceOf(IntegrationError);
    expect(error).toMatchObject({ provider: 'roblox', kind: 'invalid_grant', status: 400 });
  });

  it('reports a user with no headshot as picture null', async () => {
    const pkce = createPkcePair();
    const redirect = await consent(oauth.authorizeUrl('s', pkce.challenge), {
      user_id: IDS.robloxOutsider,
    });
    const { access_token } = await oauth.exchangeCode(
      redirect.searchParams.get('code')!,
      pkce.verifier,
    );
    expect((await oauth.getUserInfo(access_token)).picture).toBeNull();
  });

  it('an unknown access token → invalid_grant', async () => {
    expect(await failure(oauth.getUserInfo('nope'))).toMatchObject({
      kind: 'invalid_grant',
      status: 401,
    });
  });

  it('an unconfigured client refuses to build URLs with a clear message', () => {
    const off = createRobloxOAuthClient(settingsFor(emulator.url, { robloxClientId: undefined }));
    expect(() => off.authorizeUrl('s', 'c')).toThrow(/ROBLOX_CLIENT_ID/);
  });
});

describe('Roblox API client', () => {
  it('reads a group, and answers null for a missing one', async () => {
    expect(await roblox.getGroup(IDS.group)).toEqual({ id: '7001', name: 'Test Group' });
    expect(await roblox.getGroup('424242')).toBeNull();
    expect(await roblox.getGroup('not-a-number')).toBeNull();
  });

  it('lists ranks in order, and throws not_found for a missing group', async () => {
    expect(await roblox.getGroupRoles(IDS.group)).toEqual([
      { id: '70010', name: 'Guest', rank: 0 },
      { id: '70011', name: 'Member', rank: 1 },
      { id: '70012', name: 'Officer', rank: 50 },
      { id: '70013', name: 'Owner', rank: 255 },
    ]);
    expect(await failure(roblox.getGroupRoles('424242'))).toMatchObject({ kind: 'not_found' });
  });

  it("reads a user's rank, 0 when not a member, not_found for an unknown user", async () => {
    expect(await roblox.getUserRankInGroup(IDS.robloxOwner, IDS.group)).toBe(255);
    expect(await roblox.getUserRankInGroup(IDS.robloxMember, IDS.group)).toBe(1);
    expect(await roblox.getUserRankInGroup(IDS.robloxOutsider, IDS.group)).toBe(0);
    expect(await failure(roblox.getUserRankInGroup('999999', IDS.group))).toMatchObject({
      kind: 'not_found',
    });
  });

  it('finds a headshot URL, null when none', async () => {
    expect(await roblox.getAvatarHeadshotUrl(IDS.robloxOwner)).toMatch(
      /\/__emulator\/headshots\/501\.svg$/,
    );
    expect(await roblox.getAvatarHeadshotUrl(IDS.robloxOutsider)).toBeNull();
  });

  it('waits the x-ratelimit-reset Roblox sends with a 429, and fails at once past the bound', async () => {
    await addFaults(emulator, [
      { method: 'GET', path: `/v1/groups/${IDS.group}`, status: 429, retry_after: 1, count: 1 },
    ]);
    const started = Date.now();
    expect(await roblox.getGroup(IDS.group)).toEqual({ id: '7001', name: 'Test Group' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);

    // 30 s is past this client's 2 s bound: no waiting, no retry into a closed quota
    await addFaults(emulator, [
      { method: 'GET', path: `/v1/groups/${IDS.group}`, status: 429, retry_after: 30, count: 1 },
    ]);
    const error = await failure(roblox.getGroup(IDS.group));
    expect(error).toMatchObject({ provider: 'roblox', kind: 'rate_limited', status: 429 });
    expect(error.message).toContain('Try again in 30 seconds');
  });

  it('retries a 5xx, waits out a 429, and reports a lasting outage as unavailable', async () => {
    await addFaults(emulator, [
      { method: 'GET', path: `/v1/groups/${IDS.group}`, status: 503, count: 1 },
      { method: 'GET', path: `/v1/groups/${IDS.group}`, status: 429, retry_after: 0.2, count: 1 },
    ]);
    expect(await roblox.getGroup(IDS.group)).toEqual({ id: '7001', name: 'Test Group' });
    await addFaults(emulator, [{ method: 'GET', path: '^/v1/groups/', status: 500, count: 3 }]);
    expect(await failure(roblox.getGroup(IDS.group))).toMatchObject({
      provider: 'roblox',
      kind: 'unavailable',
      status: 500,
    });
  });
});
