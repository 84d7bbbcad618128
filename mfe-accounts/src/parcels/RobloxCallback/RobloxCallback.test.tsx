import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { recordNavigation, renderWithProviders } from '@roconnect/shared-lib/testing';
import { RobloxCallback } from './RobloxCallback';

const navigate = recordNavigation();

function renderCallback(query: Record<string, string>) {
  return renderWithProviders(<RobloxCallback query={query} />);
}

async function expectError(message: string) {
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Roblox Linking Error' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(message);
  expect(navigate).not.toHaveBeenCalled();
}

describe('RobloxCallback', () => {
  it('shows the linking message and goes to the dashboard with the linked flag on success', () => {
    renderCallback({ code: 'success', state: 'linked' });
    expect(screen.getByText('Linking your Roblox account...')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts&roblox_linked=true', {
      replace: true,
    });
  });

  it.each([
    {
      title: 'says the authorization was cancelled for access_denied',
      query: {
        error: 'access_denied',
        error_description: 'The Roblox authorization was cancelled.',
      },
    },
    {
      title: 'says it was cancelled when the description says so',
      query: { error: 'user_aborted', error_description: 'User cancelled the request' },
    },
  ])('$title', async ({ query }) => {
    renderCallback(query);
    await expectError(
      'Roblox authorization was cancelled. You can try linking your account again from the dashboard.',
    );
  });

  it('says plainly that the account is linked elsewhere, and what to do', async () => {
    renderCallback({
      error: 'account_already_linked',
      error_description: 'This Roblox account is already linked to another Discord user.',
    });
    await expectError(
      'This Roblox account is already linked to another Discord account. To link it here, first sign in with that Discord account and unlink it from its dashboard.',
    );
  });

  it.each([
    ['browser_mismatch', 'This link was started in another browser. Please try again.'],
    [
      'invalid_state',
      'This link has expired or was already used. Please start linking again from the dashboard.',
    ],
    [
      'invalid_grant',
      'Roblox did not accept the authorization. Please try linking your account again.',
    ],
    ['roblox_unavailable', 'Roblox could not be reached. Please try again in a moment.'],
  ])('shows a fixed sentence for %s', async (error, message) => {
    renderCallback({ error, error_description: 'whatever the address says' });
    await expectError(message);
  });

  it('never shows the text of the address (content spoofing, S18)', async () => {
    renderCallback({
      error: 'Your_account_is_locked',
      error_description: 'Call +1 555 0100 to unlock it.',
    });
    await expectError(
      'Roblox authentication failed. Please try linking your account again from the dashboard.',
    );
    expect(screen.queryByText(/555|locked/)).not.toBeInTheDocument();
  });

  it('says no code was received when there is neither code nor error', async () => {
    renderCallback({});
    await expectError('No authorization code received from Roblox.');
  });

  it('calls any other code and state unexpected', async () => {
    renderCallback({ code: 'abc', state: 'xyz' });
    await expectError('Unexpected callback parameters.');
  });

  it('goes back to the dashboard from the error card', async () => {
    renderCallback({ code: 'success', state: 'other' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Dashboard' }));
    expect(navigate).toHaveBeenCalledWith('/dashboard?tab=accounts', {});
  });
});
