import { screen } from '@testing-library/react';
import { Banner } from './Banner';
import { Spinner } from './Spinner';
import { LoadingState } from './LoadingState';
import { renderWithTheme } from './testUtils';

describe('Banner', () => {
  it('is a polite status for a warning', () => {
    renderWithTheme(<Banner tone="warning">Your Discord session has expired.</Banner>);
    expect(screen.getByRole('status')).toHaveTextContent('Your Discord session has expired.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is an alert for an error', () => {
    renderWithTheme(<Banner tone="error">Roblox OAuth2 is not configured.</Banner>);
    expect(screen.getByRole('alert')).toHaveTextContent('Roblox OAuth2 is not configured.');
  });
});

describe('Spinner and LoadingState', () => {
  it('names the status for screen readers with the default label', () => {
    renderWithTheme(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('shows the loading text in a LoadingState', () => {
    renderWithTheme(<LoadingState label="Loading dashboard..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard...');
    expect(screen.getByText('Loading dashboard...')).toBeVisible();
  });
});
