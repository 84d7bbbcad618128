import styled from 'styled-components';

/** A section's fields one under another, with room between. */
export const FieldStack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;
