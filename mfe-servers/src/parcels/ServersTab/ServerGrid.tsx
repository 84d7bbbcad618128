import styled from 'styled-components';

/** One column at 320 px, as many 260 px columns as fit above that. */
export const ServerGrid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
