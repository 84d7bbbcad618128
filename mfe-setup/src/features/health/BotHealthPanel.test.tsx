import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS } from '@roconnect/shared-lib';
import {
  SEED_GROUP_ID,
  SEED_SERVERS,
  failNext,
  renderWithProviders,
  signIn,
} from '@roconnect/shared-lib/testing';
import { blurControlsWhenDisabled } from '../../testing/blurWhenDisabled';
import { BotHealthPanel } from './BotHealthPanel';
import { setupMockServerOf } from '../../testing/mockServerOf';

const SERVER_ID = SEED_SERVERS.ownerReady;
const { server, record } = setupMockServerOf(SERVER_ID);
beforeEach(() => signIn());

const panel = () => screen.getByRole('region', { name: 'Bot health' });

it('says everything looks good when the check finds nothing', async () => {
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  expect(screen.getByText('Checking the bot...')).toBeInTheDocument();
  expect(await within(panel()).findByText('Everything looks good')).toBeInTheDocument();
  expect(within(panel()).queryByRole('link')).not.toBeInTheDocument();
});

it('lists each problem with its fix, and a re-invite where a permission is missing', async () => {
  record().bot_permissions.manage_roles = false;
  record().binds = [
    { group_id: SEED_GROUP_ID, min_rank: 1, max_rank: 1, role_id: '200000000000000012' },
  ];
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  const problems = await screen.findByRole('list', { name: 'Problems found' });
  const items = within(problems).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent(
    'The RoConnect bot does not have the Manage Roles permission.',
  );
  expect(within(items[0]!).getByRole('link', { name: 'Re-invite the bot' })).toHaveAttribute(
    'href',
    expect.stringContaining(SERVER_ID),
  );
  expect(items[1]).toHaveTextContent('The RoConnect role sits below "Moderators".');
  expect(items[1]).toHaveTextContent('drag the RoConnect role above every role it gives');
  expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
});

it('links a lost log or Verify channel to the Discord settings, where another is chosen', async () => {
  const logs = record().channels.find((c) => c.name === 'logs')!;
  record().log_channel_id = logs.id;
  logs.bot_can_post = false;
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  const problems = await screen.findByRole('list', { name: 'Problems found' });
  const [problem] = within(problems).getAllByRole('listitem');
  expect(problem).toHaveTextContent(/The log channel #logs .*no longer lets the bot's role/);
  expect(within(problem!).getByRole('link', { name: 'Open Discord Settings' })).toHaveAttribute(
    'href',
    `/server/edit/${SERVER_ID}/discord`,
  );
  expect(within(problem!).queryByRole('link', { name: 'Re-invite the bot' })).toBeNull();
});

it('checks again on request, and says so when the check fails', async () => {
  server.use(failNext('get', API_PATHS.serverHealth(SERVER_ID), 502));
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  expect(await within(panel()).findByText("Couldn't check the bot right now")).toBeInTheDocument();
  await userEvent.click(within(panel()).getByRole('button', { name: 'Check again' }));
  expect(await within(panel()).findByText('Everything looks good')).toBeInTheDocument();
});

it('says when to check again after too many checks, in the API’s words', async () => {
  server.use(
    failNext(
      'get',
      API_PATHS.serverHealth(SERVER_ID),
      429,
      'Too many requests: try again in 1 minute.',
    ),
  );
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  expect(
    await within(panel()).findByText('Too many requests: try again in 1 minute.'),
  ).toBeInTheDocument();
  expect(within(panel()).queryByText(/Discord did not answer/)).not.toBeInTheDocument();
});

it('gives the keyboard back to "Check again" once the new check is in', async () => {
  const stop = blurControlsWhenDisabled();
  const user = userEvent.setup();
  renderWithProviders(<BotHealthPanel serverId={SERVER_ID} />);
  expect(await within(panel()).findByText('Everything looks good')).toBeInTheDocument();
  const button = within(panel()).getByRole('button', { name: 'Check again' });
  await user.tab();
  expect(button).toHaveFocus();
  record().bot_permissions.manage_roles = false;
  await user.keyboard('{Enter}');
  expect(
    await within(panel()).findByText(
      'The RoConnect bot does not have the Manage Roles permission.',
    ),
  ).toBeInTheDocument();
  expect(button).toHaveFocus();
  stop();
});
