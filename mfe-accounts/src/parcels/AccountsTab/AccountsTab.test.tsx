import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, relativeTime, type LinkedAccount } from '@roconnect/shared-lib';
import {
  SEED_ACCOUNTS,
  failNext,
  renderWithProviders,
  setupRemoteTest,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { AccountsTab, NOT_CONFIGURED_MESSAGE } from './AccountsTab';

const { server, db, navigate, externalRedirects } = setupRemoteTest({ signedIn: true });

const account = (overrides: Partial<LinkedAccount> = {}): LinkedAccount => ({
  id: 'acc-1',
  roblox_id: '1',
  roblox_username: 'ShellGiven',
  roblox_display_name: 'Shell Given',
  roblox_avatar: null,
  linked_at: '2025-08-05T09:00:00.000Z',
  verified: false,
  verified_in: [],
  ...overrides,
});

function card(name: string) {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

describe('AccountsTab loading its own data (no shell props)', () => {
  it('shows a loading state, then each account with avatar initial, date, badge and actions', async () => {
    renderWithProviders(<AccountsTab />);
    expect(screen.getByText('Loading linked accounts...')).toBeInTheDocument();

    expect(
      await screen.findByRole('heading', { level: 3, name: 'DemoBuilder' }),
    ).toBeInTheDocument();
    const verified = card('DemoBuilder');
    expect(within(verified).getByRole('img', { name: 'DemoBuilder' })).toHaveTextContent('D');
    expect(
      within(verified).getByText(
        `Linked on ${new Date('2025-08-02T10:00:00.000Z').toLocaleDateString()}`,
      ),
    ).toBeInTheDocument();
    expect(
      within(verified).getByRole('list', { name: 'Servers DemoBuilder is verified in' }),
    ).toHaveTextContent(`Verified in Tycoon Fans · ${relativeTime('2025-08-02T10:05:00.000Z')}`);
    expect(within(card('DemoAlt')).getByText('Pending')).toBeInTheDocument();
    expect(
      within(verified).getByRole('button', { name: 'Verify in a Server' }),
    ).toHaveAccessibleDescription('DemoBuilder');
    expect(within(verified).getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Another Account' })).toBeInTheDocument();
    // another user's account is never listed
    expect(screen.queryByText('SomeoneElse')).not.toBeInTheDocument();
    // a tab inside the dashboard has no main landmark of its own
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('shows the avatar picture when the account has one', async () => {
    db.linkedAccounts[0]!.roblox_avatar = 'https://tr.rbxcdn.com/demo.png';
    renderWithProviders(<AccountsTab />);
    expect(await screen.findByRole('img', { name: 'DemoBuilder' })).toHaveAttribute(
      'src',
      'https://tr.rbxcdn.com/demo.png',
    );
  });

  it('shows the empty state with Link Roblox Account when nothing is linked', async () => {
    db.linkedAccounts = db.linkedAccounts.filter((a) => a.owner_id !== '1');
    renderWithProviders(<AccountsTab />);
    expect(await screen.findByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Roblox Account' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Another Account' })).not.toBeInTheDocument();
  });

  it('shows the not-configured notice and no link button when Roblox OAuth2 is not configured', async () => {
    db.robloxConfigured = false;
    renderWithProviders(<AccountsTab />);
    expect(
      await screen.findByText('Roblox OAuth2 is not configured. Please contact an administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'DemoBuilder' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Link .*Account/ })).not.toBeInTheDocument();
  });

  it('keeps the link buttons when the Roblox status call fails: unknown is not "not configured"', async () => {
    server.use(failNext('get', API_PATHS.robloxStatus, 500));
    renderWithProviders(<AccountsTab />);
    expect(await screen.findByRole('heading', { name: 'DemoBuilder' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Another Account' })).toBeEnabled();
    expect(screen.queryByText(NOT_CONFIGURED_MESSAGE)).not.toBeInTheDocument();
    expect(toastMessages()).toEqual([]);
  });

  it('shows an error state with Try Again when the accounts fail to load, and recovers', async () => {
    server.use(failNext('get', API_PATHS.linkedAccounts, 500));
    renderWithProviders(<AccountsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load dashboard data. Please try again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'DemoBuilder' })).toBeInTheDocument();
  });
});

describe('AccountsTab with the shell’s dashboard data', () => {
  it('renders the accounts it is given without loading them', async () => {
    let loaded = false;
    server.use(
      http.get(`*${API_PATHS.linkedAccounts}`, () => {
        loaded = true;
        return HttpResponse.json({ success: true, data: [] });
      }),
    );
    renderWithProviders(
      <AccountsTab accounts={[account()]} robloxConfigured onAccountsChange={jest.fn()} />,
    );
    expect(screen.getByRole('heading', { name: 'ShellGiven' })).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Another Account' })).toBeInTheDocument();
    expect(screen.queryByText('Loading linked accounts...')).not.toBeInTheDocument();
    expect(loaded).toBe(false);
  });

  it('keeps Link Roblox Account when the shell could not read the Roblox status (null)', async () => {
    renderWithProviders(
      <AccountsTab accounts={[]} robloxConfigured={null} onAccountsChange={jest.fn()} />,
    );
    expect(screen.queryByText(NOT_CONFIGURED_MESSAGE)).not.toBeInTheDocument();
    // the call itself reports a failure
    server.use(failNext('get', API_PATHS.robloxAuthUrl, 500));
    await userEvent.click(screen.getByRole('button', { name: 'Link Roblox Account' }));
    await waitFor(() =>
      expect(toastMessages()).toEqual([
        'error: Failed to start Roblox linking process. Please try again.',
      ]),
    );
  });

  it('shows the not-configured notice from the robloxConfigured prop', () => {
    renderWithProviders(
      <AccountsTab accounts={[]} robloxConfigured={false} onAccountsChange={jest.fn()} />,
    );
    expect(
      screen.getByText('Roblox OAuth2 is not configured. Please contact an administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link Roblox Account' })).not.toBeInTheDocument();
  });
});

describe('linking a Roblox account', () => {
  it('sends the browser to the Roblox consent URL from /roblox/auth-url', async () => {
    renderWithProviders(<AccountsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Another Account' }));
    await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
    expect(externalRedirects.mock.calls[0]![0]).toMatch(
      /^https:\/\/apis\.roblox\.com\/oauth\/v1\/authorize\?/,
    );
  });

  it('toasts the failure when the auth URL cannot be fetched', async () => {
    db.linkedAccounts = [];
    server.use(failNext('get', API_PATHS.robloxAuthUrl, 500));
    renderWithProviders(<AccountsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Link Roblox Account' }));
    await waitFor(() =>
      expect(toastMessages()).toEqual([
        'error: Failed to start Roblox linking process. Please try again.',
      ]),
    );
    expect(externalRedirects).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Link Roblox Account' })).toBeEnabled();
  });
});

describe('unlinking', () => {
  it('asks for confirmation, and Cancel keeps the account', async () => {
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoAlt' });
    await userEvent.click(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink Roblox account?' });
    expect(dialog).toHaveAccessibleDescription(/DemoAlt will no longer be linked/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(db.linkedAccounts.some((a) => a.id === SEED_ACCOUNTS.pending)).toBe(true);
    expect(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' })).toHaveFocus();
  });

  it('unlinks after confirmation: toast, account gone, the shell asked to reload', async () => {
    const onAccountsChange = jest.fn();
    const accounts = [account({ id: SEED_ACCOUNTS.pending, roblox_username: 'DemoAlt' })];
    renderWithProviders(
      <AccountsTab accounts={accounts} robloxConfigured onAccountsChange={onAccountsChange} />,
    );
    await userEvent.click(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlink account' }));

    await waitFor(() =>
      expect(toastMessages()).toEqual(['success: Account unlinked successfully!']),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'DemoAlt' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
    expect(onAccountsChange).toHaveBeenCalledTimes(1);
    expect(db.linkedAccounts.some((a) => a.id === SEED_ACCOUNTS.pending)).toBe(false);
  });

  it('reloads its own list after an unlink when the shell gave no data', async () => {
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoAlt' });
    await userEvent.click(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlink account' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'DemoAlt' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'DemoBuilder' })).toBeInTheDocument();
  });

  it('toasts the failure and keeps the account when the unlink fails', async () => {
    server.use(failNext('delete', API_PATHS.linkedAccount(':id'), 500));
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoAlt' });
    await userEvent.click(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlink account' }));
    await waitFor(() =>
      expect(toastMessages()).toEqual(['error: Failed to unlink account. Please try again.']),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'DemoAlt' })).toBeInTheDocument();
  });
});

it('Verify in a Server goes to /verify with that account preselected', async () => {
  renderWithProviders(<AccountsTab />);
  await screen.findByRole('heading', { name: 'DemoAlt' });
  await userEvent.click(
    within(card('DemoAlt')).getByRole('button', { name: 'Verify in a Server' }),
  );
  expect(navigate).toHaveBeenCalledWith(`/verify?account_id=${SEED_ACCOUNTS.pending}`, {});
});
