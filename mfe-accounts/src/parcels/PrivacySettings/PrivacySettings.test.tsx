import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, session } from '@roconnect/shared-lib';
import {
  DEMO_USER,
  SEED_SERVERS,
  renderWithProviders,
  setupRemoteTest,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { PrivacySettings } from './PrivacySettings';

// shared-lib's mock API: the demo user verified in Tycoon Fans (shown, the default) and was
// looked up there once with /whois
const { server, db, navigate } = setupRemoteTest({ signedIn: true });

const PRIVACY = `*${API_PATHS.privacy}`;
const EXPORT = `*${API_PATHS.exportAccount}`;
const USER = `*${API_PATHS.deleteAccount}`;

const fail = (status: number, message: string) =>
  HttpResponse.json({ success: false, error: 'failed', message }, { status });

/** The PUT bodies the page sends, answered by the shared handlers. */
let saves: unknown[];

beforeEach(() => {
  saves = [];
  server.use(
    http.put(PRIVACY, async ({ request }) => {
      saves.push(await request.clone().json());
      return undefined;
    }),
  );
  // a server the member chose for without verifying there: kept hidden
  db.privacy = {
    ...db.privacy!,
    choices: {
      [DEMO_USER.id]: { default_visible: true, servers: { [SEED_SERVERS.ownerReady]: false } },
    },
  };
});

const region = (name: string) => screen.getByRole('region', { name });

async function openPage() {
  renderWithProviders(<PrivacySettings />);
  await within(region('Who can see your Roblox account')).findByRole('checkbox', {
    name: 'Show in Tycoon Fans',
  });
  return userEvent.setup();
}

it('shows the default and each server’s choice, with keyboard-reachable labelled toggles', async () => {
  await openPage();
  expect(screen.getByRole('heading', { level: 1, name: 'Privacy & data' })).toBeInTheDocument();
  expect(
    screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
  ).toEqual([
    'Who can see your Roblox account',
    'Who looked you up',
    'Download my data',
    'Delete my account',
  ]);
  const consent = region('Who can see your Roblox account');
  expect(
    within(consent).getByRole('checkbox', {
      name: 'Show my Roblox account in new servers where I verify myself',
    }),
  ).toBeChecked();
  expect(within(consent).getByRole('checkbox', { name: 'Show in Tycoon Fans' })).toBeChecked();
  expect(
    within(consent).getByRole('checkbox', { name: 'Show in Demo Builders Club' }),
  ).not.toBeChecked();
  expect(
    within(consent).getByRole('checkbox', { name: 'Show in Demo Builders Club' }),
  ).toHaveAccessibleDescription('You have not verified here yourself.');
});

it('says that only the member’s own Verify counts, not roles the bot gives on its own', async () => {
  await openPage();
  expect(
    within(region('Who can see your Roblox account')).getByRole('checkbox', {
      name: 'Show my Roblox account in new servers where I verify myself',
    }),
  ).toHaveAccessibleDescription(
    'Only your own Verify counts: on the website, with the Verify button or /verify. Roles the bot gives you on its own (when you join, or when staff update you) show nothing unless you turn that server on below.',
  );
});

it('turns one server off with the keyboard and saves only that server', async () => {
  const user = await openPage();
  const toggle = screen.getByRole('checkbox', { name: 'Show in Tycoon Fans' });
  toggle.focus();
  await user.keyboard(' ');
  await waitFor(() => expect(toastMessages()).toContain('success: Privacy choice saved'));
  expect(saves).toEqual([
    { default_visible: true, servers: [{ server_id: SEED_SERVERS.memberWithBot, visible: false }] },
  ]);
  expect(toggle).not.toBeChecked();
});

it('saves the default for new servers', async () => {
  const user = await openPage();
  await user.click(
    screen.getByRole('checkbox', {
      name: 'Show my Roblox account in new servers where I verify myself',
    }),
  );
  await waitFor(() => expect(saves).toEqual([{ default_visible: false, servers: [] }]));
  expect(
    await screen.findByRole('checkbox', {
      name: 'Show my Roblox account in new servers where I verify myself',
      checked: false,
    }),
  ).toBeInTheDocument();
});

it('keeps the saved choice and says so when a save fails', async () => {
  server.use(http.put(PRIVACY, () => fail(500, 'boom')));
  const user = await openPage();
  const toggle = screen.getByRole('checkbox', { name: 'Show in Tycoon Fans' });
  await user.click(toggle);
  await waitFor(() =>
    expect(toastMessages()).toContain(
      'error: Failed to save your privacy choice. Please try again.',
    ),
  );
  expect(toggle).toBeChecked();
  expect(toggle).toBeEnabled();
});

it('says the choices failed to load and reads them again on Try Again', async () => {
  let failing = true;
  server.use(http.get(PRIVACY, () => (failing ? fail(500, 'boom') : undefined)));
  renderWithProviders(<PrivacySettings />);
  const consent = region('Who can see your Roblox account');
  expect(
    await within(consent).findByText('Failed to load your privacy choices.'),
  ).toBeInTheDocument();
  failing = false;
  await userEvent.setup().click(within(consent).getByRole('button', { name: /try again/i }));
  expect(
    await within(consent).findByRole('checkbox', { name: 'Show in Tycoon Fans' }),
  ).toBeInTheDocument();
});

it('lists who looked the member up, and says when nobody did', async () => {
  db.privacy!.lookups = [];
  await openPage();
  expect(
    await within(region('Who looked you up')).findByText('Nobody has looked you up'),
  ).toBeInTheDocument();
});

it('names each lookup: the member or the key, the server, and whether it was kept private', async () => {
  db.privacy!.lookups = [
    {
      id: 'l1',
      subject_user_id: DEMO_USER.id,
      server_id: SEED_SERVERS.ownerReady,
      server_name: 'Demo Builders Club',
      source: 'whois',
      actor_discord_id: '1',
      actor_name: 'Sam',
      api_key_id: null,
      shown: false,
      at: '2026-11-02T10:00:00.000Z',
    },
    {
      id: 'l2',
      subject_user_id: DEMO_USER.id,
      server_id: SEED_SERVERS.ownerReady,
      server_name: 'Demo Builders Club',
      source: 'api',
      actor_discord_id: null,
      actor_name: 'Game server',
      api_key_id: 'k1',
      shown: true,
      at: '2026-11-01T10:00:00.000Z',
    },
  ];
  await openPage();
  const list = await within(region('Who looked you up')).findByRole('list', {
    name: 'Lookups of your account',
  });
  expect(
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual([
    'Sam used /whois on you in Demo Builders Club (kept private)',
    'API key "Game server" looked you up in Demo Builders Club',
  ]);
});

it('downloads the data as the file the API names', async () => {
  const created: Blob[] = [];
  URL.createObjectURL = jest.fn((blob: Blob) => {
    created.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push(this.download);
  });
  const user = await openPage();
  await user.click(
    within(region('Download my data')).getByRole('button', { name: 'Download my data' }),
  );
  // the shared mock names the file by the day, as the API does
  await waitFor(() =>
    expect(clicked).toEqual([expect.stringMatching(/^roconnect-export-.+\.json$/)]),
  );
  const exported = JSON.parse(await created[0]!.text()) as Record<string, unknown>;
  expect(exported).toMatchObject({ format: 'roconnect-export-1', profile: { id: DEMO_USER.id } });
  expect(toastMessages()).toContain('success: Your data is downloading');
  click.mockRestore();
});

it('says so when the download fails', async () => {
  server.use(http.get(EXPORT, () => fail(429, 'Too many exports')));
  const user = await openPage();
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  await waitFor(() =>
    expect(toastMessages()).toContain('error: Failed to download your data. Please try again.'),
  );
});

it('deletes the account only once the word is typed, then signs out and goes home', async () => {
  const user = await openPage();
  await user.click(
    within(region('Delete my account')).getByRole('button', { name: 'Delete my account' }),
  );
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = within(dialog).getByRole('button', { name: 'Delete account' });
  expect(confirm).toBeDisabled();
  const field = within(dialog).getByLabelText('Type DELETE to confirm');
  await user.type(field, 'delete');
  expect(confirm).toBeDisabled();
  await user.clear(field);
  await user.type(field, 'DELETE{Enter}');

  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
  expect(db.users.some((user) => user.id === DEMO_USER.id)).toBe(false);
  expect(session.isAuthenticated()).toBe(false);
  expect(session.getState()).toMatchObject({ status: 'anonymous', signedOutTo: '/' });
  expect(toastMessages()).toContain('success: Your account was deleted');
});

it('keeps the member signed in and names the failure when the delete fails', async () => {
  server.use(http.delete(USER, () => fail(500, 'The database is unavailable.')));
  const user = await openPage();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
  await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
  expect(
    await within(dialog).findByText('Failed to delete your account. The database is unavailable.'),
  ).toBeInTheDocument();
  expect(session.isAuthenticated()).toBe(true);
  expect(navigate).not.toHaveBeenCalled();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});
