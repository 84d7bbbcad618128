import { BACKGROUND } from '@roconnect/shared-lib';

export interface SquareLayout {
  /** position of the square's top-left corner, in % of the viewport */
  left: number;
  top: number;
  sizePx: number;
  driftSeconds: number;
  delaySeconds: number;
  /** which of the drift paths it follows */
  path: 0 | 1 | 2;
}

/**
 * A fixed, evenly spread layout: the same on every visit (stable screenshots, no layout shift on
 * re-render) yet irregular enough to look scattered. The golden angle spreads the squares out.
 */
export function squareLayouts(count: number = BACKGROUND.squares): SquareLayout[] {
  return Array.from({ length: count }, (_, index) => {
    const turn = (index * 137.508) % 360;
    return {
      left: (index * 61.8 + 7) % 92,
      top: (turn / 360) * 88 + 4,
      sizePx: 18 + ((index * 23) % 46),
      driftSeconds: 16 + ((index * 7) % 14),
      delaySeconds: -((index * 3.7) % 20),
      path: (index % 3) as 0 | 1 | 2,
    };
  });
}

/**
 * How far a square is pushed away from the pointer: nothing beyond the hover radius, more the
 * closer the pointer gets.
 */
export function repulsion(
  center: { x: number; y: number },
  pointer: { x: number; y: number },
  radiusPx: number = BACKGROUND.hoverRadiusPx,
  maxPushPx = 36,
): { x: number; y: number } | null {
  const dx = center.x - pointer.x;
  const dy = center.y - pointer.y;
  const distance = Math.hypot(dx, dy);
  if (distance > radiusPx) return null;
  if (distance === 0) return { x: 0, y: -maxPushPx };
  const strength = ((radiusPx - distance) / radiusPx) * maxPushPx;
  return { x: (dx / distance) * strength, y: (dy / distance) * strength };
}
