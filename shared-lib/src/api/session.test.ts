import { http } from 'msw';
import { API_PATHS } from '../contract/paths';
import { route } from '../mocks/handlers/route';
import {
  DEMO_REFRESH_TOKEN,
  DEMO_USER,
  failNext,
  installFakeWebLocks,
  networkErrorNext,
  setupMockServer,
  signIn,
} from '../testing';
import { REFRESH_LOCK_NAME } from '../session/refreshLock';
import { tokenStorage } from '../session/tokenStorage';
import { session } from './session';

const { server, db } = setupMockServer();

/** Counts requests to a path while a test runs. */
function countRequests(path: string): () => number {
  let count = 0;
  const listener = ({ request }: { request: Request }) => {
    if (new URL(request.url).pathname === path) count += 1;
  };
  server.events.on('request:start', listener);
  afterCleanup.push(() => server.events.removeListener('request:start', listener));
  return () => count;
}
const afterCleanup: (() => void)[] = [];
afterEach(() => afterCleanup.splice(0).forEach((undo) => undo()));

const nowS = () => Math.floor(Date.now() / 1000);
/** A JWT-shaped token with these claims (the mock API only compares the whole string). */
function jwtWith(claims: { iat: number; exp: number }): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  return `${part({ alg: 'HS256' })}.${part({ sub: 'demo', ...claims })}.signature`;
}

/** Fake Web Locks for one test (see installFakeWebLocks); returns the lock names asked for. */
function fakeWebLocks(whileWaiting?: () => void): string[] {
  const { names, restore } = installFakeWebLocks(whileWaiting);
  afterCleanup.push(restore);
  return names;
}

/**
 * Holds the next /auth/refresh at the mock server: `atServer` resolves when it arrives, and the
 * mock API answers it once `release` is called.
 */
function holdNextRefresh(): { atServer: Promise<void>; release: () => void } {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const atServer = new Promise<void>((resolve) => (reached = resolve));
  server.use(
    http.post(
      route(API_PATHS.refresh),
      () => {
        reached();
        return held.then(() => undefined);
      },
      { once: true },
    ),
  );
  return { atServer, release };
}

