import styled from 'styled-components';

/**
 * A list of cards: one column at 320 px, as many 260 px columns as fit above that. A short list
 * keeps a column's width for each card; with `$stretch` its cards widen to fill the row.
 */
export const CardGrid = styled.ul<{ $stretch?: boolean }>`
  display: grid;
  grid-template-columns: repeat(
    ${({ $stretch }) => ($stretch ? 'auto-fit' : 'auto-fill')},
    minmax(min(100%, 260px), 1fr)
  );
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
