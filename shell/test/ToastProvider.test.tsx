import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@roconnect/shared-lib';
import { ToastProvider } from '../src/features/toasts/ToastProvider';
import { renderWithTheme } from './helpers';

afterEach(() => {
  act(() => toast.clear());
  jest.useRealTimers();
});

function notifications() {
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('ToastProvider', () => {
  it('renders toasts any part of the page raises, of every type', () => {
    renderWithTheme(<ToastProvider />);
    act(() => {
      toast.success('Saved');
      toast.error('Could not save');
      toast.warning('Careful');
    });
    const region = notifications();
    expect(within(region).getByText('Saved')).toBeInTheDocument();
    expect(within(region).getByRole('alert')).toHaveTextContent('Could not save');
    expect(within(region).getByText('Careful')).toBeInTheDocument();
  });

  it('shows at most 3, the oldest giving way', () => {
    renderWithTheme(<ToastProvider />);
    act(() => ['one', 'two', 'three', 'four'].forEach((message) => toast.info(message)));
    const region = notifications();
    expect(within(region).queryByText('one')).not.toBeInTheDocument();
    expect(within(region).getAllByRole('button', { name: 'Close notification' })).toHaveLength(3);
    expect(within(region).getByText('four')).toBeInTheDocument();
  });

  it('closes a toast with its close button', async () => {
    const user = userEvent.setup();
    renderWithTheme(<ToastProvider />);
    act(() => {
      toast.success('First');
      toast.success('Second');
    });
    const first = screen.getByText('First').parentElement;
    if (!first) throw new Error('toast card missing');
    await user.click(within(first).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });

  it('removes a toast after 5000 ms by default, with a countdown of that length', () => {
    jest.useFakeTimers();
    renderWithTheme(<ToastProvider />);
    act(() => {
      toast.success('Going soon');
    });
    expect(screen.getByTestId('toast-countdown')).toHaveStyle({ animationDuration: '5000ms' });
    act(() => jest.advanceTimersByTime(4999));
    expect(screen.getByText('Going soon')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText('Going soon')).not.toBeInTheDocument();
  });
});
