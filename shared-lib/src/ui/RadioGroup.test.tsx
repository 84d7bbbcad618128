import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RadioGroup } from './RadioGroup';
import { controlled, renderWithTheme } from './testUtils';

const formats = [
  { value: 'roblox_username', label: 'Roblox Username', description: 'e.g. builderman' },
  { value: 'roblox_display', label: 'Roblox Display Name' },
  { value: 'none', label: "Don't set nicknames" },
];

const NicknameChoice = controlled('roblox_username', (value, change) => (
  <RadioGroup
    name="nickname_format"
    legend="Nickname format"
    options={formats}
    value={value}
    onChange={change}
  />
));

describe('RadioGroup', () => {
  it('is a group named by its legend, with the current value checked and descriptions linked', () => {
    renderWithTheme(<NicknameChoice />);
    expect(screen.getByRole('group', { name: 'Nickname format' })).toBeInTheDocument();
    const username = screen.getByRole('radio', { name: 'Roblox Username' });
    expect(username).toBeChecked();
    expect(username).toHaveAccessibleDescription('e.g. builderman');
    expect(screen.getByRole('radio', { name: 'Roblox Display Name' })).not.toBeChecked();
  });

  it('selects an option when its card is clicked', async () => {
    const onChange = jest.fn();
    renderWithTheme(<NicknameChoice onChange={onChange} />);
    await userEvent.setup().click(screen.getByText("Don't set nicknames"));
    expect(onChange).toHaveBeenCalledWith('none');
    expect(screen.getByRole('radio', { name: "Don't set nicknames" })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Roblox Username' })).not.toBeChecked();
  });

  it('moves the selection with the arrow keys', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<NicknameChoice onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('radio', { name: 'Roblox Username' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(onChange).toHaveBeenLastCalledWith('roblox_display');
    expect(screen.getByRole('radio', { name: 'Roblox Display Name' })).toBeChecked();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Roblox Username' })).toBeChecked();
  });
});
