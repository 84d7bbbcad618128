import { http, HttpResponse } from 'msw';
import { route } from '../mocks/handlers/route';
import { API_PATHS } from '../contract/paths';
import {
  DEMO_ACCESS_TOKEN,
  DEMO_REFRESH_TOKEN,
  failNext,
  networkErrorNext,
  SEED_SERVERS,
  setupMockServer,
  signIn,
} from '../testing';
import { api } from './endpoints';
import { apiClient, httpClients, longApiClient } from './httpClient';
import { installUnauthorizedInterceptor } from './unauthorizedInterceptor';

const { server, db } = setupMockServer();

let goTo: jest.Mock;
let uninstall: () => void;
beforeEach(() => {
  goTo = jest.fn();
  uninstall = installUnauthorizedInterceptor(httpClients, goTo);
  signIn();
});
afterEach(() => uninstall());

const tokens = () => [localStorage.getItem('auth_token'), localStorage.getItem('refresh_token')];

/** Every request the mock API saw while the test ran: `METHOD /path Bearer-token`. */
function recordRequests(): { method: string; path: string; token: string | null }[] {
  const seen: { method: string; path: string; token: string | null }[] = [];
  const listener = ({ request }: { request: Request }) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
    seen.push({ method: request.method, path: new URL(request.url).pathname, token });
  };
  server.events.on('request:start', listener);
  afterEachOnce(() => server.events.removeListener('request:start', listener));
  return seen;
}
const cleanups: (() => void)[] = [];
const afterEachOnce = (undo: () => void) => cleanups.push(undo);
afterEach(() => cleanups.splice(0).forEach((undo) => undo()));

const callsTo = <T extends { path: string }>(seen: T[], path: string) =>
  seen.filter((r) => r.path === path);

/** An access token the API no longer takes (expired), with a refresh token it still takes. */
function expireAccessToken(): void {
  signIn('expired-access-token', DEMO_REFRESH_TOKEN);
}

