import { screen } from '@testing-library/react';
import { FieldGroup } from './FieldGroup';
import { renderWithTheme } from './testUtils';

it('is a group named by its legend, which screen readers read with each of its fields', () => {
  renderWithTheme(
    <FieldGroup aria-describedby="bind-error">
      <legend>Bind 2</legend>
      <label>
        Rank <input />
      </label>
      <p id="bind-error">Choose a role.</p>
    </FieldGroup>,
  );
  const group = screen.getByRole('group', { name: 'Bind 2' });
  expect(group).toHaveAccessibleDescription('Choose a role.');
  expect(screen.getByRole('textbox', { name: 'Rank' }).closest('fieldset')).toBe(group);
});
