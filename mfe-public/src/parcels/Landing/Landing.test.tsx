import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, api, session } from '@roconnect/shared-lib';
import {
  DEMO_FOOTER_LINKS,
  DEMO_USER,
  configureRuntime,
  failNext,
  networkErrorNext,
  renderWithProviders,
  setupRemoteTest,
  signIn,
} from '@roconnect/shared-lib/testing';
import { Landing } from './Landing';

const { server, navigate } = setupRemoteTest();
/** Where the visitor was sent, in order. */
const navigations = () => navigate.mock.calls.map(([to]) => to);

afterEach(() => {
  configureRuntime({ footerLinks: undefined });
  jest.restoreAllMocks();
});

/** The sentence with the counts (its numbers are elements of their own, for the shell's server). */
const counts = () => screen.getByText(/^Powering/);
async function expectCounts(text: string) {
  await waitFor(() => expect(counts()).toHaveTextContent(text));
}

async function renderAnonymous() {
  await session.start();
  return renderWithProviders(<Landing />);
}

describe('Landing', () => {
  it('shows the heading, the call to action and the three feature cards', async () => {
    await renderAnonymous();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Connect Discord & Roblox' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Linking' })).toHaveAttribute('href', '/login');
    for (const title of ['Secure Verification', 'Role Management', 'Instant Sync']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(/Discord's OAuth2/)).toBeInTheDocument();
    await expectCounts('Powering 1234 users and 56 servers');
  });

  it('Start Linking leads to the login through the shell router', async () => {
    await renderAnonymous();
    await userEvent.click(screen.getByRole('link', { name: 'Start Linking' }));
    expect(navigations()).toEqual(['/login']);
  });

  it('shows the counts from /api/bot-stats', async () => {
    await renderAnonymous();
    await expectCounts('Powering 1234 users and 56 servers');
  });

  it('shows the counts the page came with from its first render, without a call', async () => {
    const take = jest
      .spyOn(api.public, 'takeInlinedBotStats')
      .mockReturnValue({ total_users: 77, total_servers: 8 });
    const call = jest.spyOn(api.public, 'botStats');
    await renderAnonymous();
    expect(counts()).toHaveTextContent('Powering 77 users and 8 servers');
    expect(take).toHaveBeenCalledTimes(1);
    expect(call).not.toHaveBeenCalled();
  });

  it.each([
    ['Powering 1 user and 1 server', 1, 1],
    ['Powering 1 user and 2 servers', 1, 2],
    ['Powering 0 users and 1 server', 0, 1],
  ])('reads naturally: %s', async (text, users, servers) => {
    jest
      .spyOn(api.public, 'takeInlinedBotStats')
      .mockReturnValue({ total_users: users, total_servers: servers });
    await renderAnonymous();
    expect(counts()).toHaveTextContent(text);
  });

  it("marks each count and its noun for the shell's server (the markup prerenderedCounts reads)", async () => {
    jest
      .spyOn(api.public, 'takeInlinedBotStats')
      .mockReturnValue({ total_users: 0, total_servers: 1 });
    await renderAnonymous();
    // shell/test/prerenderedCounts.test.ts pins the same markup
    expect(counts().innerHTML).toBe(
      'Powering <span data-rc-bot-stat="total_users">0</span> ' +
        '<span data-rc-bot-noun="total_users" data-one="user">users</span> and ' +
        '<span data-rc-bot-stat="total_servers">1</span> ' +
        '<span data-rc-bot-noun="total_servers" data-one="server">server</span>',
    );
  });

  it('keeps the counts at 0 and only logs a warning when the stats call fails', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(failNext('get', API_PATHS.botStats, 500));
    await renderAnonymous();
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Bot stats could not be loaded', expect.anything()),
    );
    expect(counts()).toHaveTextContent('Powering 0 users and 0 servers');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the counts at 0 on a network failure too', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(networkErrorNext('get', API_PATHS.botStats));
    await renderAnonymous();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(counts()).toHaveTextContent('Powering 0 users and 0 servers');
  });

  it("shows the brand mark in the top bar's home link (the one the dashboard header shows)", async () => {
    await renderAnonymous();
    const home = screen.getByRole('link', { name: 'RoConnect home' });
    expect(home.querySelector('[data-rc-brand-mark]')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a Login link in the top bar to a visitor', async () => {
    await renderAnonymous();
    const account = screen.getByRole('navigation', { name: 'Account' });
    const login = within(account).getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '/login');
    expect(within(account).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(login);
    expect(navigations()).toEqual(['/login']);
  });

  it('shows the avatar initial, the username and a Dashboard link when signed in', async () => {
    signIn();
    await session.start();
    renderWithProviders(<Landing />);
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('img', { name: DEMO_USER.username })).toHaveTextContent('D');
    expect(within(account).getByText(DEMO_USER.username)).toBeInTheDocument();
    expect(within(account).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    await userEvent.click(within(account).getByRole('link', { name: 'Dashboard' }));
    expect(navigations()).toEqual(['/dashboard']);
  });

  it('builds the avatar from discord_id and avatar when the user has one', async () => {
    server.use(
      http.get(`*${API_PATHS.me}`, () =>
        HttpResponse.json({ success: true, data: { ...DEMO_USER, avatar: 'abc123' } }),
      ),
    );
    signIn();
    await session.start();
    renderWithProviders(<Landing />);
    expect(screen.getByRole('img', { name: DEMO_USER.username })).toHaveAttribute(
      'src',
      `https://cdn.discordapp.com/avatars/${DEMO_USER.discord_id}/abc123.png?size=128`,
    );
  });

  it('follows the session when the visitor signs out elsewhere', async () => {
    signIn();
    await session.start();
    renderWithProviders(<Landing />);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
    act(() => session.clear());
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('links to the legal pages, the community server and the social profile in the footer', async () => {
    configureRuntime({ footerLinks: DEMO_FOOTER_LINKS });
    await renderAnonymous();
    const footer = within(screen.getByRole('navigation', { name: 'Footer' }));
    expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(footer.getByRole('link', { name: /Discord community/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/discord\.gg\//),
    );
    expect(footer.getByRole('link', { name: /on X/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    );
    await userEvent.click(footer.getByRole('link', { name: 'Terms of Service' }));
    expect(navigations()).toEqual(['/terms']);
  });

  it('has the decorative background hidden from assistive technology', async () => {
    await renderAnonymous();
    const background = screen.getByTestId('animated-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(background.querySelectorAll('[data-square]')).toHaveLength(15);
  });
});
