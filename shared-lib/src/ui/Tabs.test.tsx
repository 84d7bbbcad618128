import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TabPanel, Tabs } from './Tabs';
import { controlled, renderWithTheme } from './testUtils';

const tabs = [
  { id: 'accounts', label: 'Accounts' },
  { id: 'servers', label: 'Servers' },
  { id: 'settings', label: 'Settings' },
];

const DashboardTabs = controlled('accounts', (value, change) => (
  <>
    <Tabs tabs={tabs} value={value} label="Dashboard sections" onChange={change} />
    <TabPanel tabId={value}>Panel for {value}</TabPanel>
  </>
));

describe('Tabs', () => {
  it('exposes a labelled tablist whose selected tab controls the panel that it labels', () => {
    renderWithTheme(<DashboardTabs />);
    expect(screen.getByRole('tablist', { name: 'Dashboard sections' })).toBeInTheDocument();
    const accounts = screen.getByRole('tab', { name: 'Accounts' });
    expect(accounts).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'false');

    const panel = screen.getByRole('tabpanel', { name: 'Accounts' });
    expect(accounts).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('Panel for accounts');
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', () => {
    renderWithTheme(<DashboardTabs />);
    const [first, second, third] = screen.getAllByRole('tab');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(second).toHaveAttribute('tabindex', '-1');
    expect(third).toHaveAttribute('tabindex', '-1');
  });

  it('moves focus and selection with ArrowRight/ArrowLeft, wrapping at the ends', async () => {
    const user = userEvent.setup();
    renderWithTheme(<DashboardTabs />);
    await user.click(screen.getByRole('tab', { name: 'Accounts' }));

    await user.keyboard('{ArrowRight}');
    const servers = screen.getByRole('tab', { name: 'Servers' });
    expect(servers).toHaveFocus();
    expect(servers).toHaveAttribute('aria-selected', 'true');
    expect(servers).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tabpanel', { name: 'Servers' })).toBeInTheDocument();

    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus();
  });

  it('jumps to the first and last tab with Home and End', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<DashboardTabs onChange={onChange} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus();

    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Accounts' })).toHaveFocus();
    expect(onChange.mock.calls).toEqual([['settings'], ['accounts']]);
  });

  it('selects a tab on click', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithTheme(<DashboardTabs onChange={onChange} />);
    await user.click(screen.getByRole('tab', { name: 'Servers' }));
    expect(onChange).toHaveBeenCalledWith('servers');
    expect(screen.getByRole('tab', { name: 'Servers' })).toHaveAttribute('aria-selected', 'true');
  });
});
