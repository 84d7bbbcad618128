import styled, { css } from 'styled-components';
import { spin, whenMotionAllowed } from './motion';
import { VisuallyHidden } from './VisuallyHidden';

/** The decorative spinning ring; hidden from assistive technology on its own. */
export const SpinnerRing = styled.span.attrs({ 'aria-hidden': true })<{ $size?: number }>`
  display: inline-block;
  flex-shrink: 0;
  width: ${({ $size = 20 }) => $size}px;
  height: ${({ $size = 20 }) => $size}px;
  border-radius: 50%;
  border: 2px solid currentColor;
  border-right-color: transparent;
  opacity: 0.9;
  ${whenMotionAllowed(css`
    animation: ${spin} 0.8s linear infinite;
  `)}
  @media (prefers-reduced-motion: reduce) {
    /* A static ring would read as "stuck"; a dashed one reads as "working" without moving. */
    border-style: dashed;
  }
`;

const SpinnerRoot = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: inherit;
`;

export interface SpinnerProps {
  label?: string;
  showLabel?: boolean;
  size?: number;
  className?: string;
}

export function Spinner({
  label = 'Loading...',
  showLabel = false,
  size,
  className,
}: SpinnerProps) {
  return (
    <SpinnerRoot role="status" className={className}>
      <SpinnerRing $size={size} />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </SpinnerRoot>
  );
}
