import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ParcelConfigObject } from 'single-spa';
import { defineParcel, navigate, session, type ServersTabProps } from '@roconnect/shared-lib';
import { failNext, networkErrorNext, setupMockServer } from '@roconnect/shared-lib/testing';
import { currentLocation, federation, renderApp, setupSignedInShell } from './helpers';

const { server, db } = setupMockServer();
const requests = setupSignedInShell(server);
afterEach(() => jest.restoreAllMocks());
const location = currentLocation;

async function openDashboard() {
  renderApp('/dashboard');
  return screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' });
}

describe('dashboard frame', () => {
  it("fetches the next routes' parcels only once the dashboard's tab has mounted", async () => {
    const next = ['mfe_servers/ServersTab', 'mfe_setup/SetupWizard', 'mfe_accounts/Verify'];
    const releaseAccounts = federation.hold('mfe_accounts');
    renderApp('/dashboard');
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    // the data is shown, the Accounts tab's parcel is still loading
    const region = await screen.findByRole('region', { name: 'Accounts' });
    expect(region).toHaveAttribute('data-remote-status', 'loading');
    expect(federation.loadCalls).toContain('mfe_accounts/AccountsTab');
    expect(federation.loadCalls.filter((id) => next.includes(id))).toEqual([]);
    releaseAccounts();
    await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' });
    await waitFor(() => expect(federation.loadCalls).toEqual(expect.arrayContaining(next)));
  });

  it('shows the username and the avatar initial in the header', async () => {
    await openDashboard();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('demo_user')).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Demo User' })).toHaveTextContent('D');
    expect(within(header).getByRole('link', { name: 'RoConnect home' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('has one level-one heading, Dashboard, for screen readers', async () => {
    await openDashboard();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['Dashboard']);
  });

  it('shows the brand mark the landing shows, inside the home link', async () => {
    await openDashboard();
    const home = within(screen.getByRole('banner')).getByRole('link', { name: 'RoConnect home' });
    // shared-lib's BrandMark, which the landing's top bar shows too (mfe-public SiteHeader)
    const mark = home.querySelector('[data-rc-brand-mark]');
    expect(mark).not.toBeNull();
    expect(mark).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows the user's Discord avatar when there is one", async () => {
    const demo = db.users.find((u) => u.username === 'demo_user');
    if (!demo) throw new Error('demo user missing from the seed');
    demo.avatar = 'a1b2c3';
    await session.start();
    await openDashboard();
    expect(
      within(screen.getByRole('banner')).getByRole('img', { name: 'Demo User' }),
    ).toHaveAttribute('src', expect.stringContaining(`/avatars/${demo.discord_id}/a1b2c3.png`));
  });

  it('Accounts and Servers tabs switch the parcel in the tab body', async () => {
    const user = userEvent.setup();
    await openDashboard();
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveAttribute('aria-selected', 'true');
    expect(
      screen.queryByRole('region', { name: 'mfe_servers/ServersTab' }),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Servers' }));
    expect(
      await screen.findByRole('region', { name: 'mfe_servers/ServersTab' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'mfe_accounts/AccountsTab' }),
      ).not.toBeInTheDocument(),
    );
    expect(federation.events).toContain('unmount mfe_accounts/AccountsTab');

    await user.click(screen.getByRole('tab', { name: 'Accounts' }));
    expect(
      await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' }),
    ).toBeInTheDocument();
  });

  it("neither re-mounts nor updates a tab's parcel when the page navigates elsewhere", async () => {
    const user = userEvent.setup();
    const lifecycle: string[] = [];
    const record = (event: string) => async () => {
      lifecycle.push(event);
    };
    function ServersProbe({ servers, onServersUpdate }: ServersTabProps) {
      return (
        <div role="region" aria-label="servers probe">
          <p>{servers.map((server) => server.server_name).join(', ')}</p>
          <button
            onClick={() =>
              onServersUpdate(servers.map((server) => ({ ...server, server_name: 'Renamed' })))
            }
          >
            Rename
          </button>
        </div>
      );
    }
    const probe = defineParcel('ServersProbe', ServersProbe) as unknown as ParcelConfigObject;
    federation.provide('mfe_servers/ServersTab', {
      ...probe,
      mount: [record('mount'), probe.mount],
      update: [record('update'), probe.update!],
    } as ParcelConfigObject);
    renderApp('/dashboard?tab=servers');
    const region = await screen.findByRole('region', { name: 'servers probe' });

    // a remote navigates through the shell's bridge, to this page by another spelling: the
    // router's location changes, the servers tab's props do not
    act(() => navigate('/Dashboard/?tab=servers'));
    await waitFor(() => expect(location()).toHaveTextContent('/Dashboard/?tab=servers'));
    // then a change the parcel must get; its updates are applied in order, so once it shows,
    // an update the navigation caused would have been applied before it
    await user.click(within(region).getByRole('button', { name: 'Rename' }));
    await within(region).findByText(/Renamed/);
    expect(lifecycle).toEqual(['mount', 'update']);
  });

  it('keeps the header and the other tab working when one tab’s remote is down', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    federation.fail('mfe_servers');
    await openDashboard();

    await user.click(screen.getByRole('tab', { name: 'Servers' }));
    const servers = screen.getByRole('region', { name: 'Servers' });
    expect(await within(servers).findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('demo_user')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Accounts' }));
    expect(
      await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' }),
    ).toBeInTheDocument();
  });

  // docs/product.md › Sessions: the session ends locally and the user goes home whether or not the call succeeds;
  // a toast says which happened.
  it.each([
    ['succeeds', () => null, 'Successfully logged out!'],
    [
      'answers 500',
      () => failNext('post', '/auth/logout', 500),
      'Failed to logout. Please try again.',
    ],
    [
      'fails at the network level',
      () => networkErrorNext('post', '/auth/logout'),
      'Failed to logout. Please try again.',
    ],
  ])(
    'Logout when the logout call %s: session ended, tokens cleared, said so, home',
    async (_case, failure, message) => {
      const user = userEvent.setup();
      const handler = failure();
      if (handler) server.use(handler);
      await openDashboard();
      await user.click(screen.getByRole('button', { name: 'Logout' }));

      expect(await screen.findByText(message)).toBeInTheDocument();
      const otherOutcome = message.startsWith('Failed')
        ? 'Successfully logged out!'
        : 'Failed to logout. Please try again.';
      expect(screen.queryByText(otherOutcome)).not.toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
      expect(requests).toContain('POST /auth/logout');
      expect(localStorage.getItem('auth_token')).toBeNull();
      expect(localStorage.getItem('refresh_token')).toBeNull();
      expect(session.getState().status).toBe('anonymous');
      expect(await screen.findByRole('region', { name: 'mfe_public/Landing' })).toBeInTheDocument();
    },
  );
});
