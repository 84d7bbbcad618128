import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from './Checkbox';
import { controlled, renderWithTheme } from './testUtils';

const Consent = controlled(false, (checked, change, { disabled }: { disabled?: boolean }) => (
  <Checkbox
    label="Show my Roblox account"
    hint="Other members of your servers see it."
    checked={checked}
    disabled={disabled}
    onChange={change}
  />
));

describe('Checkbox', () => {
  it('is named by its label and described by its hint', () => {
    renderWithTheme(<Consent />);
    const box = screen.getByRole('checkbox', { name: 'Show my Roblox account' });
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription('Other members of your servers see it.');
  });

  it('toggles by its label and by Space, reporting each new state', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Consent onChange={onChange} />);
    await userEvent.click(screen.getByText('Show my Roblox account'));
    expect(screen.getByRole('checkbox')).toBeChecked();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(onChange.mock.calls).toEqual([[true], [false]]);
  });

  it('does nothing while disabled', async () => {
    const onChange = jest.fn();
    renderWithTheme(<Consent disabled onChange={onChange} />);
    await userEvent.click(screen.getByText('Show my Roblox account'));
    expect(screen.getByRole('checkbox')).not.toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });
});
