import { session } from '../api/session';
import { setupMockServer, signIn } from '../testing';
import { clearOnSessionChange, createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';

const { db } = setupMockServer();
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function cacheFollowingTheSession() {
  const client = createQueryClient();
  stops.push(clearOnSessionChange(client));
  client.setQueryData(queryKeys.linkedAccounts(), ['kept']);
  return { kept: () => client.getQueryData(queryKeys.linkedAccounts()) };
}

describe('the page query cache and the session', () => {
  it('keeps what it holds while the session starts and once the user is signed in', async () => {
    signIn();
    const cache = cacheFollowingTheSession();
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
    expect(cache.kept()).toEqual(['kept']);
  });

  it('empties when the session ends', async () => {
    signIn();
    await session.start();
    const cache = cacheFollowingTheSession();
    session.clear();
    expect(cache.kept()).toBeUndefined();
  });

  it('empties when another user signs in on the page', async () => {
    signIn();
    await session.start();
    const cache = cacheFollowingTheSession();
    const demo = db.users.find((user) => user.username === 'demo_user')!;
    for (const row of db.sessions.filter((s) => s.user_id === demo.id)) row.user_id = 'another';
    demo.id = 'another';
    await session.start();
    expect(session.getState().user?.id).toBe('another');
    expect(cache.kept()).toBeUndefined();
  });
});
