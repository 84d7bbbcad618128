import styled from 'styled-components';

/** Two fields side by side from a tablet's width up, one under the other below it. */
export const TwoColumns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
  }
`;
