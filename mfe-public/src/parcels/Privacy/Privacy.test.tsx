import { screen, within } from '@testing-library/react';
import { session } from '@roconnect/shared-lib';
import {
  configureRuntime,
  renderWithProviders,
  setupMockServer,
} from '@roconnect/shared-lib/testing';
import { Privacy } from './Privacy';

setupMockServer();

describe('Privacy', () => {
  it('states the retention periods, the minimum age and the effective date', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(main.getByText('Effective date: 1 August 2025')).toBeInTheDocument();
    expect(
      main.getByRole('heading', { level: 2, name: 'How long we keep it' }),
    ).toBeInTheDocument();
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).toContain('deleted after 2 years of inactivity');
    expect(text).toContain('deleted after 7 days');
    expect(text).toContain('kept for 90 days');
    expect(text).toContain('at least 13 years old');
  });

  it('has the top bar and the footer of the public pages', async () => {
    await session.start();
    renderWithProviders(<Privacy />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(
      within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', {
        name: 'Terms of Service',
      }),
    ).toBeInTheDocument();
  });

  it('points Contact at the community server the deploy configured, and names it without one', async () => {
    await session.start();
    configureRuntime({
      footerLinks: { community: { url: 'https://chat.example/invite/xyz', label: 'Community' } },
    });
    const { unmount } = renderWithProviders(<Privacy />);
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'RoConnect community server' })).toHaveAttribute(
      'href',
      'https://chat.example/invite/xyz',
    );
    unmount();
    configureRuntime({ footerLinks: undefined });
    renderWithProviders(<Privacy />);
    expect(screen.getByRole('main')).toHaveTextContent(
      'Reach us in the RoConnect community server.',
    );
    expect(screen.queryByRole('link', { name: 'RoConnect community server' })).toBeNull();
  });
});
