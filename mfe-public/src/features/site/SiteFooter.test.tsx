import { screen, within } from '@testing-library/react';
import { configureRuntime, renderWithProviders } from '@roconnect/shared-lib/testing';
import { SiteFooter } from './SiteFooter';

afterEach(() => configureRuntime({ footerLinks: undefined }));

const footerLinks = () =>
  within(screen.getByRole('navigation', { name: 'Footer' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('SiteFooter', () => {
  it('links to the community and social addresses the deploy configured (config.json), in a new tab', () => {
    configureRuntime({
      footerLinks: {
        community: { url: 'https://chat.example/invite/abc', label: 'Our community' },
        social: { url: 'https://social.example/@roconnect', label: 'RoConnect elsewhere' },
      },
    });
    renderWithProviders(<SiteFooter />);
    expect(footerLinks()).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Our community (opens in a new tab)', 'https://chat.example/invite/abc'],
      ['RoConnect elsewhere (opens in a new tab)', 'https://social.example/@roconnect'],
    ]);
    const community = screen.getByRole('link', { name: /Our community/ });
    expect(community).toHaveAttribute('target', '_blank');
    expect(community).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows only the legal pages when the deploy names no other link', () => {
    renderWithProviders(<SiteFooter />);
    expect(footerLinks()).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]);
  });

  it('shows the one link configured', () => {
    configureRuntime({
      footerLinks: { social: { url: 'https://social.example/@rc', label: 'Follow us' } },
    });
    renderWithProviders(<SiteFooter />);
    expect(footerLinks().map(([label]) => label)).toEqual([
      'Privacy Policy',
      'Terms of Service',
      'Follow us (opens in a new tab)',
    ]);
  });
});
