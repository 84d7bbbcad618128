import { useEffect, useMemo, useRef } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { BACKGROUND } from '@roconnect/shared-lib';
import { repulsion, squareLayouts } from './squareLayout';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';

const drifts = [
  keyframes`
    0%, 100% { transform: translate(0, 0) rotate(0deg); }
    50% { transform: translate(40px, -60px) rotate(90deg); }
  `,
  keyframes`
    0%, 100% { transform: translate(0, 0) rotate(0deg); }
    50% { transform: translate(-50px, 45px) rotate(-120deg); }
  `,
  keyframes`
    0%, 100% { transform: translate(0, 0) rotate(0deg); }
    33% { transform: translate(30px, 40px) rotate(60deg); }
    66% { transform: translate(-35px, -25px) rotate(150deg); }
  `,
];

const Layer = styled.div`
  position: fixed;
  inset: 0;
  z-index: 0;
  overflow: hidden;
  pointer-events: none;
`;

const Drift = styled.div<{ $path: 0 | 1 | 2; $still: boolean }>`
  position: absolute;
  ${({ $still, $path }) =>
    !$still &&
    css`
      @media (prefers-reduced-motion: no-preference) {
        animation: ${drifts[$path]} linear infinite;
      }
    `}
`;

const Square = styled.div`
  width: 100%;
  height: 100%;
  border: 2px solid rgba(88, 101, 242, 0.35);
  border-radius: ${({ theme }) => theme.radius.sm};
  background: rgba(88, 101, 242, 0.07);
  transition:
    transform 300ms ease-out,
    border-color 300ms ease-out,
    background-color 300ms ease-out;

  &[data-near='true'] {
    border-color: rgba(35, 165, 90, 0.6);
    background: rgba(35, 165, 90, 0.14);
  }
`;

/**
 * The landing's decorative background (docs/product.md › Landing): 15 drifting squares that move
 * away from the mouse within 150 px. Hidden from assistive technology; still under
 * prefers-reduced-motion.
 */
export function AnimatedBackground() {
  const reducedMotion = usePrefersReducedMotion();
  const layouts = useMemo(() => squareLayouts(BACKGROUND.squares), []);
  const squares = useRef<(HTMLDivElement | null)[]>([]);

  useEffect(() => {
    const all = () => squares.current.filter((square): square is HTMLDivElement => square !== null);
    const settle = () =>
      all().forEach((square) => {
        square.style.transform = '';
        square.removeAttribute('data-near');
      });
    if (reducedMotion) {
      settle();
      return;
    }
    // Transforms go through the CSSOM (not style attributes), which the shell's CSP allows.
    const react = (event: PointerEvent | MouseEvent) => {
      const pointer = { x: event.clientX, y: event.clientY };
      all().forEach((square) => {
        const box = square.getBoundingClientRect();
        const push = repulsion(
          { x: box.left + box.width / 2, y: box.top + box.height / 2 },
          pointer,
        );
        if (push) {
          square.style.transform = `translate(${push.x.toFixed(1)}px, ${push.y.toFixed(1)}px) scale(1.15)`;
          square.setAttribute('data-near', 'true');
        } else if (square.hasAttribute('data-near')) {
          square.style.transform = '';
          square.removeAttribute('data-near');
        }
      });
    };
    window.addEventListener('mousemove', react, { passive: true });
    document.documentElement.addEventListener('mouseleave', settle);
    return () => {
      window.removeEventListener('mousemove', react);
      document.documentElement.removeEventListener('mouseleave', settle);
    };
  }, [reducedMotion]);

  return (
    <Layer
      aria-hidden="true"
      data-testid="animated-background"
      data-motion={reducedMotion ? 'reduced' : 'full'}
    >
      {layouts.map((layout, index) => (
        <Drift
          key={index}
          $path={layout.path}
          $still={reducedMotion}
          style={{
            left: `${layout.left}%`,
            top: `${layout.top}%`,
            width: layout.sizePx,
            height: layout.sizePx,
            animationDuration: `${layout.driftSeconds}s`,
            animationDelay: `${layout.delaySeconds}s`,
          }}
        >
          <Square
            data-square=""
            ref={(element) => {
              squares.current[index] = element;
            }}
          />
        </Drift>
      ))}
    </Layer>
  );
}
