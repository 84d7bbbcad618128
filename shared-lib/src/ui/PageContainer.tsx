import styled from 'styled-components';

/**
 * Centred, width-capped page content. A plain block: the page's one <main> is the shell's (around
 * the routed page) or the QA harness's, so a parcel's page never holds a second one nested in
 * another landmark.
 */
export const PageContainer = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};

  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(6)};
  }
`;
