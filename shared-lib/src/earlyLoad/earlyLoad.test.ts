import { api } from '../api/endpoints';
import { API_PATHS } from '../contract/paths';
import { REFRESH_LOCK_NAME } from '../session/refreshLock';
import { session } from '../api/session';
import { tokenStorage } from '../session/tokenStorage';
import { DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN, failNext, signIn } from '../testing';
import { setupEarlyLoadTests } from '../testing/earlyLoadTests';
import { EARLY_DASHBOARD_PATHS, startEarlyDashboardLoad } from './startEarlyDashboardLoad';

const { server, db, api: API, onRequest, fakeWebLocks } = setupEarlyLoadTests();

/** Every request while a test runs: method, path and the access token it carried. */
function recordRequests() {
  const seen: { call: string; token: string | null }[] = [];
  onRequest(({ request }) =>
    seen.push({
      call: `${request.method} ${new URL(request.url).pathname}`,
      token: request.headers.get('authorization')?.replace(/^Bearer /, '') ?? null,
    }),
  );
  return {
    calls: () => seen.map((r) => r.call),
    tokenOf: (call: string) => seen.find((r) => r.call === call)?.token,
  };
}

const nowS = () => Math.floor(Date.now() / 1000);
const jwtWith = (claims: { iat: number; exp: number }) =>
  `${btoa('{"alg":"HS256"}')}.${btoa(JSON.stringify({ sub: 'demo', ...claims }))}.signature`;

describe('the inline early load of /dashboard', () => {
  it('checks the session beside the refresh, then makes the three data calls with the renewed token', async () => {
    signIn();
    const locks = fakeWebLocks();
    const requests = recordRequests();
    const load = startEarlyDashboardLoad(API);
    if (!load) throw new Error('the early load did not start');
    await Promise.all(Object.values(load.answers));

    expect(locks).toEqual([REFRESH_LOCK_NAME]);
    const renewed = tokenStorage.getAccessToken();
    expect(renewed).not.toBe(DEMO_ACCESS_TOKEN);
    expect(tokenStorage.getRefreshToken()).not.toBe(DEMO_REFRESH_TOKEN);
    expect(requests.calls()).toEqual(
      expect.arrayContaining(['GET /auth/me', 'POST /auth/refresh']),
    );
    expect(requests.tokenOf('GET /auth/me')).toBe(DEMO_ACCESS_TOKEN);
    for (const path of EARLY_DASHBOARD_PATHS) expect(requests.tokenOf(`GET ${path}`)).toBe(renewed);
    expect(requests.calls()).toHaveLength(5);
  });

  it('is taken by the session and the API client instead of calling again', async () => {
    signIn();
    fakeWebLocks();
    const requests = recordRequests();
    startEarlyDashboardLoad(API);

    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
    await expect(session.refresh()).resolves.toBe(true);
    await expect(api.dashboard.linkedAccounts()).resolves.toEqual([
      expect.objectContaining({ roblox_username: 'DemoBuilder' }),
      expect.objectContaining({ roblox_username: 'DemoAlt' }),
    ]);
    await expect(api.dashboard.servers()).resolves.toEqual(expect.any(Array));
    await expect(api.roblox.status()).resolves.toEqual({ configured: db.robloxConfigured });
    expect(requests.calls()).toHaveLength(5);

    // taken once: the next load asks the API again
    await api.dashboard.linkedAccounts();
    expect(requests.calls()).toHaveLength(6);
    await session.refresh();
    expect(requests.calls().filter((call) => call === 'POST /auth/refresh')).toHaveLength(2);
  });

  it('an answer that did not succeed is not taken: the client makes the call itself', async () => {
    signIn();
    fakeWebLocks();
    const requests = recordRequests();
    server.use(failNext('get', API_PATHS.linkedAccounts, 500));
    const load = startEarlyDashboardLoad(API);
    await load?.answers[API_PATHS.linkedAccounts];
    await session.refresh();
    await expect(api.dashboard.linkedAccounts()).resolves.toEqual([
      expect.objectContaining({ roblox_username: 'DemoBuilder' }),
      expect.objectContaining({ roblox_username: 'DemoAlt' }),
    ]);
    expect(
      requests.calls().filter((call) => call === `GET ${API_PATHS.linkedAccounts}`),
    ).toHaveLength(2);
  });

  it('after a refused refresh it makes no data call, and the session refreshes itself', async () => {
    signIn(DEMO_ACCESS_TOKEN, 'stale-refresh');
    fakeWebLocks();
    const requests = recordRequests();
    const load = startEarlyDashboardLoad(API);
    await expect(load?.refreshed).resolves.toBeNull();
    await Promise.all(Object.values(load?.answers ?? {}));
    expect(requests.calls()).toEqual(
      expect.arrayContaining(['GET /auth/me', 'POST /auth/refresh']),
    );
    expect(requests.calls()).toHaveLength(2);
    await expect(session.refresh()).resolves.toBe(false);
    expect(requests.calls().filter((call) => call === 'POST /auth/refresh')).toHaveLength(2);
  });

  it('does nothing without Web Locks, without both tokens, or with a token due for renewal', () => {
    const requests = recordRequests();
    signIn();
    expect(startEarlyDashboardLoad(API)).toBeNull(); // no Web Locks
    fakeWebLocks();
    signIn(DEMO_ACCESS_TOKEN, null);
    localStorage.removeItem('refresh_token');
    expect(startEarlyDashboardLoad(API)).toBeNull();
    signIn(jwtWith({ iat: nowS() - 3600, exp: nowS() + 5 }));
    expect(startEarlyDashboardLoad(API)).toBeNull();
    expect(requests.calls()).toEqual([]);
  });

  it('runs once per page', () => {
    signIn();
    fakeWebLocks();
    expect(startEarlyDashboardLoad(API)).not.toBeNull();
    expect(startEarlyDashboardLoad(API)).toBeNull();
  });
});
