import styled from 'styled-components';

/** Centred, width-capped main content; `as` another element when the page already has a main. */
export const PageContainer = styled.main`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  }
`;
