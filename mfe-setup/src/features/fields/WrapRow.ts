import styled from 'styled-components';

export interface WrapRowProps {
  /** align-items, where the row sets it */
  $align?: 'center' | 'end' | 'flex-end' | 'flex-start';
  /** justify-content, where the row sets it */
  $justify?: 'flex-end' | 'space-between';
  /** the room between items, in theme spaces */
  $gap?: 2 | 3;
  /** the room above the row, in theme spaces, where it has some */
  $top?: number;
}

/**
 * Items side by side, wrapping under one another on a narrow screen: buttons, or a line of text
 * with its actions. A row with rules of its own extends it (`styled(WrapRow)`).
 */
export const WrapRow = styled.div<WrapRowProps>`
  display: flex;
  flex-wrap: wrap;
  ${({ $align }) => $align && `align-items: ${$align};`}
  ${({ $justify }) => $justify && `justify-content: ${$justify};`}
  gap: ${({ theme, $gap = 2 }) => theme.space($gap)};
  ${({ theme, $top }) => $top !== undefined && `margin-top: ${theme.space($top)};`}
`;
