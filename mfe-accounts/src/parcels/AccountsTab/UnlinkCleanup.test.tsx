import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { relativeTime } from '@roconnect/shared-lib';
import {
  SEED_ACCOUNTS,
  SEED_SERVERS,
  renderWithProviders,
  setupRemoteTest,
} from '@roconnect/shared-lib/testing';
import { AccountsTab } from './AccountsTab';
import { REMOVE_ROLES_LABEL } from './UnlinkDialog';

const { server, db } = setupRemoteTest({ signedIn: true });

const card = (name: string) =>
  screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

function recordUnlinkUrls(): string[] {
  const urls: string[] = [];
  server.use(
    http.delete('*/api/v1/dashboard/user/linked-account/:id', ({ request }) => {
      urls.push(new URL(request.url).search);
      return undefined;
    }),
  );
  return urls;
}

describe('Accounts tab: where each account is verified', () => {
  it('lists each server with a relative time and the exact date in its title', async () => {
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoBuilder' });
    const list = within(card('DemoBuilder')).getByRole('list', {
      name: 'Servers DemoBuilder is verified in',
    });
    const time = within(list).getByText(relativeTime('2025-08-02T10:05:00.000Z'));
    expect(time).toHaveAttribute('datetime', '2025-08-02T10:05:00.000Z');
    expect(time.getAttribute('title')).toMatch(/2025/);
    // an account verified nowhere stays Pending
    expect(within(card('DemoAlt')).getByText('Pending')).toBeInTheDocument();
  });
});

describe('Unlink clean-up', () => {
  it('offers to remove the roles, lists the servers, and shows what was removed', async () => {
    db.servers.find((s) => s.server_id === SEED_SERVERS.memberWithBot)!.member_roles['1'] = [
      '200000000000000041',
    ];
    const urls = recordUnlinkUrls();
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoBuilder' });
    await userEvent.click(within(card('DemoBuilder')).getByRole('button', { name: 'Unlink' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlink Roblox account?' });
    expect(
      within(dialog).getByRole('list', { name: 'Servers this account is verified in' }),
    ).toHaveTextContent('Tycoon Fans');
    const box = within(dialog).getByRole('checkbox', { name: REMOVE_ROLES_LABEL });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink account' }));

    const done = await screen.findByRole('dialog', { name: 'Account unlinked' });
    expect(within(done).getByRole('list', { name: 'What was removed' })).toHaveTextContent(
      'Tycoon Fans: removed Verified; nickname reset.',
    );
    expect(urls).toEqual(['?remove_roles=true']);
    await userEvent.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'DemoBuilder' })).not.toBeInTheDocument(),
    );
  });

  it('unlinks without clean-up when the box stays unticked', async () => {
    const urls = recordUnlinkUrls();
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoBuilder' });
    await userEvent.click(within(card('DemoBuilder')).getByRole('button', { name: 'Unlink' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unlink account' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(urls).toEqual(['']);
    expect(db.linkedAccounts.some((a) => a.id === SEED_ACCOUNTS.verified)).toBe(false);
  });

  it('does not offer clean-up for an account verified nowhere', async () => {
    renderWithProviders(<AccountsTab />);
    await screen.findByRole('heading', { name: 'DemoAlt' });
    await userEvent.click(within(card('DemoAlt')).getByRole('button', { name: 'Unlink' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
