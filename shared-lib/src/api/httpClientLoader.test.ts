import type { AxiosInstance } from 'axios';
import { setupMockServer } from '../testing';

setupMockServer();

type Loader = typeof import('./httpClientLoader');
type Endpoints = typeof import('./endpoints');

/** A fresh module registry per test: the loader keeps its clients for the page's lifetime. */
async function freshModules(): Promise<Loader & Endpoints> {
  // Not isolateModules: the loader's import() runs after the callback, in the main registry.
  jest.resetModules();
  return { ...(await import('./httpClientLoader')), ...(await import('./endpoints')) };
}

/** A setup that records the path of every request the clients send. */
function recordingSetup(seen: string[]) {
  return (clients: readonly AxiosInstance[]) => {
    const ids = clients.map((client) =>
      client.interceptors.request.use((request) => {
        seen.push(String(request.url));
        return request;
      }),
    );
    return () => clients.forEach((client, index) => client.interceptors.request.eject(ids[index]!));
  };
}

afterEach(() => jest.dontMock('./httpClient'));

it('loads no client until the first call, and runs a registered setup before that call is sent', async () => {
  let loads = 0;
  jest.doMock('./httpClient', () => {
    loads += 1;
    return jest.requireActual('./httpClient');
  });
  const { api, withHttpClients } = await freshModules();
  expect(loads).toBe(0);
  const seen: string[] = [];
  const setup = jest.fn(recordingSetup(seen));
  withHttpClients(setup);
  expect(setup).not.toHaveBeenCalled();

  await expect(api.public.botStats()).resolves.toEqual({ total_users: 1234, total_servers: 56 });
  expect(setup).toHaveBeenCalledTimes(1);
  expect(setup.mock.calls[0]![0]).toHaveLength(2);
  expect(seen).toEqual(['/api/bot-stats']);
  expect(loads).toBe(1);

  await api.public.botStats();
  expect(loads).toBe(1);
  expect(setup).toHaveBeenCalledTimes(1);
});

it('runs a setup registered after the clients loaded at once, and undoes it when asked', async () => {
  const { api, loadHttpClients, withHttpClients } = await freshModules();
  await loadHttpClients();
  const seen: string[] = [];
  const undo = withHttpClients(recordingSetup(seen));
  await api.public.botStats();
  expect(seen).toEqual(['/api/bot-stats']);

  undo();
  await api.public.botStats();
  expect(seen).toEqual(['/api/bot-stats']);
});

it('never runs a setup removed before the clients loaded', async () => {
  const { api, withHttpClients } = await freshModules();
  const setup = jest.fn(recordingSetup([]));
  withHttpClients(setup)();
  await api.public.botStats();
  expect(setup).not.toHaveBeenCalled();
});

it('gives the long client to group setup and the standard one to every other call', async () => {
  const { httpClient } = await freshModules();
  expect((await httpClient()).defaults.timeout).toBe(10_000);
  expect((await httpClient('long')).defaults.timeout).toBe(120_000);
});

it('asks for the clients again on the next call after their chunk failed to load', async () => {
  let attempts = 0;
  jest.doMock('./httpClient', () => {
    attempts += 1;
    if (attempts === 1) throw new Error('Loading chunk http-client failed.');
    return jest.requireActual('./httpClient');
  });
  const { api } = await freshModules();
  await expect(api.public.botStats()).rejects.toThrow('Loading chunk http-client failed.');
  await expect(api.public.botStats()).resolves.toEqual({ total_users: 1234, total_servers: 56 });
  expect(attempts).toBe(2);
});
