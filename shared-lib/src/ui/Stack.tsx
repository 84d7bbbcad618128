import type { CSSProperties, HTMLAttributes } from 'react';
import styled from 'styled-components';

interface StackStyleProps {
  $direction: 'row' | 'column';
  $gap: number;
  $align?: CSSProperties['alignItems'];
  $justify?: CSSProperties['justifyContent'];
  $wrap: boolean;
}

const StackRoot = styled.div<StackStyleProps>`
  display: flex;
  flex-direction: ${({ $direction }) => $direction};
  gap: ${({ theme, $gap }) => theme.space($gap)};
  align-items: ${({ $align }) => $align ?? 'stretch'};
  justify-content: ${({ $justify }) => $justify ?? 'flex-start'};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  min-width: 0;
`;

export interface StackProps extends HTMLAttributes<HTMLDivElement> {
  direction?: 'row' | 'column';
  /** In theme spacing units (1 = 4 px). */
  gap?: number;
  align?: CSSProperties['alignItems'];
  justify?: CSSProperties['justifyContent'];
  /** Rows wrap by default so they never overflow a narrow screen. */
  wrap?: boolean;
}

export function Stack({
  direction = 'column',
  gap = 3,
  align,
  justify,
  wrap,
  ...rest
}: StackProps) {
  return (
    <StackRoot
      {...rest}
      $direction={direction}
      $gap={gap}
      $align={align}
      $justify={justify}
      $wrap={wrap ?? direction === 'row'}
    />
  );
}
