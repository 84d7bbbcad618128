import styled from 'styled-components';
import { BRAND, BrandLockup } from '@roconnect/shared-lib';
import { AppLink } from '../navigation/AppLink';
import { SessionNav } from './SessionNav';

const Bar = styled.header`
  position: relative;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(6)};
  }
`;

const Brand = styled(AppLink)`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.colors.text};
  font-size: 1.25rem;
  font-weight: 800;
  text-decoration: none;
  border-radius: ${({ theme }) => theme.radius.sm};
`;

/** The top bar of the public pages: the product name (home) and the visitor's session. */
export function SiteHeader() {
  return (
    <Bar>
      <Brand to="/" aria-label={`${BRAND.product} home`}>
        <BrandLockup />
      </Brand>
      <SessionNav />
    </Bar>
  );
}
