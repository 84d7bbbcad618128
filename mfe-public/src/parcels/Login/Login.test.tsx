import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_PATHS, session } from '@roconnect/shared-lib';
import {
  failNext,
  renderWithProviders,
  setupRemoteTest,
  signIn,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { Login } from './Login';

const { server, navigate, externalRedirects } = setupRemoteTest();
/** Where the visitor was sent, and whether it replaced the page in the history. */
const navigations = () =>
  navigate.mock.calls.map(([to, options]) => ({ to, replace: options?.replace }));

describe('Login', () => {
  it('shows the welcome, the Discord button and links to the terms and privacy pages', async () => {
    await session.start();
    renderWithProviders(<Login />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to your account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(toastMessages()).toEqual([]);
  });

  it('the legal links go through the shell router', async () => {
    await session.start();
    renderWithProviders(<Login />);
    await userEvent.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(navigations()).toEqual([{ to: '/privacy', replace: undefined }]);
  });

  it('Continue with Discord requests the auth URL and sends the browser there', async () => {
    await session.start();
    renderWithProviders(<Login />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
    expect(externalRedirects.mock.calls[0]![0]).toMatch(/^https?:\/\//);
    expect(toastMessages()).toEqual([]);
  });

  it('stays busy once the auth URL came, while the browser leaves: a second press asks for none', async () => {
    const asked: string[] = [];
    const record = ({ request }: { request: Request }) => asked.push(request.url);
    server.events.on('request:start', record);
    await session.start();
    renderWithProviders(<Login />);
    const button = screen.getByRole('button', { name: 'Continue with Discord' });
    await userEvent.click(button);
    await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    server.events.removeListener('request:start', record);
    expect(asked.filter((url) => url.endsWith(API_PATHS.discordUrl))).toHaveLength(1);
    expect(externalRedirects).toHaveBeenCalledTimes(1);
  });

  it('shows the error toast when the auth URL cannot be fetched, and lets the visitor try again', async () => {
    server.use(failNext('get', API_PATHS.discordUrl, 500));
    await session.start();
    renderWithProviders(<Login />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Discord' }));
    await waitFor(() =>
      expect(toastMessages()).toEqual(['error: Failed to get Discord auth URL. Please try again.']),
    );
    expect(externalRedirects).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Continue with Discord' })).toBeEnabled();
  });

  it('shows the yellow banner for message=discord_token_expired', async () => {
    await session.start();
    renderWithProviders(<Login query={{ message: 'discord_token_expired' }} />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your Discord session has expired. Please sign in again to continue.',
    );
  });

  it('shows error=<text> as an error toast, once', async () => {
    await session.start();
    const { rerender } = renderWithProviders(
      <Login query={{ error: 'Authentication was cancelled or failed.' }} />,
    );
    rerender(<Login query={{ error: 'Authentication was cancelled or failed.' }} />);
    expect(toastMessages()).toEqual(['error: Authentication was cancelled or failed.']);
  });

  it('sends a signed-in visitor to /dashboard', async () => {
    signIn();
    await session.start();
    renderWithProviders(<Login />);
    expect(navigations()).toEqual([{ to: '/dashboard', replace: true }]);
  });
});
