import styled from 'styled-components';
import { BRAND, VisuallyHidden, spreadRow } from '@roconnect/shared-lib';
import { AppLink } from '../navigation/AppLink';
import { footerLinks } from './externalLinks';

const Footer = styled.footer`
  position: relative;
  z-index: 1;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  margin-top: ${({ theme }) => theme.space(8)};
`;

const Inner = styled.div`
  ${spreadRow}
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(6)};
  }
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(5)};
  margin: 0;
  padding: 0;
  list-style: none;

  a {
    display: inline-block;
    padding: ${({ theme }) => theme.space(1)} 0;
  }
`;

/**
 * Footer of the public pages: the legal pages, and the community server and the social profile
 * the deploy's config.json names.
 */
export function SiteFooter() {
  const links = footerLinks();
  return (
    <Footer>
      <Inner>
        <p>
          © {new Date().getFullYear()} {BRAND.product}. Not affiliated with {BRAND.chat} or{' '}
          {BRAND.game}.
        </p>
        <nav aria-label="Footer">
          <Links>
            <li>
              <AppLink to="/privacy">Privacy Policy</AppLink>
            </li>
            <li>
              <AppLink to="/terms">Terms of Service</AppLink>
            </li>
            {(['community', 'social'] as const).map((name) => {
              const link = links[name];
              return (
                link && (
                  <li key={name}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {link.label}
                      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                    </a>
                  </li>
                )
              );
            })}
          </Links>
        </nav>
      </Inner>
    </Footer>
  );
}
