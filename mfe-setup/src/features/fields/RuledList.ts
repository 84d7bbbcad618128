import styled from 'styled-components';

/**
 * A list without bullets whose items are rows, wrapping on a narrow screen, with a rule above
 * each. Each list extends it with its own room and what its items hold.
 */
export const RuledList = styled.ul`
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