/** A JWT-shaped token with these claims (the mock API only compares the whole string). */
function jwtWith(claims: { iat: number; exp: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'demo', ...claims })}.signature`;
}

describe('a 401 refreshes once and retries the call', () => {
  it('retries the original request with the new token; the caller sees only the success', async () => {
    expireAccessToken();
    const seen = recordRequests();
    const accounts = await api.dashboard.linkedAccounts();
    expect(accounts.length).toBeGreaterThan(0);

    const [rotated] = db.sessions;
    expect(tokens()).toEqual([rotated!.access_token, rotated!.refresh_token]);
    expect(rotated!.used_refresh_tokens).toEqual([DEMO_REFRESH_TOKEN]);
    expect(seen.map((r) => `${r.method} ${r.path} ${r.token}`)).toEqual([
      `GET ${API_PATHS.linkedAccounts} expired-access-token`,
      `POST ${API_PATHS.refresh} expired-access-token`,
      `GET ${API_PATHS.linkedAccounts} ${rotated!.access_token}`,
    ]);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('retries a POST with its body', async () => {
    expireAccessToken();
    const bodies: unknown[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname === API_PATHS.verifyInServer)
        bodies.push(await request.clone().json());
    });
    const body = { server_id: SEED_SERVERS.ownerReady, account_id: 'la-1' };
    await api.dashboard.verifyInServer(body).catch(() => undefined);
    server.events.removeAllListeners('request:start');
    expect(bodies).toEqual([body, body]);
  });

  it('shares one refresh between 5 concurrent 401s, and retries each call once', async () => {
    expireAccessToken();
    const seen = recordRequests();
    const results = await Promise.all([
      api.dashboard.linkedAccounts(),
      api.dashboard.servers(),
      api.dashboard.verificationServers(),
      api.auth.me(),
      api.roblox.status(),
    ]);
    expect(results.every((result) => result !== undefined)).toBe(true);

    expect(callsTo(seen, API_PATHS.refresh)).toHaveLength(1);
    const newToken = db.sessions[0]!.access_token;
    for (const path of [
      API_PATHS.linkedAccounts,
      API_PATHS.userServers,
      API_PATHS.verificationServers,
      API_PATHS.me,
    ]) {
      expect(callsTo(seen, path).map((r) => r.token)).toEqual(['expired-access-token', newToken]);
    }
    expect(goTo).not.toHaveBeenCalled();
    expect(tokens()).toEqual([newToken, db.sessions[0]!.refresh_token]);
  });

  it('does not loop: a retried call answered 401 again signs out after one refresh', async () => {
    server.use(failNext('get', API_PATHS.userServers, 401, 'No.', { persist: true }));
    const seen = recordRequests();
    await expect(api.dashboard.servers()).rejects.toMatchObject({ response: { status: 401 } });
    expect(callsTo(seen, API_PATHS.userServers)).toHaveLength(2);
    expect(callsTo(seen, API_PATHS.refresh)).toHaveLength(1);
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('/login');
  });

  it('uses the tokens another tab renewed meanwhile instead of spending the refresh token', async () => {
    expireAccessToken();
    // the other tab rotates while this tab's call is on its way, and the call comes back 401
    server.use(
      http.get(
        route(API_PATHS.linkedAccounts),
        () => {
          signIn(DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN);
          return HttpResponse.json({ success: false, error: 'unauthorized' }, { status: 401 });
        },
        { once: true },
      ),
    );
    const seen = recordRequests();
    await expect(api.dashboard.linkedAccounts()).resolves.toBeDefined();
    expect(callsTo(seen, API_PATHS.refresh)).toHaveLength(0);
    expect(callsTo(seen, API_PATHS.linkedAccounts).map((r) => r.token)).toEqual([
      'expired-access-token',
      DEMO_ACCESS_TOKEN,
    ]);
  });

  it('works on the long client too', async () => {
    expireAccessToken();
    server.use(failNext('put', API_PATHS.editGroup(':id'), 401, 'No.', { persist: true }));
    await expect(
      api.server.editGroup(SEED_SERVERS.ownerReady, { group_id: '1' }),
    ).rejects.toBeDefined();
    expect(longApiClient.defaults.timeout).toBe(120_000);
    expect(db.sessions[0]!.used_refresh_tokens).toEqual([DEMO_REFRESH_TOKEN]);
    expect(goTo).toHaveBeenCalledWith('/login');
  });
});

describe('only a refused refresh ends the session', () => {
  it('a refused refresh clears both tokens and goes to /login', async () => {
    signIn('expired-access-token', 'unknown-refresh-token');
    await expect(api.dashboard.servers()).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledWith('/login');
  });

  it('goes to /login?message=discord_token_expired when the call said x-token-expired', async () => {
    // the API answers so after ending every session of the user: the refresh is refused too
    server.use(
      failNext('get', API_PATHS.me, 401, 'Expired.', { headers: { 'x-token-expired': 'true' } }),
    );
    db.sessions[0]!.revoked = true;
    await expect(api.auth.me()).rejects.toMatchObject({ response: { status: 401 } });
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledWith('/login?message=discord_token_expired');
  });

  it('keeps the expired message when calls in flight together end with a plain 401 after it', async () => {
    server.use(
      http.get(route(API_PATHS.linkedAccounts), () => {
        db.sessions[0]!.revoked = true;
        return HttpResponse.json(
          { success: false, error: 'discord_token_expired' },
          { status: 401, headers: { 'x-token-expired': 'true' } },
        );
      }),
    );
    const [accounts, servers] = await Promise.allSettled([
      api.dashboard.linkedAccounts(),
      new Promise((resolve) => setTimeout(resolve, 20)).then(() => api.dashboard.servers()),
    ]);
    expect([accounts.status, servers.status]).toEqual(['rejected', 'rejected']);
    expect(goTo).toHaveBeenCalledTimes(1);
    expect(goTo).toHaveBeenCalledWith('/login?message=discord_token_expired');
  });

  it('goes to the expired message when the refresh itself says x-token-expired', async () => {
    expireAccessToken();
    db.sessions[0]!.discord_expired = true;
    await expect(api.dashboard.servers()).rejects.toBeDefined();
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledWith('/login?message=discord_token_expired');
  });

  it.each([
    ['answers 500', () => failNext('post', API_PATHS.refresh, 500, 'Down.')],
    ['gets no answer', () => networkErrorNext('post', API_PATHS.refresh)],
  ])(
    'keeps the session when the refresh %s: the call fails, nobody is signed out',
    async (_case, fault) => {
      expireAccessToken();
      server.use(fault());
      await expect(api.dashboard.servers()).rejects.toMatchObject({ response: { status: 401 } });
      expect(tokens()).toEqual(['expired-access-token', DEMO_REFRESH_TOKEN]);
      expect(goTo).not.toHaveBeenCalled();
    },
  );

  it('a 403 about the session signs out at once, without a refresh (docs/product.md › Sessions)', async () => {
    server.use(failNext('get', API_PATHS.linkedAccounts, 403, 'No.'));
    const seen = recordRequests();
    await expect(api.dashboard.linkedAccounts()).rejects.toMatchObject({
      response: { status: 403 },
    });
    expect(callsTo(seen, API_PATHS.refresh)).toHaveLength(0);
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledWith('/login');
  });

  it.each([
    'not_server_manager',
    'not_your_account',
    'not_a_member',
    'manage_server_only',
    // codes no list named before: each of them signed the user out
    'owner_only',
    'missing_kick_members',
    'channel_hidden_from_you',
    'sign_in_again',
  ])('a 403 refusing one resource (%s) keeps the session: the screen shows it', async (code) => {
    server.use(failNext('get', API_PATHS.serverEdit(':id'), 403, 'Not yours.', { error: code }));
    await expect(api.server.edit(SEED_SERVERS.managerNoBot)).rejects.toMatchObject({
      response: { status: 403 },
    });
    expect(tokens()).toEqual([DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN]);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('leaves the tokens alone on other errors', async () => {
    server.use(failNext('get', API_PATHS.userServers, 500, 'Boom.'));
    await expect(apiClient.get(API_PATHS.userServers)).rejects.toMatchObject({
      response: { status: 500 },
    });
    expect(tokens()).toEqual([DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN]);
    expect(goTo).not.toHaveBeenCalled();
  });

  it('leaves a failed refresh call to the session (no retry, no redirect)', async () => {
    server.use(failNext('post', API_PATHS.refresh, 401, 'Sign in again.'));
    await expect(api.auth.refresh(DEMO_REFRESH_TOKEN)).rejects.toBeDefined();
    expect(goTo).not.toHaveBeenCalled();
  });
});

describe('an access token that has already expired', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('is renewed before the call goes out, so the API never answers 401', async () => {
    const expired = jwtWith({ iat: now() - 960, exp: now() - 60 });
    db.sessions[0]!.access_token = expired;
    signIn(expired, DEMO_REFRESH_TOKEN);
    const seen = recordRequests();
    await expect(api.dashboard.servers()).resolves.toBeDefined();
    expect(seen.map((r) => r.path)).toEqual([API_PATHS.refresh, API_PATHS.userServers]);
    expect(callsTo(seen, API_PATHS.userServers)[0]!.token).toBe(db.sessions[0]!.access_token);
  });

  it('is sent as it is while it still has most of its life', async () => {
    const fresh = jwtWith({ iat: now(), exp: now() + 900 });
    db.sessions[0]!.access_token = fresh;
    signIn(fresh, DEMO_REFRESH_TOKEN);
    const seen = recordRequests();
    await api.dashboard.servers();
    expect(seen.map((r) => `${r.path} ${r.token}`)).toEqual([`${API_PATHS.userServers} ${fresh}`]);
  });

  it('signs out without sending the call when its refresh is refused', async () => {
    signIn(jwtWith({ iat: now() - 960, exp: now() - 60 }), 'unknown-refresh-token');
    const seen = recordRequests();
    await expect(api.dashboard.servers()).rejects.toMatchObject({ response: { status: 401 } });
    expect(seen.map((r) => r.path)).toEqual([API_PATHS.refresh]);
    expect(tokens()).toEqual([null, null]);
    expect(goTo).toHaveBeenCalledWith('/login');
  });
});

it('stops acting once uninstalled', async () => {
  uninstall();
  expireAccessToken();
  const seen = recordRequests();
  await expect(api.auth.me()).rejects.toBeDefined();
  expect(callsTo(seen, API_PATHS.refresh)).toHaveLength(0);
  expect(goTo).not.toHaveBeenCalled();
  expect(tokens()).toEqual(['expired-access-token', DEMO_REFRESH_TOKEN]);
});
