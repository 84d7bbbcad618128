import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failNext, networkErrorNext, setupMockServer } from '@roconnect/shared-lib/testing';
import { currentLocation, renderApp, setupSignedInShell } from './helpers';

const { server } = setupMockServer();
const requests = setupSignedInShell(server);
const location = currentLocation;
const accountsTabProps = () =>
  screen.findByRole('list', { name: 'mfe_accounts/AccountsTab props' });

describe('dashboard data', () => {
  it('shows Loading dashboard... and then the tabs with the data', async () => {
    renderApp('/dashboard');
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(await accountsTabProps()).toHaveTextContent('robloxConfigured=true');
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
  });

  it('refreshes the token first, then loads accounts, servers and the Roblox status', async () => {
    renderApp('/dashboard');
    await accountsTabProps();
    expect(requests[0]).toBe('POST /auth/refresh');
    expect(requests.slice(1).sort()).toEqual([
      'GET /api/v1/dashboard/user/linked-accounts',
      'GET /api/v1/dashboard/user/servers',
      'GET /roblox/status',
    ]);
  });

  it('ignores a failed refresh', async () => {
    server.use(failNext('post', '/auth/refresh', 500));
    renderApp('/dashboard');
    expect(await accountsTabProps()).toBeInTheDocument();
  });

  it('passes a failed Roblox status on as unknown (null), not as not configured, silently', async () => {
    server.use(failNext('get', '/roblox/status', 500));
    renderApp('/dashboard');
    expect(await accountsTabProps()).toHaveTextContent('robloxConfigured=null');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['accounts', () => failNext('get', '/api/v1/dashboard/user/linked-accounts', 500)],
    ['servers', () => networkErrorNext('get', '/api/v1/dashboard/user/servers')],
  ])('a failed %s load shows the error with Try Again, which reloads', async (_what, failure) => {
    const user = userEvent.setup();
    server.use(failure());
    renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load dashboard data. Please try again.');
    expect(screen.queryByRole('tab', { name: 'Accounts' })).not.toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await accountsTabProps()).toBeInTheDocument();
    expect(
      screen.queryByText('Failed to load dashboard data. Please try again.'),
    ).not.toBeInTheDocument();
  });
});

describe('dashboard query flags', () => {
  it('auth_success and bot_added show their toasts after 100 ms, and leave the address bar', async () => {
    renderApp('/dashboard?auth_success=true&bot_added=true&guild_id=300000000000000001&x=1');
    // a bot invite's return opens the Servers tab
    await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard\?x=1&tab=servers$/));
    expect(screen.queryByText('Successfully authenticated with Discord!')).not.toBeInTheDocument();

    expect(await screen.findByText('Successfully authenticated with Discord!')).toBeInTheDocument();
    expect(screen.getByText('Bot added to server successfully!')).toBeInTheDocument();
    expect(screen.queryByText('Roblox account linked successfully!')).not.toBeInTheDocument();
  });

  it('roblox_linked shows its toast once', async () => {
    renderApp('/dashboard?roblox_linked=true');
    expect(await screen.findByText('Roblox account linked successfully!')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard$/);
    expect(screen.getAllByText('Roblox account linked successfully!')).toHaveLength(1);
  });

  it('a dashboard without flags shows no toast', async () => {
    renderApp('/dashboard');
    await accountsTabProps();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
  });
});
