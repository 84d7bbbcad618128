import styled from 'styled-components';

/**
 * A table of entries or figures: full width, a rule under each row. Each table extends it with its
 * cells' room and alignment.
 */
export const DataTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  th,
  td {
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
