import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API_PATHS, loginCheck, session } from '@roconnect/shared-lib';
import {
  DEMO_USER,
  renderWithProviders,
  setupRemoteTest,
  toastMessages,
} from '@roconnect/shared-lib/testing';
import { DeleteAccountSection } from './DeleteAccountSection';

const { server, db, navigate, externalRedirects } = setupRemoteTest({ signedIn: true });

const SIGN_IN_AGAIN =
  'Sign in again to delete your account: your last sign-in was more than 10 minutes ago.';

/** The API's refusal of a session signed in too long ago, as the API answers it. */
const signedInTooLongAgo = () =>
  HttpResponse.json(
    { success: false, error: 'sign_in_again', message: SIGN_IN_AGAIN },
    { status: 403 },
  );

beforeEach(() => sessionStorage.clear());

async function confirmDeletion() {
  renderWithProviders(<DeleteAccountSection />);
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.type(within(dialog).getByLabelText('Type DELETE to confirm'), 'DELETE');
  await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
  return { user, dialog };
}

it('says a sign-in too long ago is why, and Sign in again goes through Discord and back here', async () => {
  let deletes = 0;
  server.use(
    http.delete(`*${API_PATHS.deleteAccount}`, () => {
      deletes += 1;
      return signedInTooLongAgo();
    }),
  );
  const { user, dialog } = await confirmDeletion();

  expect(await within(dialog).findByText(SIGN_IN_AGAIN)).toBeInTheDocument();
  expect(deletes).toBe(1);
  // not deleted, still signed in, nowhere else
  expect(db.users.some((u) => u.id === DEMO_USER.id)).toBe(true);
  expect(session.isAuthenticated()).toBe(true);
  expect(navigate).not.toHaveBeenCalled();
  // the field is not blamed: the sign-in is what is wrong
  expect(within(dialog).getByLabelText('Type DELETE to confirm')).toHaveAccessibleDescription(
    'Capital letters, as shown.',
  );

  await user.click(within(dialog).getByRole('button', { name: 'Sign in again' }));
  await waitFor(() => expect(externalRedirects).toHaveBeenCalledTimes(1));
  expect(externalRedirects.mock.calls[0]![0]).toMatch(/^https?:\/\//);
  // the callback page comes back to the privacy page, not the dashboard
  expect(loginCheck.takeReturnPath()).toBe('/account/privacy');
});

it('says so when the sign-in cannot be started, and stays', async () => {
  server.use(
    http.delete(`*${API_PATHS.deleteAccount}`, signedInTooLongAgo),
    http.get(`*${API_PATHS.discordUrl}`, () =>
      HttpResponse.json({ success: false, error: 'x', message: 'down' }, { status: 500 }),
    ),
  );
  const { user, dialog } = await confirmDeletion();
  await user.click(await within(dialog).findByRole('button', { name: 'Sign in again' }));
  await waitFor(() =>
    expect(toastMessages()).toContain('error: Failed to get Discord auth URL. Please try again.'),
  );
  expect(externalRedirects).not.toHaveBeenCalled();
});

it('a fresh sign-in deletes as before; closing the dialog forgets an earlier refusal', async () => {
  let refuse = true;
  server.use(
    http.delete(`*${API_PATHS.deleteAccount}`, () => (refuse ? signedInTooLongAgo() : undefined)),
  );
  const { user, dialog } = await confirmDeletion();
  expect(await within(dialog).findByText(SIGN_IN_AGAIN)).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

  refuse = false;
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const again = screen.getByRole('dialog', { name: 'Delete your account?' });
  expect(within(again).queryByText(SIGN_IN_AGAIN)).not.toBeInTheDocument();
  await user.type(within(again).getByLabelText('Type DELETE to confirm'), 'DELETE{Enter}');
  await waitFor(() => expect(navigate).toHaveBeenCalledWith('/', { replace: true }));
  expect(db.users.some((u) => u.id === DEMO_USER.id)).toBe(false);
  expect(toastMessages()).toContain('success: Your account was deleted');
});
