import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  failNext,
  renderWithProviders,
  SEED_SERVERS,
  setupRemoteTest,
} from '@roconnect/shared-lib/testing';
import { Invite } from './Invite';

const { server: mockServer, navigate, externalRedirects } = setupRemoteTest({ signedIn: true });
const INVITE_URL_PATH = '/api/v1/dashboard/bot/invite-url';

describe('Invite page', () => {
  it("says where it is going, then sends the browser to Discord's bot authorisation URL", async () => {
    renderWithProviders(
      <Invite query={{ server_id: SEED_SERVERS.managerNoBot, server_name: 'Obby Makers' }} />,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Redirecting to Discord...' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Adding bot to Obby Makers')).toBeInTheDocument();

    await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
    const url = new URL(externalRedirects.mock.calls[0]![0]);
    expect(url.searchParams.get('guild_id')).toBe(SEED_SERVERS.managerNoBot);
    expect(url.searchParams.get('scope')).toBe('bot');
    expect(url.searchParams.get('permissions')).toBe('402738176');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("names the server 'Unknown Server' when the link carries no name", () => {
    renderWithProviders(<Invite query={{ server_id: SEED_SERVERS.managerNoBot }} />);
    expect(screen.getByText('Adding bot to Unknown Server')).toBeInTheDocument();
  });

  it('goes back to the dashboard when there is no server_id', async () => {
    renderWithProviders(<Invite query={{ server_name: 'Obby Makers' }} />);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/dashboard?tab=servers', { replace: true }),
    );
    expect(externalRedirects).not.toHaveBeenCalled();
  });

  it('shows the failure with Try Again and Back to Dashboard when the URL cannot be had', async () => {
    mockServer.use(failNext('get', INVITE_URL_PATH, 502, 'Discord is unavailable right now.'));
    renderWithProviders(
      <Invite query={{ server_id: SEED_SERVERS.memberWithBot, server_name: 'Tycoon Fans' }} />,
    );

    expect(await screen.findByRole('alert')).toHaveTextContent('Discord is unavailable right now.');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Could not open Discord' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Adding bot to Tycoon Fans')).toBeInTheDocument();
    expect(externalRedirects).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=servers', {});
  });

  it('Try Again asks for the URL again', async () => {
    mockServer.use(failNext('get', INVITE_URL_PATH, 502, 'Discord is unavailable.'));
    renderWithProviders(
      <Invite query={{ server_id: SEED_SERVERS.managerNoBot, server_name: 'Obby Makers' }} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(screen.getByRole('heading', { name: 'Redirecting to Discord...' })).toBeInTheDocument();
    await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
  });
});
