import { fireEvent, screen } from '@testing-library/react';
import { Avatar } from './Avatar';
import { renderWithTheme } from './testUtils';

describe('Avatar', () => {
  it('shows the image with the name as alt text when a src is given', () => {
    renderWithTheme(<Avatar src="https://cdn.example/a.png" name="Builderman" />);
    const image = screen.getByRole('img', { name: 'Builderman' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', 'https://cdn.example/a.png');
  });

  it.each([null, undefined, ''])('shows the initial when src is %p', (src) => {
    renderWithTheme(<Avatar src={src} name="roblox fan" />);
    const fallback = screen.getByRole('img', { name: 'roblox fan' });
    expect(fallback.tagName).not.toBe('IMG');
    expect(fallback).toHaveTextContent('R');
  });

  it('falls back to the initial when the image fails to load', () => {
    renderWithTheme(<Avatar src="https://cdn.example/broken.png" name="zed" />);
    fireEvent.error(screen.getByRole('img', { name: 'zed' }));
    const fallback = screen.getByRole('img', { name: 'zed' });
    expect(fallback.tagName).not.toBe('IMG');
    expect(fallback).toHaveTextContent('Z');
  });

  it('tries again when a failed avatar is given a new src', () => {
    const { rerender } = renderWithTheme(<Avatar src="https://cdn.example/old.png" name="zed" />);
    fireEvent.error(screen.getByRole('img', { name: 'zed' }));
    rerender(<Avatar src="https://cdn.example/new.png" name="zed" />);
    expect(screen.getByRole('img', { name: 'zed' })).toHaveAttribute(
      'src',
      'https://cdn.example/new.png',
    );
  });
});
