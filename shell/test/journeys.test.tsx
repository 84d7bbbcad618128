import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import type { ParcelConfigObject } from 'single-spa';
import { defineParcel, session, type SetupWizardProps } from '@roconnect/shared-lib';
import { SEED_SERVERS, setupMockServer } from '@roconnect/shared-lib/testing';
import { currentLocation, federation, renderApp, setupSignedInShell } from './helpers';

const { server } = setupMockServer();
const requests = setupSignedInShell(server);
afterEach(() => jest.restoreAllMocks());
const location = currentLocation;

const tab = (name: string) => screen.getByRole('tab', { name });
const wizardProps = () => screen.findByRole('list', { name: 'mfe_setup/SetupWizard props' });

describe('the dashboard tab is in the address', () => {
  it('opens the tab the address names, and a tab click puts it in the address', async () => {
    const user = userEvent.setup();
    renderApp('/dashboard?tab=servers');
    expect(await screen.findByRole('region', { name: 'mfe_servers/ServersTab' })).toBeVisible();
    expect(tab('Servers')).toHaveAttribute('aria-selected', 'true');

    await user.click(tab('Accounts'));
    expect(location()).toHaveTextContent(/^\/dashboard\?tab=accounts$/);
    expect(await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' })).toBeVisible();
  });

  it('opens Accounts for an address without a tab or with an unknown one', async () => {
    renderApp('/dashboard?tab=settings');
    expect(await screen.findByRole('region', { name: 'mfe_accounts/AccountsTab' })).toBeVisible();
    expect(tab('Accounts')).toHaveAttribute('aria-selected', 'true');
  });
});

describe('back from a bot invite', () => {
  it('lands on Servers with the toast and the setup wizard open for that server', async () => {
    renderApp(`/dashboard?bot_added=true&guild_id=${SEED_SERVERS.ownerSetupIncomplete}`);
    expect(await screen.findByText('Bot added to server successfully!')).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard\?tab=servers$/);
    expect(tab('Servers')).toHaveAttribute('aria-selected', 'true');
    const props = await wizardProps();
    expect(props).toHaveTextContent(`serverId=${SEED_SERVERS.ownerSetupIncomplete}`);
    expect(props).toHaveTextContent('serverName=Demo Racing League');
  });

  it('does not open the wizard for a server that is already set up', async () => {
    renderApp(`/dashboard?bot_added=true&guild_id=${SEED_SERVERS.ownerReady}`);
    expect(await screen.findByText('Bot added to server successfully!')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests).toContain(`GET /api/v1/server/${SEED_SERVERS.ownerReady}/setup`),
    );
    expect(screen.queryByRole('region', { name: 'Setup wizard' })).not.toBeInTheDocument();
  });

  it.each([
    ['access_denied', 'The bot was not added to Obby Makers. The invite was cancelled on Discord.'],
    [
      'bot_not_added',
      'The bot was not added to Obby Makers. Discord did not add it. Please try the invite again.',
    ],
    [
      'browser_mismatch',
      'The bot was not added to Obby Makers. The invite was started in another browser. Please start it again here.',
    ],
    [
      'invalid_state',
      'The bot was not added to Obby Makers. The invite link expired or was already used. Please start the invite again.',
    ],
    [
      'invalid_grant',
      'The bot was not added to Obby Makers. Discord did not accept the authorization. Please try the invite again.',
    ],
    [
      'discord_unavailable',
      'The bot was not added to Obby Makers. Discord could not be reached. Please try again in a moment.',
    ],
    [
      'wrong_server',
      'The bot was not added to Obby Makers. It was added to a different server than the one you chose.',
    ],
  ])('a failed invite (%s) says what happened and keeps the session', async (code, message) => {
    renderApp(`/dashboard?bot_error=${code}&guild_id=${SEED_SERVERS.managerNoBot}`);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/dashboard\?tab=servers$/);
    expect(screen.queryByText(/Authentication Error/)).not.toBeInTheDocument();
    expect(session.getState().status).toBe('authenticated');
    expect(
      within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Setup wizard' })).not.toBeInTheDocument();
  });

  it('never shows the text of the address; an unknown server is "the server"', async () => {
    renderApp('/dashboard?bot_error=Call_555_0100_now&guild_id=999');
    expect(
      await screen.findByText(
        'The bot was not added to the server. Something went wrong. Please try the invite again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/555/)).not.toBeInTheDocument();
  });

  it('reloads the dashboard when a save the user walked away from settles', async () => {
    const user = userEvent.setup();
    function FakeWizard({ onSaveSettledAfterClose }: SetupWizardProps) {
      return createElement('button', { onClick: onSaveSettledAfterClose }, 'save settled');
    }
    federation.provide(
      'mfe_setup/SetupWizard',
      defineParcel('mfe_setup/SetupWizard', FakeWizard) as unknown as ParcelConfigObject,
    );
    renderApp(`/dashboard?bot_added=true&guild_id=${SEED_SERVERS.ownerSetupIncomplete}`);
    const settled = await screen.findByRole('button', { name: 'save settled' });
    await waitFor(() => expect(requests).toContain('GET /api/v1/dashboard/user/servers'));
    requests.length = 0;
    await user.click(settled);
    await waitFor(() => expect(requests).toContain('GET /api/v1/dashboard/user/servers'));
  });
});

describe('the header on every signed-in page', () => {
  it.each([
    ['/verify', 'mfe_accounts/Verify'],
    [`/server/edit/${SEED_SERVERS.ownerReady}`, 'mfe_setup/ServerConfig'],
    ['/invite?server_id=1', 'mfe_servers/Invite'],
    ['/roblox/callback?error=access_denied', 'mfe_accounts/RobloxCallback'],
  ])('%s has the logo, avatar, username and Logout', async (path, parcel) => {
    renderApp(path);
    await screen.findByRole('region', { name: parcel });
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'RoConnect home' })).toHaveAttribute(
      'href',
      '/',
    );
    expect(within(header).getByRole('img', { name: 'Demo User' })).toBeInTheDocument();
    expect(within(header).getByText('demo_user')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('Logout there ends the session and goes home', async () => {
    const user = userEvent.setup();
    renderApp('/verify');
    await screen.findByRole('region', { name: 'mfe_accounts/Verify' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Successfully logged out!')).toBeInTheDocument();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/$/));
    expect(session.getState().status).toBe('anonymous');
  });

  it('a signed-out visit shows no header', async () => {
    session.clear();
    renderApp('/verify');
    await screen.findByRole('region', { name: 'mfe_accounts/Verify' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
