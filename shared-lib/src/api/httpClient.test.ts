import { http, HttpResponse } from 'msw';
import { configureRuntime } from '../config/runtimeConfig';
import { TIMEOUTS } from '../constants';
import { setupMockServer, signIn } from '../testing';
import { apiClient, httpClients, longApiClient } from './httpClient';

const { server } = setupMockServer();

/** Answers `/probe` with what the request carried. */
function echoProbe() {
  server.use(
    http.all('*/probe', ({ request }) =>
      HttpResponse.json({ url: request.url, authorization: request.headers.get('authorization') }),
    ),
  );
}

afterEach(() => configureRuntime({ apiBaseUrl: '' }));

describe.each([
  ['standard client', apiClient],
  ['long client', longApiClient],
])('%s', (_name, client) => {
  it('sends Authorization: Bearer <auth_token> from localStorage', async () => {
    echoProbe();
    localStorage.setItem('auth_token', 'token-123');
    const { data } = await client.get('/probe');
    expect(data.authorization).toBe('Bearer token-123');
  });

  it('reads the token at request time, so a new token is used at once', async () => {
    echoProbe();
    signIn('first');
    await client.post('/probe', {});
    signIn('second');
    const { data } = await client.put('/probe', {});
    expect(data.authorization).toBe('Bearer second');
  });

  it('sends no Authorization header without a token', async () => {
    echoProbe();
    const { data } = await client.delete('/probe');
    expect(data.authorization).toBeNull();
  });

  it('follows the runtime API base URL', async () => {
    echoProbe();
    configureRuntime({ apiBaseUrl: 'http://api.example.test:3000' });
    const { data } = await client.get('/probe');
    expect(client.defaults.baseURL).toBe('http://api.example.test:3000');
    expect(data.url).toBe('http://api.example.test:3000/probe');
  });
});

it('gives the standard client a 10 s timeout and the long client 120 s', () => {
  expect(apiClient.defaults.timeout).toBe(10_000);
  expect(longApiClient.defaults.timeout).toBe(120_000);
  expect(TIMEOUTS).toEqual({ standardMs: 10_000, longMs: 120_000 });
  expect(httpClients).toEqual([apiClient, longApiClient]);
});
