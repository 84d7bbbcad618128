import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { getRuntimeConfig, session } from '@roconnect/shared-lib';
import { tokenStorage } from '@roconnect/shared-lib/host';
import {
  DEMO_REFRESH_TOKEN,
  failNext,
  setupMockServer,
  signIn,
} from '@roconnect/shared-lib/testing';
import { resetCspNonceForTests } from '../src/features/csp/cspNonce';
import { startShell, type ShellHandle } from '../src/startShell';
import { federation, onTeardown, TEST_REMOTES } from './helpers';

const { server, db } = setupMockServer();
const API = 'http://api.roconnect.test';

/** The browser's fetch resolves '/api/csp-nonce' against the page; Node's needs the full URL. */
const pageFetch = ((input: RequestInfo | URL, init?: RequestInit) =>
  fetch(new URL(String(input), window.location.href), init)) as typeof fetch;

let handle: ShellHandle | undefined;
let root: HTMLElement;
const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean; __webpack_nonce__?: string };
let actEnvironment: boolean | undefined;

// startShell renders into its own React root, as in the browser, not through Testing Library:
// React's act() checks are off for it, and tests wait with findBy/waitFor.
beforeAll(() => {
  actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

beforeEach(() => {
  federation.reset();
  resetCspNonceForTests();
  scope.__webpack_nonce__ = undefined;
  server.use(
    http.get('*/config.json', () => HttpResponse.json({ apiBaseUrl: `${API}/` })),
    http.get('*/remotes.json', () => HttpResponse.json(TEST_REMOTES)),
  );
  root = document.body.appendChild(document.createElement('div'));
  onTeardown(() => {
    handle?.stop();
    handle = undefined;
    root.remove();
    window.history.replaceState(null, '', '/');
  });
});

async function start(path: string) {
  window.history.replaceState(null, '', path);
  handle = await startShell({
    root,
    configUrl: 'http://localhost/config.json',
    remotesUrl: 'http://localhost/remotes.json',
    fetchImpl: pageFetch,
  });
  await handle.sessionChecked;
}

describe('startShell', () => {
  // First in the file: it counts requests, and no earlier test's calls may still be in flight.
  it("on /dashboard, starts the dashboard's refresh and data beside the session check, not after it", async () => {
    signIn();
    const seen: string[] = [];
    const record = ({ request }: { request: Request }) =>
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
    server.events.on('request:start', record);
    onTeardown(() => server.events.removeListener('request:start', record));
    let answerMe!: () => void;
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve));
    server.use(
      http.get('*/auth/me', async () => {
        await meAnswered;
        return HttpResponse.json({ success: true, data: db.users[0] });
      }),
    );
    window.history.replaceState(null, '', '/dashboard');
    const started = startShell({
      root,
      configUrl: 'http://localhost/config.json',
      remotesUrl: 'http://localhost/remotes.json',
      fetchImpl: pageFetch,
    });
    await waitFor(() =>
      expect(seen).toEqual(
        expect.arrayContaining([
          'GET /auth/me',
          'POST /auth/refresh',
          'GET /api/v1/dashboard/user/linked-accounts',
        ]),
      ),
    );
    expect(seen.indexOf('POST /auth/refresh')).toBeLessThan(
      seen.indexOf('GET /api/v1/dashboard/user/linked-accounts'),
    );
    answerMe();
    handle = await started;
    await handle.sessionChecked;
    expect(
      await screen.findByRole('list', { name: 'mfe_accounts/AccountsTab props' }),
    ).toBeInTheDocument();
    // the page's first load was the one started early: one refresh, one accounts call
    expect(seen.filter((call) => call === 'POST /auth/refresh')).toHaveLength(1);
    expect(
      seen.filter((call) => call === 'GET /api/v1/dashboard/user/linked-accounts'),
    ).toHaveLength(1);
  });

  it.each(['/dashboard?tab=servers', '/Dashboard/?tab=servers'])(
    "on %s, loads the tab's parcel while the session check is still on the network",
    async (address) => {
      signIn();
      // what the federation runtime had been asked for when the API answered each call
      const loadsWhenAnswered = new Map<string, string[]>();
      server.use(
        http.get('*/auth/me', () => {
          loadsWhenAnswered.set('me', [...federation.loadCalls]);
          return HttpResponse.json({ success: true, data: db.users[0] });
        }),
      );
      await start(address);
      expect(loadsWhenAnswered.get('me')).toEqual(['mfe_servers/ServersTab']);
      expect(
        await screen.findByRole('list', { name: 'mfe_servers/ServersTab props' }),
      ).toBeInTheDocument();
    },
  );

  it('on /dashboard without stored tokens, loads no parcel before the session check', async () => {
    await start('/dashboard');
    expect(federation.loadCalls).toEqual([]);
  });

  it('sets the CSP nonce, applies config.json, registers remotes.json and renders the route', async () => {
    await start('/');
    expect(scope.__webpack_nonce__).toBe('mock-nonce');
    expect(getRuntimeConfig().apiBaseUrl).toBe(API);
    expect(Object.fromEntries(federation.registered())).toEqual(TEST_REMOTES);
    expect(await screen.findByRole('region', { name: 'mfe_public/Landing' })).toBeInTheDocument();
  });

  it('checks the stored session at start: a valid token opens the dashboard', async () => {
    signIn();
    await start('/dashboard');
    expect(session.getState().status).toBe('authenticated');
    expect(
      await within(await screen.findByRole('banner')).findByText('demo_user'),
    ).toBeInTheDocument();
  });

  it('takes the CSP nonce its own page was served with, without asking the server', async () => {
    const script = document.head.appendChild(document.createElement('script'));
    script.setAttribute('nonce', 'this-page-nonce');
    onTeardown(() => script.remove());
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    onTeardown(() => server.events.removeAllListeners('request:start'));
    await start('/');
    expect(scope.__webpack_nonce__).toBe('this-page-nonce');
    expect(asked).not.toContain('/api/csp-nonce');
  });

  it('renews an expired access token at start: /dashboard stays signed in', async () => {
    signIn('expired-access-token', DEMO_REFRESH_TOKEN);
    await start('/dashboard');
    expect(session.getState().status).toBe('authenticated');
    expect(
      await within(await screen.findByRole('banner')).findByText('demo_user'),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(db.sessions[0]!.used_refresh_tokens).toContain(DEMO_REFRESH_TOKEN);
  });

  it('checks the stored session at start: a refused refresh clears the tokens and /dashboard leads to /login', async () => {
    signIn('expired-access-token', 'refused-refresh-token');
    await start('/dashboard');
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('region', { name: 'mfe_public/Login' })).toBeInTheDocument();
  });

  it('a 401 on an API call after start is refreshed and retried: the dashboard stays', async () => {
    signIn();
    server.use(failNext('get', '/api/v1/dashboard/user/linked-accounts', 401));
    await start('/dashboard');
    expect(
      await within(await screen.findByRole('banner')).findByText('demo_user'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' })).toBeVisible();
    expect(window.location.pathname).toBe('/dashboard');
    expect(session.getState().status).toBe('authenticated');
  });

  it('a 401 whose refresh is refused clears the session and opens /login', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/dashboard/user/linked-accounts', () => {
        db.sessions[0]!.revoked = true; // ended elsewhere
        return HttpResponse.json({ success: false, error: 'session_revoked' }, { status: 401 });
      }),
    );
    await start('/dashboard');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(session.getState().status).toBe('anonymous');
    expect(await screen.findByRole('region', { name: 'mfe_public/Login' })).toBeInTheDocument();
  });

  it('a 401 with x-token-expired whose refresh is refused opens /login?message=discord_token_expired', async () => {
    signIn();
    server.use(
      http.get('*/api/v1/dashboard/user/linked-accounts', () => {
        // what the API does when Discord refuses: every session of the user ends
        db.sessions[0]!.revoked = true;
        return HttpResponse.json(
          { success: false, error: 'discord_token_expired' },
          { status: 401, headers: { 'x-token-expired': 'true' } },
        );
      }),
    );
    await start('/dashboard');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(window.location.search).toBe('?message=discord_token_expired');
    expect(localStorage.getItem('auth_token')).toBeNull();
    const login = await screen.findByRole('region', { name: 'mfe_public/Login' });
    expect(login).toHaveTextContent('"message":"discord_token_expired"');
  });

  it('a logout in another tab sends this tab from /dashboard to /login at once', async () => {
    signIn();
    await start('/dashboard');
    expect(
      await within(await screen.findByRole('banner')).findByText('demo_user'),
    ).toBeInTheDocument();
    tokenStorage.clear(); // what the other tab's logout leaves in the shared localStorage
    window.dispatchEvent(new StorageEvent('storage', { key: 'auth_token', newValue: null }));
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('region', { name: 'mfe_public/Login' })).toBeInTheDocument();
  });

  it('still renders, with a fallback per region, when remotes.json cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(
      http.get('*/remotes.json', () => HttpResponse.json({ error: 'gone' }, { status: 404 })),
    );
    await start('/');
    const home = await screen.findByRole('region', { name: 'Home' });
    expect(await within(home).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load remotes.json', expect.anything());
    warn.mockRestore();
  });
});
