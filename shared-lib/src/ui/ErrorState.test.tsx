import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { renderWithTheme } from './testUtils';

describe('ErrorState', () => {
  it('is an alert with the default title and the message', () => {
    renderWithTheme(<ErrorState message="Could not load your servers." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Could not load your servers.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('calls onRetry from the Try Again button', async () => {
    const onRetry = jest.fn();
    renderWithTheme(<ErrorState message="Network error" onRetry={onRetry} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('uses a custom title and retry label', () => {
    renderWithTheme(
      <ErrorState
        title="Authentication Error"
        message="No authorization data received."
        onRetry={() => {}}
        retryLabel="Back to Login"
      />,
    );
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('shows its title, description and action', () => {
    renderWithTheme(
      <EmptyState
        title="No Linked Accounts"
        description="Link a Roblox account to get started."
        action={<button type="button">Link Roblox Account</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
    expect(screen.getByText('Link a Roblox account to get started.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link Roblox Account' })).toBeInTheDocument();
  });
});
