import { act, screen, waitFor, within } from '@testing-library/react';
import { navigate, session } from '@roconnect/shared-lib';
import { setupMockServer, signIn } from '@roconnect/shared-lib/testing';
import { federation, renderApp, resetRemotes } from './helpers';

setupMockServer();

beforeEach(() => {
  resetRemotes();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

async function signedIn() {
  signIn();
  await session.start();
  expect(session.getState().status).toBe('authenticated');
}

function signedOut() {
  session.clear();
}

/** The parcel a route mounted, and the data props it received. */
async function mountedParcel(id: string) {
  const parcel = await screen.findByRole('region', { name: id });
  const props = within(parcel).getByRole('list', { name: `${id} props` });
  return { parcel, props };
}

function location() {
  return screen.getByRole('status', { name: 'current location' });
}

describe('routes', () => {
  it.each([
    ['/', 'mfe_public/Landing', 'Home'],
    ['/roblox/callback?code=success&state=linked', 'mfe_accounts/RobloxCallback', 'Roblox linking'],
    ['/invite', 'mfe_servers/Invite', 'Invite'],
    ['/verify', 'mfe_accounts/Verify', 'Verify'],
    ['/privacy', 'mfe_public/Privacy', 'Privacy policy'],
    ['/terms', 'mfe_public/Terms', 'Terms of service'],
  ])('%s mounts %s', async (path, parcelId, regionLabel) => {
    signedOut();
    renderApp(path);
    const { parcel } = await mountedParcel(parcelId);
    expect(screen.getByRole('region', { name: regionLabel })).toContainElement(parcel);
  });

  it('hands the route query to the parcel', async () => {
    signedOut();
    renderApp('/roblox/callback?code=success&state=linked');
    const { props } = await mountedParcel('mfe_accounts/RobloxCallback');
    expect(
      within(props).getByText('query={"code":"success","state":"linked"}'),
    ).toBeInTheDocument();
  });

  it('/login mounts the login parcel for a signed-out visitor', async () => {
    signedOut();
    renderApp('/login?message=discord_token_expired');
    const { props } = await mountedParcel('mfe_public/Login');
    expect(
      within(props).getByText('query={"message":"discord_token_expired"}'),
    ).toBeInTheDocument();
    expect(location()).toHaveTextContent('/login?message=discord_token_expired');
  });

  it('/server/edit/:serverId mounts the server configuration with the serverId prop', async () => {
    signedOut();
    renderApp('/server/edit/123456789');
    const { props } = await mountedParcel('mfe_setup/ServerConfig');
    expect(within(props).getByText('serverId=123456789')).toBeInTheDocument();
  });

  it('each section of the server console has its address; the console stays mounted between them', async () => {
    signedOut();
    renderApp('/server/edit/123456789/audit');
    const { props } = await mountedParcel('mfe_setup/ServerConfig');
    expect(within(props).getByText('section=audit')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Audit log · RoConnect'));

    act(() => navigate('/server/edit/987654321/binds'));
    await waitFor(() => expect(within(props).getByText('section=binds')).toBeInTheDocument());
    expect(within(props).getByText('serverId=987654321')).toBeInTheDocument();
    expect(document.title).toBe('Role binds · RoConnect');
    expect(federation.events.filter((event) => event.includes('ServerConfig'))).toEqual([
      'mount mfe_setup/ServerConfig',
    ]);
  });

  it.each(['401', '403', '404', '500', '502'])(
    '/%s mounts the error page with that code',
    async (code) => {
      signedOut();
      renderApp(`/${code}`);
      const { props } = await mountedParcel('mfe_public/ErrorPage');
      expect(within(props).getByText(`code=${code}`)).toBeInTheDocument();
    },
  );

  it('an unknown path mounts the error page with code 404', async () => {
    signedOut();
    renderApp('/no/such/page');
    const { props } = await mountedParcel('mfe_public/ErrorPage');
    expect(within(props).getByText('code=404')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/no/such/page');
    expect(document.title).toBe('Page not found · RoConnect');
  });

  it('/auth leads to /login', async () => {
    signedOut();
    renderApp('/auth');
    await mountedParcel('mfe_public/Login');
    expect(location()).toHaveTextContent(/^\/login$/);
  });

  it('/dashboard sends a signed-out visitor to /login', async () => {
    signedOut();
    renderApp('/dashboard');
    await mountedParcel('mfe_public/Login');
    expect(location()).toHaveTextContent(/^\/login$/);
  });

  it('/dashboard shows the dashboard to a signed-in user', async () => {
    await signedIn();
    renderApp('/dashboard');
    await mountedParcel('mfe_accounts/AccountsTab');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard$/);
  });

  it('/login sends a signed-in user to /dashboard', async () => {
    await signedIn();
    renderApp('/login');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    await mountedParcel('mfe_accounts/AccountsTab');
    expect(screen.queryByRole('region', { name: 'mfe_public/Login' })).not.toBeInTheDocument();
  });
});

describe('page title and social meta', () => {
  function meta(selector: string) {
    return document.head.querySelector<HTMLMetaElement>(selector)?.content;
  }

  it.each([
    ['/', 'RoConnect – Connect Discord & Roblox'],
    ['/login', 'Sign in · RoConnect'],
    ['/privacy', 'Privacy Policy · RoConnect'],
    ['/terms', 'Terms of Service · RoConnect'],
    ['/invite', 'Add the bot · RoConnect'],
    ['/verify', 'Verify & Update · RoConnect'],
    ['/server/edit/42', 'Server configuration · RoConnect'],
    ['/403', 'Access denied · RoConnect'],
  ])('%s is titled "%s"', async (path, title) => {
    signedOut();
    renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    expect(meta('meta[property="og:title"]')).toBe(title);
    expect(meta('meta[name="twitter:title"]')).toBe(title);
    expect(meta('meta[property="og:url"]')).toBe(`http://localhost${path}`);
    expect(meta('meta[name="description"]')).toBeTruthy();
    expect(meta('meta[property="og:description"]')).toBe(meta('meta[name="description"]'));
  });

  it('changes when the route changes', async () => {
    signedOut();
    renderApp('/dashboard');
    // a signed-out visitor is sent on to /login, and the title follows
    await waitFor(() => expect(document.title).toBe('Sign in · RoConnect'));
    expect(meta('meta[property="og:description"]')).toBe(
      'Sign in to RoConnect with your Discord account.',
    );
  });
});
