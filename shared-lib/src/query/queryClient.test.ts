import { QueryObserver } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
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

  it('empties at the sign-in that follows the end of a session, before that user reads', async () => {
    signIn();
    await session.start();
    const cache = cacheFollowingTheSession();
    session.clear();
    signIn();
    await expect(session.start()).resolves.toMatchObject({ status: 'authenticated' });
    expect(cache.kept()).toBeUndefined();
  });

  it('sends no read when the session ends under a screen that shows one', async () => {
    signIn();
    await session.start();
    const client = createQueryClient();
    stops.push(clearOnSessionChange(client));
    let reads = 0;
    const options = {
      queryKey: queryKeys.linkedAccounts(),
      queryFn: async () => {
        reads += 1;
        return ['read'];
      },
    };
    const observer = new QueryObserver(client, options);
    stops.push(observer.subscribe(() => undefined));
    await waitFor(() => expect(observer.getCurrentResult().data).toEqual(['read']));
    session.clear();
    // the screen renders again on its way to /login
    observer.setOptions(options);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads).toBe(1);
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
