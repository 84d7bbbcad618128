import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@roconnect/shared-lib/testing';
import { AnimatedBackground } from './AnimatedBackground';

function mockReducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

/** Puts every square at the same known box, since jsdom has no layout. */
function placeSquares(left: number, top: number, size = 20) {
  const squares = Array.from(document.querySelectorAll<HTMLElement>('[data-square]'));
  squares.forEach((square) => {
    square.getBoundingClientRect = () =>
      ({
        left,
        top,
        width: size,
        height: size,
        right: left + size,
        bottom: top + size,
        x: left,
        y: top,
      }) as DOMRect;
  });
  return squares;
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('AnimatedBackground', () => {
  it('draws 15 squares, hidden from assistive technology', () => {
    mockReducedMotion(false);
    renderWithProviders(<AnimatedBackground />);
    const background = screen.getByTestId('animated-background');
    expect(background).toHaveAttribute('aria-hidden', 'true');
    expect(background.querySelectorAll('[data-square]')).toHaveLength(15);
    expect(background).toHaveAttribute('data-motion', 'full');
  });

  it('pushes squares away from the mouse within 150 px, and only those', () => {
    mockReducedMotion(false);
    renderWithProviders(<AnimatedBackground />);
    const squares = placeSquares(100, 100);

    fireEvent.mouseMove(window, { clientX: 200, clientY: 110 });
    squares.forEach((square) => {
      expect(square).toHaveAttribute('data-near', 'true');
      expect(square.style.transform).toMatch(/translate\(-\d/);
    });

    // Centre at (110, 110): 151 px away is outside the radius.
    fireEvent.mouseMove(window, { clientX: 261, clientY: 110 });
    squares.forEach((square) => {
      expect(square).not.toHaveAttribute('data-near');
      expect(square.style.transform).toBe('');
    });
  });

  it('stands still and ignores the mouse under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    renderWithProviders(<AnimatedBackground />);
    expect(screen.getByTestId('animated-background')).toHaveAttribute('data-motion', 'reduced');
    const squares = placeSquares(100, 100);
    fireEvent.mouseMove(window, { clientX: 110, clientY: 110 });
    squares.forEach((square) => {
      expect(square).not.toHaveAttribute('data-near');
      expect(square.style.transform).toBe('');
    });
  });
});
