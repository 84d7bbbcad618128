import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API_PATHS, setNavigator } from '@roconnect/shared-lib';
import { SEED_SERVERS, signIn } from '@roconnect/shared-lib/testing';
import { mockChannels } from '../../../testing/mockChannels';
import { notifications, renderWithToasts } from '../../../testing/renderWithToasts';
import { ServerConfig } from '../ServerConfig';
import { setupMockServerOf } from '../../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, db, record } = setupMockServerOf(SERVER_ID);
const navigateTo = jest.fn();

const channels = mockChannels(db, SERVER_ID);

beforeEach(() => setNavigator(navigateTo));
afterEach(() => {
  setNavigator(null);
  navigateTo.mockReset();
});

const region = (name: string) => screen.getByRole('region', { name });

it('loads, then shows the server with its four sections and their saved values', async () => {
  Object.assign(record(), {
    join_handling: 'off',
    join_dm: true,
    log_channel_id: channels.idOf('logs'),
    resync: 'weekly',
  });
  signIn();
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="discord" />);
  expect(screen.getByText('Loading server configuration...')).toBeInTheDocument();
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Demo Builders Club' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('link', { current: 'page' })).toHaveTextContent('Discord');
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual(['When members join', 'Log channel', 'Verify message', 'Scheduled resync']);
  expect(within(region('When members join')).getByRole('radio', { name: /Off/ })).toBeChecked();
  expect(
    screen.getByRole('checkbox', { name: 'DM unlinked members the verify link' }),
  ).toBeChecked();
  expect(
    await within(region('Log channel')).findByRole('option', { name: '#logs' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Log channel' })).toHaveDisplayValue('#logs');
  expect(within(region('Scheduled resync')).getByRole('radio', { name: /Weekly/ })).toBeChecked();
});

it('takes the defaults for settings the server never set', async () => {
  server.use(
    http.get(`*${API_PATHS.serverEdit(SERVER_ID)}`, () =>
      HttpResponse.json({
        success: true,
        data: { server_config: { server_name: 'Old API' }, roles: [], group: null },
      }),
    ),
  );
  signIn();
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="discord" />);
  expect(await screen.findByRole('heading', { level: 1, name: 'Old API' })).toBeInTheDocument();
  expect(screen.getByRole('radio', { name: /Verify new members/ })).toBeChecked();
  expect(
    screen.getByRole('checkbox', { name: 'DM unlinked members the verify link' }),
  ).not.toBeChecked();
  expect(screen.getByRole('combobox', { name: 'Log channel' })).toHaveValue('');
  expect(within(region('Scheduled resync')).getByRole('radio', { name: /Off/ })).toBeChecked();
});

it('says so and goes to the Servers tab when the server is refused (not managed)', async () => {
  signIn();
  renderWithToasts(<ServerConfig serverId={SEED_SERVERS.memberWithBot} section="discord" />);
  expect(
    await notifications().findByText('Failed to load server configuration'),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { name: 'Failed to load server configuration' }),
  ).toBeInTheDocument();
  expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', {});
});

it('says so and goes to the Servers tab when the answer has no configuration', async () => {
  server.use(
    http.get(`*${API_PATHS.serverEdit(SERVER_ID)}`, () =>
      HttpResponse.json({ success: true, data: {} }),
    ),
  );
  signIn();
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="discord" />);
  expect(
    await notifications().findByText('Failed to load server configuration'),
  ).toBeInTheDocument();
  expect(navigateTo).toHaveBeenCalledWith('/dashboard?tab=servers', {});
});

it('raises no toast when a signed-out visit is refused with a 401', async () => {
  renderWithToasts(<ServerConfig serverId={SERVER_ID} section="discord" />);
  expect(
    await screen.findByRole('heading', { name: 'Failed to load server configuration' }),
  ).toBeInTheDocument();
  expect(notifications().queryByText('Failed to load server configuration')).toBeNull();
  expect(navigateTo).not.toHaveBeenCalled();
});
