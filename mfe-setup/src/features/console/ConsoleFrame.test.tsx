import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SERVER_CONSOLE_SECTIONS,
  setNavigator,
  type ServerConsoleSection,
} from '@roconnect/shared-lib';
import {
  SEED_SERVERS,
  renderWithProviders,
  setupMockServer,
  signIn,
} from '@roconnect/shared-lib/testing';
import { ConsoleFrame } from './ConsoleFrame';
import { textsOf } from '../../testing/textsOf';

setupMockServer();
const SERVER_ID = SEED_SERVERS.ownerReady;
const navigateTo = jest.fn();

beforeEach(() => {
  signIn();
  setNavigator(navigateTo);
});
afterEach(() => {
  setNavigator(null);
  navigateTo.mockReset();
});

function renderFrame(section: ServerConsoleSection) {
  const view = renderWithProviders(
    <ConsoleFrame serverId={SERVER_ID} serverName="Demo Builders Club" section={section}>
      <p>The section</p>
    </ConsoleFrame>,
  );
  return { ...view, user: userEvent.setup() };
}

const nav = () => screen.getByRole('navigation', { name: 'Server settings' });

it("titles the page with the server's name and the section, beside the section itself", () => {
  renderFrame('audit');
  expect(screen.getByRole('heading', { level: 1, name: 'Demo Builders Club' })).toBeVisible();
  expect(screen.getByText('Audit log', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByText('The section')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Back to Dashboard' })).toBeInTheDocument();
});

it('lists every section by its address and marks the current one, and only it', async () => {
  const { user } = renderFrame('binds');
  const links = within(nav()).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
    SERVER_CONSOLE_SECTIONS.map((row) => [
      row.label,
      row.section === 'overview'
        ? `/server/edit/${SERVER_ID}`
        : `/server/edit/${SERVER_ID}/${row.section}`,
    ]),
  );
  expect(within(nav()).getByRole('link', { current: 'page' })).toHaveTextContent('Role binds');
  expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);

  await user.click(within(nav()).getByRole('link', { name: 'Audit log' }));
  expect(navigateTo).toHaveBeenCalledWith(`/server/edit/${SERVER_ID}/audit`, {});
});

it('follows the section it is handed: the mark moves with the address', () => {
  const { rerender } = renderFrame('overview');
  expect(within(nav()).getByRole('link', { current: 'page' })).toHaveTextContent('Overview');
  rerender(
    <ConsoleFrame serverId={SERVER_ID} serverName="Demo Builders Club" section="developers">
      <p>The section</p>
    </ConsoleFrame>,
  );
  expect(within(nav()).getByRole('link', { current: 'page' })).toHaveTextContent('Developers');
});

it('is a menu on phones: a button that opens and closes the list, and Escape puts the focus back', async () => {
  const { user } = renderFrame('members');
  const button = within(nav()).getByRole('button', { name: 'Section: Members & updates' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveAttribute('aria-controls', within(nav()).getByRole('list').id);
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();

  await user.click(button);
  await user.click(within(nav()).getByRole('link', { name: 'Discord' }));
  expect(navigateTo).toHaveBeenCalledWith(`/server/edit/${SERVER_ID}/discord`, {});
  expect(button).toHaveAttribute('aria-expanded', 'false');
});

it('switches to another server it manages where the bot is, keeping the section', async () => {
  const { user } = renderFrame('audit');
  const switcher = await screen.findByRole('button', { name: 'Switch server' });
  await user.click(switcher);
  const servers = screen.getByRole('list', { name: 'Your servers' });
  // not this server, not one without the bot, not one the user does not manage
  expect(textsOf(servers, 'link')).toEqual(['Demo Racing League']);
  const other = within(servers).getByRole('link', { name: 'Demo Racing League' });
  expect(other).toHaveAttribute('href', `/server/edit/${SEED_SERVERS.ownerSetupIncomplete}/audit`);
  await user.click(other);
  expect(navigateTo).toHaveBeenCalledWith(
    `/server/edit/${SEED_SERVERS.ownerSetupIncomplete}/audit`,
    {},
  );
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Your servers' })).toBeNull());
});

it('closes the server list with Escape, and on a click elsewhere', async () => {
  const { user } = renderFrame('overview');
  const switcher = await screen.findByRole('button', { name: 'Switch server' });
  await user.click(switcher);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('list', { name: 'Your servers' })).toBeNull();
  expect(switcher).toHaveFocus();
  await user.click(switcher);
  await user.click(screen.getByText('The section'));
  expect(screen.queryByRole('list', { name: 'Your servers' })).toBeNull();
});
