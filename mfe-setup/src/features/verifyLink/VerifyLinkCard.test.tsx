import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '@roconnect/shared-lib';
import { renderWithProviders } from '@roconnect/shared-lib/testing';
import { COPY_FALLBACK_HINT, VerifyLinkCard } from './VerifyLinkCard';

const SERVER_ID = '200000000000000001';
const LINK = `${window.location.origin}/verify?server_id=${SERVER_ID}`;

afterEach(() => toast.clear());

it('shows the verify link for the server and copies it with a toast', async () => {
  const user = userEvent.setup();
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
  renderWithProviders(<VerifyLinkCard serverId={SERVER_ID} />);
  expect(screen.getByRole('textbox', { name: 'Verify link for this server' })).toHaveValue(LINK);
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(writeText).toHaveBeenCalledWith(LINK);
  await waitFor(() =>
    expect(toast.getToasts().map((t) => t.message)).toEqual(['Verify link copied']),
  );
  expect(screen.queryByText(COPY_FALLBACK_HINT)).not.toBeInTheDocument();
});

it('selects the link and says how to copy it when the clipboard is refused', async () => {
  const user = userEvent.setup();
  jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
  renderWithProviders(<VerifyLinkCard serverId={SERVER_ID} />);
  await user.click(screen.getByRole('button', { name: 'Copy' }));
  expect(await screen.findByText(COPY_FALLBACK_HINT)).toBeInTheDocument();
  const input = screen.getByRole<HTMLInputElement>('textbox', {
    name: 'Verify link for this server',
  });
  expect(input).toHaveFocus();
  expect(input.selectionEnd! - input.selectionStart!).toBe(LINK.length);
  expect(toast.getToasts()).toEqual([]);
});
