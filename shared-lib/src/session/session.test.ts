import { API_PATHS } from '../contract/paths';
import { DEMO_USER, failNext, setupMockServer, signIn } from '../testing';
import { session } from './session';
import { tokenStorage } from './tokenStorage';

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

  it('clears a token the server rejects and is anonymous', async () => {
    signIn('not-a-session', 'stale-refresh');
    await expect(session.start()).resolves.toEqual({ status: 'anonymous', user: null });
    expect(tokenStorage.getAccessToken()).toBeNull();
    expect(tokenStorage.getRefreshToken()).toBeNull();
  });

  it('keeps the token on a network failure (maybe offline) but is anonymous', async () => {
    signIn();
    server.use(failNext('get', API_PATHS.me, 500, 'Down.'));
    await expect(session.start()).resolves.toMatchObject({ status: 'anonymous' });
    expect(tokenStorage.getAccessToken()).not.toBeNull();
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

  it('stores the rotated tokens, which the API then accepts', async () => {
    signIn();
    await session.refresh();
    const [demoSession] = db.sessions;
    expect(tokenStorage.getAccessToken()).toBe(demoSession!.access_token);
    expect(tokenStorage.getRefreshToken()).toBe(demoSession!.refresh_token);
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
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
