import { screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';
import { ICON_NAMES } from './Icon';
import { renderWithTheme } from './testUtils';

describe('EmptyState', () => {
  it.each(ICON_NAMES)('draws the %s icon as a decorative SVG, never as a glyph', (name) => {
    const { container } = renderWithTheme(
      <EmptyState icon={name} title="No Linked Accounts" description="Link one first." />,
    );
    const icon = container.querySelector(`svg[data-icon="${name}"]`);
    expect(icon).not.toBeNull();
    expect(icon!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(container.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    expect(screen.getByRole('heading', { name: 'No Linked Accounts' })).toBeInTheDocument();
  });

  it('has no icon box without an icon', () => {
    const { container } = renderWithTheme(<EmptyState title="Nothing here" />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
