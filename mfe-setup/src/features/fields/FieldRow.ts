import styled from 'styled-components';

/**
 * A field with its buttons beside it, wrapping under it on a narrow screen: the field takes the
 * room left. Pass `as="form"` where the row is its own form.
 */
export const FieldRow = styled.div<{ $align?: 'flex-start' | 'flex-end' }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: ${({ $align = 'flex-end' }) => $align};
  > :first-child {
    flex: 1 1 16rem;
  }
`;
