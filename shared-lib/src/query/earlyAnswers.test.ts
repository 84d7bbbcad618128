import { API_PATHS } from '../contract/paths';
import {
  EARLY_DASHBOARD_PATHS,
  startEarlyDashboardLoad,
} from '../earlyLoad/startEarlyDashboardLoad';
import { failNext, signIn } from '../testing';
import { setupEarlyLoadTests } from '../testing/earlyLoadTests';
import { loadDashboard } from './dashboard';
import { EARLY_ANSWER_KEYS, forgetEarlyAnswers } from './earlyAnswers';
import { createQueryClient } from './queryClient';
import { queryKeys } from './queryKeys';

const { server, db, api: API, onRequest, fakeWebLocks } = setupEarlyLoadTests(forgetEarlyAnswers);

function recordCalls(): string[] {
  const calls: string[] = [];
  onRequest(({ request }) => calls.push(`${request.method} ${new URL(request.url).pathname}`));
  return calls;
}

/** The /dashboard page's inline early load, as the shell's server starts it. */
function startEarlyLoad() {
  signIn();
  fakeWebLocks();
  const load = startEarlyDashboardLoad(API);
  if (!load) throw new Error('the early load did not start');
  return load;
}

const DATA_CALLS = EARLY_DASHBOARD_PATHS.map((path) => `GET ${path}`);

describe("the dashboard's load and the page's early answers", () => {
  it('keeps each early answer under the key of its read', () => {
    expect(EARLY_ANSWER_KEYS.map(([path]) => path).sort()).toEqual(
      [...EARLY_DASHBOARD_PATHS].sort(),
    );
  });

  it('takes the early answers from the cache instead of calling again', async () => {
    const calls = recordCalls();
    startEarlyLoad();
    const client = createQueryClient();

    const data = await loadDashboard(client);
    expect(data.accounts).toHaveLength(2);
    expect(data.robloxConfigured).toBe(db.robloxConfigured);
    expect(client.getQueryData(queryKeys.userServers())).toEqual(data.servers);
    expect(calls.filter((call) => DATA_CALLS.includes(call)).sort()).toEqual(
      [...DATA_CALLS].sort(),
    );
    expect(calls.filter((call) => call === 'POST /auth/refresh')).toHaveLength(1);

    // used once: the next load reads everything again, after its own refresh
    calls.length = 0;
    await loadDashboard(client);
    expect(calls[0]).toBe('POST /auth/refresh');
    expect(calls.slice(1).sort()).toEqual([...DATA_CALLS].sort());
  });

  it('makes the call itself for an early answer that failed', async () => {
    server.use(failNext('get', API_PATHS.linkedAccounts, 500));
    const calls = recordCalls();
    const load = startEarlyLoad();
    await load.answers[API_PATHS.linkedAccounts];

    const data = await loadDashboard(createQueryClient());
    expect(data.accounts).toHaveLength(2);
    expect(calls.filter((call) => call === `GET ${API_PATHS.linkedAccounts}`)).toHaveLength(2);
    expect(calls.filter((call) => call === `GET ${API_PATHS.userServers}`)).toHaveLength(1);
  });

  it('without an early load: the refresh first, then the three reads', async () => {
    signIn();
    const calls = recordCalls();
    await loadDashboard(createQueryClient());
    expect(calls[0]).toBe('POST /auth/refresh');
    expect(calls.slice(1).sort()).toEqual([...DATA_CALLS].sort());
  });
});