describe('start', () => {
  it('is anonymous without a token, and asks nothing', async () => {
    const meCalls = countRequests(API_PATHS.me);
    await expect(session.start()).resolves.toEqual({ status: 'anonymous', user: null });
    expect(meCalls()).toBe(0);
  });

  it('loads the user with a valid token', async () => {
    signIn();
    const state = await session.start();
    expect(state).toEqual({
      status: 'authenticated',
      user: expect.objectContaining({ id: DEMO_USER.id }),
    });
    expect(session.getState().status).toBe('authenticated');
  });

  it('clears the tokens when the server rejects the token and refuses the refresh', async () => {
    signIn('not-a-session', 'stale-refresh');
    const refreshCalls = countRequests(API_PATHS.refresh);
    await expect(session.start()).resolves.toEqual({ status: 'anonymous', user: null });
    expect(refreshCalls()).toBe(1);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('renews a token /auth/me refuses once, then is signed in', async () => {
    signIn('expired-access-token', DEMO_REFRESH_TOKEN);
    const meCalls = countRequests(API_PATHS.me);
    const refreshCalls = countRequests(API_PATHS.refresh);
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
    expect([meCalls(), refreshCalls()]).toEqual([2, 1]);
    expect(tokenStorage.getAccessToken()).toBe(db.sessions[0]!.access_token);
  });

  it('renews an access token that has expired before asking /auth/me', async () => {
    const expired = jwtWith({ iat: nowS() - 1000, exp: nowS() - 100 });
    signIn(expired, DEMO_REFRESH_TOKEN);
    const meCalls = countRequests(API_PATHS.me);
    const refreshCalls = countRequests(API_PATHS.refresh);
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
    expect([meCalls(), refreshCalls()]).toEqual([1, 1]);
  });

  it('with only a refresh token left, renews and is signed in', async () => {
    localStorage.setItem('refresh_token', DEMO_REFRESH_TOKEN);
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
  });

  it('sends a refused session to the expired message when the refresh says x-token-expired', async () => {
    signIn('expired-access-token', DEMO_REFRESH_TOKEN);
    db.sessions[0]!.discord_expired = true;
    await expect(session.start()).resolves.toEqual({
      status: 'anonymous',
      user: null,
      signedOutTo: '/login?message=discord_token_expired',
    });
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('keeps the token on a server error but is anonymous, with the error’s status', async () => {
    signIn();
    server.use(failNext('get', API_PATHS.me, 500, 'Down.'));
    await expect(session.start()).resolves.toEqual({
      status: 'anonymous',
      user: null,
      serverErrorStatus: 500,
    });
    expect(tokenStorage.getAccessToken()).not.toBeNull();
  });

  it('keeps the token on a network failure (maybe offline): anonymous, no server error', async () => {
    signIn();
    server.use(networkErrorNext('get', API_PATHS.me));
    await expect(session.start()).resolves.toEqual({ status: 'anonymous', user: null });
    expect(tokenStorage.getAccessToken()).not.toBeNull();
  });

  it('names a server error of the refresh after a refused access token too', async () => {
    signIn();
    server.use(failNext('get', API_PATHS.me, 401), failNext('post', API_PATHS.refresh, 503));
    await expect(session.start()).resolves.toMatchObject({ serverErrorStatus: 503 });
    expect(tokenStorage.getRefreshToken()).not.toBeNull();
  });

  it('tells subscribers', async () => {
    signIn();
    const listener = jest.fn();
    const unsubscribe = session.subscribe(listener);
    await session.start();
    unsubscribe();
    expect(listener).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'authenticated' }));
  });
});

describe('refresh', () => {
  it('is single-flight: two concurrent calls make one request', async () => {
    signIn();
    const refreshCalls = countRequests(API_PATHS.refresh);
    const results = await Promise.all([session.refresh(), session.refresh()]);
    expect(results).toEqual([true, true]);
    expect(refreshCalls()).toBe(1);
  });

  it("rotates after a renewal that may reuse another tab's tokens, never sharing it", async () => {
    signIn();
    const refreshCalls = countRequests(API_PATHS.refresh);
    const startCheck = session.renew(tokenStorage.getAccessToken());
    const loads = [session.refresh(), session.refresh()];
    await expect(startCheck).resolves.toEqual({ result: 'renewed' });
    await expect(Promise.all(loads)).resolves.toEqual([true, true]);
    // the start check's rotation, then one rotation the two refresh calls share
    expect(refreshCalls()).toBe(2);
  });

  it('stores the rotated tokens, which the API then accepts', async () => {
    signIn();
    await session.refresh();
    const [demoSession] = db.sessions;
    expect(tokenStorage.getAccessToken()).toBe(demoSession!.access_token);
    expect(tokenStorage.getRefreshToken()).toBe(demoSession!.refresh_token);
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
  });

  it('takes the browser-wide refresh lock, so tabs take turns', async () => {
    const names = fakeWebLocks();
    signIn();
    await expect(session.refresh()).resolves.toBe(true);
    expect(names).toEqual([REFRESH_LOCK_NAME]);
  });

  it('keeps the lock a moment after a refresh, for other tabs to see the new tokens, without making this tab wait', async () => {
    // Chromium copies localStorage to other tabs asynchronously; the lock must not beat the copy
    let held: Promise<unknown> | undefined;
    Object.defineProperty(navigator, 'locks', {
      value: {
        request: (_name: string, _options: unknown, task: () => Promise<unknown>) =>
          (held = task()),
      },
      configurable: true,
    });
    afterCleanup.push(() => {
      delete (navigator as { locks?: unknown }).locks;
    });
    signIn();
    await expect(session.refresh()).resolves.toBe(true);
    let released = false;
    void held!.then(() => {
      released = true;
    });
    await Promise.resolve();
    expect(released).toBe(false);
    await held;
    expect(released).toBe(true);
  });

  it('inside the lock, picks up tokens another tab renewed instead of spending its own', async () => {
    const otherTab = { access: 'renewed-by-other-tab', refresh: 'refresh-from-other-tab' };
    fakeWebLocks(() => tokenStorage.setTokens(otherTab.access, otherTab.refresh));
    signIn('expired-access-token', DEMO_REFRESH_TOKEN);
    const refreshCalls = countRequests(API_PATHS.refresh);
    await expect(session.renew('expired-access-token')).resolves.toEqual({ result: 'renewed' });
    expect(refreshCalls()).toBe(0);
    expect(tokenStorage.getRefreshToken()).toBe(otherTab.refresh);
  });

  it('inside the lock, spends the refresh token storage holds then, not the one seen before', async () => {
    const [demoSession] = db.sessions;
    // the other tab rotated while this one waited: storage now holds the live pair
    fakeWebLocks(() =>
      tokenStorage.setTokens(demoSession!.access_token, demoSession!.refresh_token),
    );
    signIn('stale-access', 'refresh-the-other-tab-already-spent');
    await expect(session.refresh()).resolves.toBe(true);
    expect(demoSession!.used_refresh_tokens).toEqual([DEMO_REFRESH_TOKEN]);
    expect(demoSession!.revoked).toBeFalsy();
  });

  it('tells a refusal (session over) from no answer (maybe offline)', async () => {
    signIn('expired-access-token', 'unknown-refresh');
    await expect(session.renew()).resolves.toMatchObject({
      result: 'refused',
      tokenExpired: false,
    });
    signIn('expired-access-token', DEMO_REFRESH_TOKEN);
    server.use(failNext('post', API_PATHS.refresh, 503, 'Down.'));
    await expect(session.renew()).resolves.toMatchObject({ result: 'failed' });
  });

  it('resolves false without a refresh token or when the API refuses', async () => {
    await expect(session.refresh()).resolves.toBe(false);
    signIn('unknown', 'unknown-refresh');
    await expect(session.refresh()).resolves.toBe(false);
  });
});

describe('logout', () => {
  it('ends the session on the API and clears the tokens', async () => {
    signIn();
    await session.start();
    await expect(session.logout()).resolves.toBe(true);
    expect(db.sessions[0]!.revoked).toBe(true);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(session.getState()).toEqual({ status: 'anonymous', user: null });
  });

  it('sends the refresh token in the body, so an expired access token can still log out', async () => {
    signIn();
    const bodies: unknown[] = [];
    const listener = async ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === API_PATHS.logout)
        bodies.push(await request.clone().json());
    };
    server.events.on('request:start', listener);
    afterCleanup.push(() => server.events.removeListener('request:start', listener));
    await session.logout();
    expect(bodies).toEqual([{ refresh_token: DEMO_REFRESH_TOKEN }]);
  });

  it('waits for a refresh under way: its new tokens never come back, and the API ends them', async () => {
    signIn();
    const { atServer, release } = holdNextRefresh();
    const bodies: { refresh_token: string }[] = [];
    const listener = async ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === API_PATHS.logout)
        bodies.push((await request.clone().json()) as { refresh_token: string });
    };
    server.events.on('request:start', listener);
    afterCleanup.push(() => server.events.removeListener('request:start', listener));

    const refreshing = session.refresh();
    await atServer;
    const loggingOut = session.logout();
    release();
    await expect(refreshing).resolves.toBe(true);
    await expect(loggingOut).resolves.toBe(true);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
    // the logout named the rotated refresh token, not the one the rotation spent
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.refresh_token).not.toBe(DEMO_REFRESH_TOKEN);
    expect(db.sessions.every((row) => row.revoked)).toBe(true);
  });

  it('a rotation that ends after a local sign-out leaves storage empty', async () => {
    signIn();
    const { atServer, release } = holdNextRefresh();
    const refreshing = session.refresh();
    await atServer;
    session.clear();
    release();
    await expect(refreshing).resolves.toBe(false);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('clears the tokens even when the call fails', async () => {
    signIn();
    server.use(failNext('post', API_PATHS.logout, 500, 'Down.'));
    await expect(session.logout()).resolves.toBe(false);
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });
});

