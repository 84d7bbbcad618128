import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Toast } from '../toasts/toastStore';
import { ToastView } from './ToastView';
import { renderWithTheme } from './testUtils';

const toast = (id: number, overrides: Partial<Toast> = {}): Toast => ({
  id,
  type: 'success',
  message: `Toast ${id}`,
  durationMs: 5000,
  createdAt: 0,
  ...overrides,
});

describe('ToastView', () => {
  it('renders a polite, labelled region with every toast stacked in order', () => {
    renderWithTheme(<ToastView toasts={[toast(1), toast(2), toast(3)]} onDismiss={() => {}} />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(
      within(region)
        .getAllByText(/^Toast \d$/)
        .map((node) => node.textContent),
    ).toEqual(['Toast 1', 'Toast 2', 'Toast 3']);
  });

  it('announces error toasts assertively and others politely', () => {
    renderWithTheme(
      <ToastView
        toasts={[
          toast(1, { type: 'error', message: 'Failed to sync servers. Please try again.' }),
          toast(2),
        ]}
        onDismiss={() => {}}
      />,
    );
    const alerts = screen.getAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent('Failed to sync servers. Please try again.');
  });

  it('calls onDismiss with the toast id from its close button', async () => {
    const onDismiss = jest.fn();
    renderWithTheme(<ToastView toasts={[toast(7), toast(8)]} onDismiss={onDismiss} />);
    const closeButtons = screen.getAllByRole('button', { name: 'Close notification' });
    expect(closeButtons).toHaveLength(2);
    await userEvent.setup().click(closeButtons[1]!);
    expect(onDismiss).toHaveBeenCalledWith(8);
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('runs each countdown bar for exactly its toast duration', () => {
    renderWithTheme(
      <ToastView toasts={[toast(1), toast(2, { durationMs: 1200 })]} onDismiss={() => {}} />,
    );
    const [first, second] = screen.getAllByTestId('toast-countdown');
    expect(first).toHaveStyle({ animationDuration: '5000ms' });
    expect(second).toHaveStyle({ animationDuration: '1200ms' });
  });

  it('renders an empty region when there are no toasts', () => {
    renderWithTheme(<ToastView toasts={[]} onDismiss={() => {}} />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeEmptyDOMElement();
  });
});
