import { screen, within } from '@testing-library/react';
import { session } from '@roconnect/shared-lib';
import { renderWithProviders, setupMockServer } from '@roconnect/shared-lib/testing';
import { Terms } from './Terms';

setupMockServer();

describe('Terms', () => {
  it('states the minimum age, the notice period for changes and the effective date', async () => {
    await session.start();
    renderWithProviders(<Terms />);
    const article = within(screen.getByRole('article'));
    expect(
      article.getByRole('heading', { level: 1, name: 'Terms of Service' }),
    ).toBeInTheDocument();
    expect(article.getByText('Effective date: 1 August 2025')).toBeInTheDocument();
    expect(
      article.getByRole('heading', { level: 2, name: 'Changes to these terms' }),
    ).toBeInTheDocument();
    const text = screen.getByRole('article').textContent ?? '';
    expect(text).toContain('at least 13 years old');
    expect(text).toContain("at least 30 days' notice of changes to these terms");
    expect(text).toContain('inactive accounts are deleted after 2 years');
    expect(article.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
  });
});