it('signIn stores the tokens and loads the user', async () => {
  const [demoSession] = db.sessions;
  await expect(
    session.signIn(demoSession!.access_token, demoSession!.refresh_token),
  ).resolves.toMatchObject({
    username: DEMO_USER.username,
  });
  expect(tokenStorage.getRefreshToken()).toBe(demoSession!.refresh_token);
  expect(session.isAuthenticated()).toBe(true);
});

describe('followOtherTabs', () => {
  /** What the browser fires in this tab when another tab changes localStorage. */
  const otherTabChanged = (key: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: null }));

  it('signs this tab out at once when another tab logs out', async () => {
    signIn();
    await session.start();
    const stop = session.followOtherTabs();
    afterCleanup.push(stop);
    tokenStorage.clear(); // the other tab's logout
    otherTabChanged('auth_token');
    expect(session.getState()).toEqual({ status: 'anonymous', user: null, signedOutTo: '/login' });
  });

  it('ignores other keys, and a token another tab renewed', async () => {
    signIn();
    await session.start();
    afterCleanup.push(session.followOtherTabs());
    otherTabChanged('some_other_key');
    tokenStorage.setTokens('renewed-by-other-tab', 'next-refresh');
    otherTabChanged('auth_token');
    expect(session.getState().status).toBe('authenticated');
  });

  it('stops following once told', async () => {
    signIn();
    await session.start();
    session.followOtherTabs()();
    tokenStorage.clear();
    otherTabChanged(null);
    expect(session.getState().status).toBe('authenticated');
  });
});
