import { screen, within } from '@testing-library/react';
import { API_PATHS, session } from '@roconnect/shared-lib';
import { failNext, networkErrorNext, setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { serverErrorPagePath } from '../src/features/errors/serverErrorPage';
import { currentLocation, renderApp, resetRemotes } from './helpers';

const { server } = setupMockServer();

beforeEach(() => {
  resetRemotes();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

/** A signed-in visitor whose session check (`/auth/me`) met `failure`. */
async function sessionCheckFails(...failures: Parameters<typeof server.use>) {
  signIn();
  server.use(...failures);
  await session.start();
}

async function errorPageProps() {
  const parcel = await screen.findByRole('region', { name: 'mfe_public/ErrorPage' });
  return within(parcel).getByRole('list', { name: 'mfe_public/ErrorPage props' });
}

describe('a server error on a page leads to the error page, which knows where it came from', () => {
  it('/dashboard: a 500 from the session check goes to /500?from=/dashboard, not to the login', async () => {
    await sessionCheckFails(failNext('get', API_PATHS.me, 500));
    renderApp('/dashboard?tab=servers');
    const props = await errorPageProps();
    expect(within(props).getByText('code=500')).toBeInTheDocument();
    expect(within(props).getByText('query={"from":"/dashboard?tab=servers"}')).toBeInTheDocument();
    expect(currentLocation()).toHaveTextContent('/500?from=%2Fdashboard%3Ftab%3Dservers');
  });

  it('a page with the signed-in header (/verify): a 503 goes to /502, the service unavailable page', async () => {
    await sessionCheckFails(failNext('get', API_PATHS.me, 503));
    renderApp('/verify?account=7');
    const props = await errorPageProps();
    expect(within(props).getByText('code=502')).toBeInTheDocument();
    expect(within(props).getByText('query={"from":"/verify?account=7"}')).toBeInTheDocument();
  });

  it('no answer at all (offline) is not a server error: /dashboard still goes to the login', async () => {
    await sessionCheckFails(networkErrorNext('get', API_PATHS.me));
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'mfe_public/Login' });
    expect(currentLocation()).toHaveTextContent(/^\/login$/);
  });

  it('a refused session still goes to the login', async () => {
    await sessionCheckFails(
      failNext('get', API_PATHS.me, 401),
      failNext('post', API_PATHS.refresh, 401),
    );
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'mfe_public/Login' });
    expect(currentLocation()).toHaveTextContent(/^\/login/);
  });
});

describe('serverErrorPagePath', () => {
  it.each([
    [500, '/dashboard', '/500?from=%2Fdashboard'],
    [501, '/server/edit/1', '/500?from=%2Fserver%2Fedit%2F1'],
    [502, '/verify', '/502?from=%2Fverify'],
    [
      504,
      '/invite?server_id=1&server_name=A%26B',
      '/502?from=%2Finvite%3Fserver_id%3D1%26server_name%3DA%2526B',
    ],
  ])('%i on %s → %s', (status, from, path) => {
    expect(serverErrorPagePath(status, from)).toBe(path);
    expect(new URLSearchParams(path.split('?')[1]).get('from')).toBe(from);
  });
});
