import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { API_PATHS, type Server } from '@roconnect/shared-lib';
import {
  failNext,
  renderWithProviders,
  SEED_SERVERS,
  setupRemoteTest,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { ServersTab, type ServersTabParcelProps } from './ServersTab';

const { server: mockServer, db, navigate } = setupRemoteTest({ signedIn: true });

const SETUP_PATH = '/api/v1/server/:id/setup';
const SYNC_PATH = '/api/v1/dashboard/user/sync-servers';

function card(name: string) {
  const heading = screen.getByRole('heading', { level: 3, name });
  return within(heading.closest('li')!);
}

function server(overrides: Partial<Server> & Pick<Server, 'server_id' | 'server_name'>): Server {
  return {
    id: '1',
    server_icon: null,
    owner: true,
    member_count: 5,
    bot_added: false,
    can_manage: true,
    ...overrides,
  };
}

function renderTab(props: ServersTabParcelProps = {}) {
  const handlers = {
    onServersUpdate: jest.fn(),
    onSetupServer: jest.fn(),
    onEditServer: jest.fn(),
  };
  renderWithProviders(<ServersTab {...handlers} {...props} />);
  return handlers;
}

describe('ServersTab', () => {
  it('loads the servers itself when the shell passes none, one card each with role, count and badge', async () => {
    renderTab();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Your Discord Servers' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Loading servers...')).toBeInTheDocument();

    await screen.findByText('Demo Builders Club');
    const builders = card('Demo Builders Club');
    expect(builders.getByText('Owner')).toBeInTheDocument();
    expect(builders.getByText('128 members')).toBeInTheDocument();
    expect(builders.getByText('Bot Added')).toBeInTheDocument();

    const obby = card('Obby Makers');
    expect(obby.getByText('Member')).toBeInTheDocument();
    expect(obby.getByText('310 members')).toBeInTheDocument();
    expect(obby.getByText('No Bot')).toBeInTheDocument();

    // Tycoon Fans: the demo user is only a member there, so it is not theirs to manage.
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('Tycoon Fans')).not.toBeInTheDocument();
  });

  it('shows the servers the shell passes without loading its own, with the icon or the initial', async () => {
    renderTab({
      servers: [
        server({
          server_id: '900000000000000001',
          server_name: 'With Icon',
          server_icon: 'abc123',
          member_count: 1,
        }),
        server({ server_id: '900000000000000002', server_name: 'zebra crossing', owner: false }),
      ],
    });
    expect(screen.queryByText('Loading servers...')).not.toBeInTheDocument();
    const withIcon = card('With Icon');
    expect(withIcon.getByRole('img', { hidden: true })).toHaveAttribute(
      'src',
      'https://cdn.discordapp.com/icons/900000000000000001/abc123.png?size=128',
    );
    expect(withIcon.getByText('1 member')).toBeInTheDocument();
    expect(card('zebra crossing').getByText('Z')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByRole('link', { name: 'Invite Bot' })).toHaveLength(2),
    );
  });

  it('Invite Bot (no bot) is a link to the invite page; a click goes there and says so', async () => {
    renderTab();
    const invite = await screen.findByRole('link', { name: 'Invite Bot' });
    expect(invite).toHaveAccessibleDescription('Obby Makers');
    expect(invite).toHaveAttribute(
      'href',
      `/invite?server_id=${SEED_SERVERS.managerNoBot}&server_name=Obby+Makers`,
    );

    await userEvent.click(invite);
    expect(navigate).toHaveBeenCalledWith(
      `/invite?server_id=${SEED_SERVERS.managerNoBot}&server_name=Obby+Makers`,
      {},
    );
    expect(toastMessages()).toContain('success: Bot invite link opened!');
  });

  describe('Check bot status on a card without the bot (manual-sync)', () => {
    function obbyMakers() {
      return db.servers.find((s) => s.server_id === SEED_SERVERS.managerNoBot)!;
    }

    it('re-checks the bot, shows the fresh list and tells the shell when the bot is there now', async () => {
      const calls: string[] = [];
      mockServer.events.on('request:start', ({ request }) =>
        calls.push(`${request.method} ${new URL(request.url).pathname}`),
      );
      const { onServersUpdate } = renderTab();
      const check = await screen.findByRole('button', { name: 'Check bot status' });
      expect(check).toHaveAccessibleDescription('Obby Makers');
      obbyMakers().bot_added = true; // added outside this dashboard
      calls.length = 0;
      await userEvent.click(check);

      await waitFor(() => expect(toastMessages()).toContain('success: The bot is in Obby Makers.'));
      mockServer.events.removeAllListeners();
      // then the setup statuses of the fresh list (the first list's health checks may land late)
      expect(calls.filter((call) => !call.endsWith('/health')).slice(0, 2)).toEqual([
        `POST ${API_PATHS.manualSync}`,
        `GET ${API_PATHS.userServers}`,
      ]);
      expect(card('Obby Makers').getByText('Bot Added')).toBeInTheDocument();
      expect(onServersUpdate).toHaveBeenCalledWith(
        expect.arrayContaining([
          expect.objectContaining({ server_id: SEED_SERVERS.managerNoBot, bot_added: true }),
        ]),
      );
    });

    it('says when the bot is still not there', async () => {
      renderTab();
      await userEvent.click(await screen.findByRole('button', { name: 'Check bot status' }));
      await waitFor(() =>
        expect(toastMessages()).toContain('info: The bot is not in Obby Makers yet.'),
      );
      expect(card('Obby Makers').getByText('No Bot')).toBeInTheDocument();
    });

    it('says so when the check fails', async () => {
      mockServer.use(failNext('post', API_PATHS.manualSync, 502));
      renderTab();
      await userEvent.click(await screen.findByRole('button', { name: 'Check bot status' }));
      await waitFor(() =>
        expect(toastMessages()).toContain('error: Failed to check the bot. Please try again.'),
      );
      expect(card('Obby Makers').getByRole('button', { name: 'Check bot status' })).toBeEnabled();
    });
  });

  it("shows 'Loading...' while a server's setup status loads, then Setup Bot (setup not complete)", async () => {
    // the status reads are held until the loading state has been seen; returning nothing then
    // hands them to the mock API
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockServer.use(http.get(SETUP_PATH, () => held));
    const { onSetupServer } = renderTab();
    await screen.findByText('Demo Racing League');
    const racing = card('Demo Racing League');
    expect(racing.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();

    await userEvent.click(await racing.findByRole('button', { name: 'Setup Bot' }));
    expect(onSetupServer).toHaveBeenCalledWith(
      SEED_SERVERS.ownerSetupIncomplete,
      'Demo Racing League',
    );
  });

  it('keeps Setup Bot usable while a reloaded list re-reads the statuses, then shows the new one', async () => {
    // each call is a new list, as the shell passes after every reload
    const list = () => [
      server({
        server_id: SEED_SERVERS.ownerSetupIncomplete,
        server_name: 'Demo Racing League',
        bot_added: true,
      }),
    ];
    const handlers = { onSetupServer: jest.fn() };
    const { rerender } = renderWithProviders(<ServersTab servers={list()} {...handlers} />);
    const racing = () => card('Demo Racing League');
    await racing().findByRole('button', { name: 'Setup Bot' });

    // the dashboard reloads (a new list); the status read for it is held, then says setup is done
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockServer.use(
      http.get(
        SETUP_PATH,
        async () => {
          await held;
          return Response.json({
            success: true,
            data: { setup_completed: true, setup_step: null },
          });
        },
        { once: true },
      ),
    );
    rerender(<ServersTab servers={list()} {...handlers} />);
    expect(racing().queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
    await userEvent.click(racing().getByRole('button', { name: 'Setup Bot' }));
    expect(handlers.onSetupServer).toHaveBeenCalledWith(
      SEED_SERVERS.ownerSetupIncomplete,
      'Demo Racing League',
    );
    release();
    expect(await racing().findByRole('button', { name: 'Edit Bot' })).toBeEnabled();
  });

  it('shows Edit Bot once setup is complete, which asks the shell to open the configuration', async () => {
    const { onEditServer } = renderTab();
    await screen.findByText('Demo Builders Club');
    await userEvent.click(
      await card('Demo Builders Club').findByRole('button', { name: 'Edit Bot' }),
    );
    expect(onEditServer).toHaveBeenCalledWith(SEED_SERVERS.ownerReady);
  });

  it('shows Manage on a server managed through a staff role, which opens its console', async () => {
    const { onEditServer } = renderTab({
      servers: [
        server({
          server_id: SEED_SERVERS.ownerReady,
          server_name: 'Staffed',
          owner: false,
          can_manage: false,
          bot_added: true,
          staff: true,
        }),
      ],
    });
    await userEvent.click(card('Staffed').getByRole('button', { name: 'Manage' }));
    expect(onEditServer).toHaveBeenCalledWith(SEED_SERVERS.ownerReady);
  });

  it('ignores a failed setup status load: no message, and Setup Bot (the wizard checks again)', async () => {
    mockServer.use(failNext('get', SETUP_PATH, 500, 'Database down.', { persist: true }));
    renderTab();
    await screen.findByText('Demo Builders Club');
    expect(
      await card('Demo Builders Club').findByRole('button', { name: 'Setup Bot' }),
    ).toBeEnabled();
    expect(
      await card('Demo Racing League').findByRole('button', { name: 'Setup Bot' }),
    ).toBeEnabled();
    expect(toastMessages()).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("syncs: 'Syncing...' while busy, then the fresh list, a success toast and onServersUpdate", async () => {
    const { onServersUpdate } = renderTab();
    await screen.findByText('Demo Builders Club');
    db.servers.find((s) => s.server_id === SEED_SERVERS.managerNoBot)!.bot_added = true;
    // Hold the sync until the busy state has been seen; returning nothing hands it to the mock API.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockServer.use(http.post(`*${API_PATHS.syncServers}`, () => held, { once: true }));

    await userEvent.click(screen.getByRole('button', { name: 'Sync Servers' }));
    expect(screen.getByRole('button', { name: 'Syncing...' })).toBeDisabled();
    release();

    await screen.findByRole('button', { name: 'Sync Servers' });
    expect(toastMessages()).toEqual(['success: Servers synchronized successfully!']);
    expect(onServersUpdate).toHaveBeenCalledTimes(1);
    expect(onServersUpdate.mock.calls[0][0]).toHaveLength(3);
    expect(card('Obby Makers').getByText('Bot Added')).toBeInTheDocument();
    expect(
      await card('Obby Makers').findByRole('button', { name: 'Setup Bot' }),
    ).toBeInTheDocument();
  });

  it('keeps the list and says so when a sync fails', async () => {
    const { onServersUpdate } = renderTab();
    await screen.findByText('Demo Builders Club');
    mockServer.use(failNext('post', SYNC_PATH, 502, 'Discord is unavailable.'));

    await userEvent.click(screen.getByRole('button', { name: 'Sync Servers' }));
    await screen.findByRole('button', { name: 'Sync Servers' });
    expect(toastMessages()).toEqual(['error: Failed to sync servers. Please try again.']);
    expect(onServersUpdate).not.toHaveBeenCalled();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it("shows 'No Servers Found' with Sync Servers, and a sync fills the list", async () => {
    const { onServersUpdate } = renderTab({ servers: [] });
    expect(screen.getByRole('heading', { name: 'No Servers Found' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Sync Servers' })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Sync Servers' }));
    expect(await screen.findByText('Obby Makers')).toBeInTheDocument();
    expect(onServersUpdate).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('No Servers Found')).not.toBeInTheDocument();
  });

  it('shows a newer list from the shell after a sync', async () => {
    const handlers = {
      onServersUpdate: jest.fn(),
      onSetupServer: jest.fn(),
      onEditServer: jest.fn(),
    };
    const { rerender } = renderWithProviders(<ServersTab {...handlers} servers={[]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sync Servers' }));
    await screen.findByText('Obby Makers');

    const later = [server({ server_id: '900000000000000003', server_name: 'Later Server' })];
    rerender(<ServersTab {...handlers} servers={later} />);
    expect(screen.getByText('Later Server')).toBeInTheDocument();
    expect(screen.queryByText('Obby Makers')).not.toBeInTheDocument();
  });

  it('offers Try Again when its own load fails', async () => {
    mockServer.use(failNext('get', '/api/v1/dashboard/user/servers', 500, 'Database down.'));
    renderTab();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your servers. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Demo Builders Club')).toBeInTheDocument();
  });
});
