import { repulsion, squareLayouts } from './squareLayout';

describe('squareLayouts', () => {
  it('lays out 15 squares inside the viewport by default', () => {
    const layouts = squareLayouts();
    expect(layouts).toHaveLength(15);
    layouts.forEach(({ left, top }) => {
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBeLessThan(100);
      expect(top).toBeGreaterThanOrEqual(0);
      expect(top).toBeLessThan(100);
    });
  });
});

describe('repulsion', () => {
  it('pushes harder the closer the pointer is, and not at all beyond 150 px', () => {
    const center = { x: 0, y: 0 };
    const near = repulsion(center, { x: 30, y: 0 })!;
    const far = repulsion(center, { x: 140, y: 0 })!;
    expect(near.x).toBeLessThan(far.x);
    expect(far.x).toBeLessThan(0);
    expect(repulsion(center, { x: 150, y: 0 })).not.toBeNull();
    expect(repulsion(center, { x: 150.5, y: 0 })).toBeNull();
  });
});
