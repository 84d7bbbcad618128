import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { LINKED_ROLES_ROUTES } from '@roconnect/shared-lib';
import {
  DEMO_USER,
  renderWithProviders,
  setupRemoteTest,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { LinkedRoles, fieldValue } from './LinkedRoles';

// shared-lib's mock API: the demo user's DemoBuilder account is verified, so it is shared
const { server, db, externalRedirects } = setupRemoteTest({ signedIn: true });
const STATUS = `*${LINKED_ROLES_ROUTES.linkedRoles.path}`;

const fail = (status: number, error: string, message: string) =>
  HttpResponse.json({ success: false, error, message }, { status });

const connection = () => screen.getByRole('region', { name: 'Your connection' });

async function openPage(query?: Record<string, string>) {
  renderWithProviders(<LinkedRoles query={query} />);
  await within(connection()).findByText(/^(Connected|Not connected)$/);
  return userEvent.setup();
}

it('shows Connected and what is shared, by the names server owners pick', async () => {
  db.robloxUsers = {
    ...db.robloxUsers,
    '3000001': { ...db.robloxUsers!['3000001']!, created: '2019-03-04T00:00:00.000Z' },
  };
  await openPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Linked Roles' })).toBeInTheDocument();
  expect(within(connection()).getByText('Connected')).toBeInTheDocument();
  expect(connection()).toHaveTextContent('for your Roblox account DemoBuilder');
  const shared = within(connection()).getByLabelText('Shared with Discord');
  expect(
    within(shared)
      .getAllByRole('term')
      .map((t) => t.textContent),
  ).toEqual(['Verified with Roblox', 'Roblox account age (days)']);
  expect(within(shared).getAllByRole('definition')[0]).toHaveTextContent('Yes');
  expect(within(shared).getAllByRole('definition')[1]).toHaveTextContent(
    /days \(created 4 March 2019\)$/,
  );
});

it('says nothing is shared yet for a member with no verified account', async () => {
  db.linkedAccounts = db.linkedAccounts.filter((a) => a.owner_id !== DEMO_USER.id);
  await openPage();
  expect(connection()).toHaveTextContent('Nothing is shared yet.');
  expect(within(connection()).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
});

it('disconnects only after the confirmation, then shows Not connected', async () => {
  const user = await openPage();
  await user.click(within(connection()).getByRole('button', { name: 'Disconnect' }));
  const dialog = screen.getByRole('dialog', { name: 'Disconnect Linked Roles?' });
  expect(db.linkedRolesOff ?? []).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(db.linkedRolesOff ?? []).toEqual([]);

  await user.click(within(connection()).getByRole('button', { name: 'Disconnect' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disconnect' }));
  expect(await within(connection()).findByText('Not connected')).toBeInTheDocument();
  expect(connection()).toHaveTextContent('You disconnected Linked Roles.');
  expect(db.linkedRolesOff).toEqual([DEMO_USER.id]);
  expect(toastMessages()).toContain('success: Linked Roles disconnected');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it('keeps the dialog open and names the failure when Discord refuses', async () => {
  server.use(
    http.delete(STATUS, () =>
      fail(
        502,
        'discord_failed',
        'Discord did not empty your Linked Roles connection, so nothing changed. Please try again in a moment.',
      ),
    ),
  );
  const user = await openPage();
  await user.click(within(connection()).getByRole('button', { name: 'Disconnect' }));
  const dialog = screen.getByRole('dialog', { name: 'Disconnect Linked Roles?' });
  await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
  expect(
    await within(dialog).findByText(
      'Failed to disconnect. Discord did not empty your Linked Roles connection, so nothing changed. Please try again in a moment.',
    ),
  ).toBeInTheDocument();
  expect(within(connection()).getByText('Connected')).toBeInTheDocument();
});

it('Connect sends the browser to the authorize URL the API gave', async () => {
  db.linkedRolesOff = [DEMO_USER.id];
  const user = await openPage();
  expect(connection()).toHaveTextContent('You disconnected Linked Roles.');
  await user.click(within(connection()).getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
  expect(externalRedirects.mock.calls[0]![0]).toMatch(
    /^https:\/\/discord\.com\/oauth2\/authorize\?.*scope=identify\+guilds\+role_connections\.write/,
  );
});

it('says why a member whose sign-in predates the permission is not connected', async () => {
  server.use(
    http.get(STATUS, () =>
      HttpResponse.json({
        success: true,
        data: { connected: false, reason: 'no_grant', account: null, shared: [], written_at: null },
      }),
    ),
  );
  await openPage();
  expect(connection()).toHaveTextContent(
    "RoConnect does not have Discord's permission to share your Roblox verification yet.",
  );
});

it('back from Discord: says it connected, or why not, in fixed words only', async () => {
  const { unmount } = renderWithProviders(<LinkedRoles query={{ linked_roles: 'connected' }} />);
  expect(
    screen.getByText('Connected. Discord now has what is listed below.').closest('[role]'),
  ).toHaveAttribute('role', 'status');
  unmount();
  renderWithProviders(
    <LinkedRoles query={{ error: 'other_account', error_description: '<b>Click here</b>' }} />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent(
    'That Discord account is not the one you are signed in with.',
  );
  expect(screen.queryByText(/Click here/)).not.toBeInTheDocument();
});

it('says the connection failed to load and reads it again on Try Again', async () => {
  let failing = true;
  server.use(http.get(STATUS, () => (failing ? fail(500, 'failed', 'boom') : undefined)));
  renderWithProviders(<LinkedRoles />);
  expect(
    await within(connection()).findByText('Failed to load your Linked Roles connection.'),
  ).toBeInTheDocument();
  failing = false;
  await userEvent.setup().click(within(connection()).getByRole('button', { name: /try again/i }));
  expect(await within(connection()).findByText('Connected')).toBeInTheDocument();
});

it('reads a date value as days and the day it was made', () => {
  const field = { key: 'a', name: 'A', kind: 'date' as const, value: '2026-01-01T00:00:00.000Z' };
  expect(fieldValue(field, new Date('2026-01-11T12:00:00.000Z'))).toBe(
    '10 days (created 1 January 2026)',
  );
  expect(fieldValue({ ...field, kind: 'boolean', value: '0' })).toBe('No');
});
