import type { HTMLAttributes } from 'react';
import styled from 'styled-components';
import { toneColor, toneWash, type Tone } from './tones';

export type BadgeTone = Tone;

const StyledBadge = styled.span<{ $tone: BadgeTone }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)};
  padding: 2px ${({ theme }) => theme.space(2.5)};
  border-radius: ${({ theme }) => theme.radius.pill};
  border: 1px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  background: ${({ theme, $tone }) => toneWash(theme, $tone)};
  /* Light text on the tone's wash: the tone colour itself on its own wash falls below 4.5:1. */
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.75rem;
  font-weight: 600;
  line-height: 1.4;
  white-space: nowrap;
`;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
}

export function Badge({ tone = 'neutral', ...rest }: BadgeProps) {
  return <StyledBadge {...rest} $tone={tone} />;
}
