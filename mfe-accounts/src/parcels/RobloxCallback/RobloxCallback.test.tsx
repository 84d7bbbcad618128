import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@roconnect/shared-lib/testing';
import { recordNavigation } from '../../testSupport';
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
    expect(navigate).toHaveBeenCalledWith('/dashboard?roblox_linked=true', { replace: true });
  });

  it('says the authorization was cancelled for access_denied', async () => {
    renderCallback({
      error: 'access_denied',
      error_description: 'The Roblox authorization was cancelled.',
    });
    await expectError(
      'Roblox authorization was cancelled. You can try linking your account again from the dashboard.',
    );
  });

  it('says it was cancelled when the description says so', async () => {
    renderCallback({ error: 'user_aborted', error_description: 'User cancelled the request' });
    await expectError(
      'Roblox authorization was cancelled. You can try linking your account again from the dashboard.',
    );
  });

  it('shows the error and its description for other errors, e.g. an account linked to someone else', async () => {
    renderCallback({
      error: 'account_already_linked',
      error_description: 'This Roblox account is already linked to another Discord user.',
    });
    await expectError(
      'Roblox authentication failed: account_already_linked - This Roblox account is already linked to another Discord user.',
    );
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
    expect(navigate).toHaveBeenCalledWith('/dashboard', {});
  });
});
