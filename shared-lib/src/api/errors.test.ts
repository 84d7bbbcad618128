import { API_PATHS } from '../contract/paths';
import { failNext, networkErrorNext, setupMockServer, signIn } from '../testing';
import { api } from './endpoints';
import { apiErrorMessage, apiErrorStatus } from './errors';

const { server } = setupMockServer();
beforeEach(() => signIn());

it("reads the API's message and status from a failed call", async () => {
  server.use(failNext('get', API_PATHS.linkedAccounts, 409, 'Setup is not complete.'));
  const error = await api.dashboard.linkedAccounts().catch((e: unknown) => e);
  expect(apiErrorMessage(error)).toBe('Setup is not complete.');
  expect(apiErrorStatus(error)).toBe(409);
});

it("falls back to the error's own text, then to the fallback", async () => {
  server.use(networkErrorNext('get', API_PATHS.linkedAccounts));
  const error = await api.dashboard.linkedAccounts().catch((e: unknown) => e);
  expect(apiErrorMessage(error)).toBe('Network Error');
  expect(apiErrorStatus(error)).toBeUndefined();
  expect(apiErrorMessage(new Error('plain'))).toBe('plain');
  expect(apiErrorMessage('?', 'Try again.')).toBe('Try again.');
});
