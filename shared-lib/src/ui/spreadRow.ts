import { css } from 'styled-components';

/**
 * A row whose items sit at its two ends (a heading and its actions, say), wrapping under one
 * another on a narrow screen.
 */
export const spreadRow = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
`;
