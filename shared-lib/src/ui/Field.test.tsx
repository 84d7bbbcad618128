import { screen } from '@testing-library/react';
import { Label, Select, TextInput } from './Field';
import { renderWithTheme } from './testUtils';

describe('TextInput and Select', () => {
  it('are valid and undescribed without an error', () => {
    renderWithTheme(
      <>
        <Label htmlFor="role">Verified role name</Label>
        <TextInput id="role" />
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Verified role name' });
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('mark themselves invalid and link the error and hint messages', () => {
    renderWithTheme(
      <>
        <Label htmlFor="group">Group</Label>
        <TextInput id="group" hint="An id or a group URL" error="Enter a group id or URL" />
        <Label htmlFor="format">Format</Label>
        <Select id="format" error="Pick a format">
          <option value="">Choose...</option>
        </Select>
      </>,
    );
    const input = screen.getByRole('textbox', { name: 'Group' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('An id or a group URL Enter a group id or URL');

    const select = screen.getByRole('combobox', { name: 'Format' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Pick a format');
  });
});
