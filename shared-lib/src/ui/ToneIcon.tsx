import styled from 'styled-components';
import { toneColor, type StatusTone } from './tones';

/** The round glyph that leads a banner or a toast, in its tone's colour. */
export const ToneIcon = styled.span<{ $tone: StatusTone }>`
  flex-shrink: 0;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => toneColor(theme, $tone)};
  color: ${({ theme }) => theme.colors.onTone};
  font-size: 0.8125rem;
  font-weight: 800;
`;
