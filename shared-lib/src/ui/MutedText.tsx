import styled from 'styled-components';

/**
 * A line in the muted colour with no margin of its own: a detail under a heading, a note.
 * `$wrapAnywhere` where it holds what a user named (a server's name), which may be one long word.
 */
export const MutedText = styled.p<{ $wrapAnywhere?: boolean }>`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ $wrapAnywhere }) => $wrapAnywhere && 'overflow-wrap: anywhere;'}
`;
