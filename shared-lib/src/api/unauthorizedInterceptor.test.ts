import { API_PATHS } from '../contract/paths';
import {
  DEMO_ACCESS_TOKEN,
  DEMO_REFRESH_TOKEN,
  failNext,
  SEED_SERVERS,
  setupMockServer,
  signIn,
} from '../testing';
import { api } from './endpoints';
import { apiClient, httpClients, longApiClient } from './httpClient';
import { installUnauthorizedInterceptor } from './unauthorizedInterceptor';

const { server } = setupMockServer();

let goTo: jest.Mock;
let uninstall: () => void;
beforeEach(() => {
  goTo = jest.fn();
  uninstall = installUnauthorizedInterceptor(httpClients, goTo);
  signIn();
});
afterEach(() => uninstall());

const tokens = () => [localStorage.getItem('auth_token'), localStorage.getItem('refresh_token')];

it.each([401, 403])('a %i clears both tokens and goes to /login', async (status) => {
  server.use(failNext('get', API_PATHS.linkedAccounts, status, 'No.'));
  await expect(api.dashboard.linkedAccounts()).rejects.toMatchObject({ response: { status } });
  expect(tokens()).toEqual([null, null]);
  expect(goTo).toHaveBeenCalledWith('/login');
});

it('goes to /login?message=discord_token_expired when x-token-expired is true', async () => {
  server.use(
    failNext('get', API_PATHS.me, 401, 'Expired.', { headers: { 'x-token-expired': 'true' } }),
  );
  await expect(api.auth.me()).rejects.toBeDefined();
  expect(tokens()).toEqual([null, null]);
  expect(goTo).toHaveBeenCalledWith('/login?message=discord_token_expired');
});

it('works on the long client too', async () => {
  server.use(failNext('put', API_PATHS.editGroup(':id'), 401, 'No.'));
  await expect(
    api.server.editGroup(SEED_SERVERS.ownerReady, { group_id: '1' }),
  ).rejects.toBeDefined();
  expect(longApiClient.defaults.timeout).toBe(120_000);
  expect(goTo).toHaveBeenCalledWith('/login');
});

it('answers a 401 from the real mock handler (a token the API does not know)', async () => {
  signIn('unknown-token');
  await expect(api.dashboard.servers()).rejects.toMatchObject({ response: { status: 401 } });
  expect(goTo).toHaveBeenCalledWith('/login');
});

it('leaves the tokens alone on other errors', async () => {
  server.use(failNext('get', API_PATHS.userServers, 500, 'Boom.'));
  await expect(apiClient.get(API_PATHS.userServers)).rejects.toMatchObject({
    response: { status: 500 },
  });
  expect(tokens()).toEqual([DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN]);
  expect(goTo).not.toHaveBeenCalled();
});

it('leaves a failed refresh to the session (no redirect)', async () => {
  server.use(failNext('post', API_PATHS.refresh, 401, 'Sign in again.'));
  await expect(api.auth.refresh(DEMO_REFRESH_TOKEN)).rejects.toBeDefined();
  expect(goTo).not.toHaveBeenCalled();
});

it('stops acting once uninstalled', async () => {
  uninstall();
  server.use(failNext('get', API_PATHS.me, 401, 'No.'));
  await expect(api.auth.me()).rejects.toBeDefined();
  expect(goTo).not.toHaveBeenCalled();
  expect(tokens()).toEqual([DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN]);
});

it.each(['not_server_manager', 'not_your_account', 'not_a_member'])(
  'a 403 refusing one resource (%s) keeps the session: the screen shows it',
  async (code) => {
    server.use(failNext('get', API_PATHS.serverEdit(':id'), 403, 'Not yours.', { error: code }));
    await expect(api.server.edit(SEED_SERVERS.managerNoBot)).rejects.toMatchObject({
      response: { status: 403 },
    });
    expect(tokens()).toEqual([DEMO_ACCESS_TOKEN, DEMO_REFRESH_TOKEN]);
    expect(goTo).not.toHaveBeenCalled();
  },
);
