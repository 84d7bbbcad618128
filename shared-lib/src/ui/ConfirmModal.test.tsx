import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { ConfirmModal, type ConfirmModalProps } from './ConfirmModal';
import { renderWithTheme } from './testUtils';

/** An open "Remove it?" dialog with `props` over the defaults. */
function question(props: Partial<ConfirmModalProps> = {}) {
  return (
    <ConfirmModal open title="Remove it?" onCancel={() => {}} confirmLabel="Remove" {...props}>
      {props.children ?? <p>It cannot be undone.</p>}
    </ConfirmModal>
  );
}

describe('ConfirmModal', () => {
  it('asks before the action: Cancel cancels, the confirm button confirms', async () => {
    const onCancel = jest.fn();
    const onConfirm = jest.fn();
    renderWithTheme(question({ onCancel, onConfirm }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cannot be cancelled while the confirmed action runs, where it is locked then', async () => {
    const onCancel = jest.fn();
    renderWithTheme(question({ onCancel, loading: true, lockedWhileLoading: true }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-busy', 'true');
    await userEvent.setup().keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('submits the form inside, once what it asks first is done', async () => {
    const onSubmit = jest.fn((event: FormEvent) => event.preventDefault());
    const form = <form id="typed" onSubmit={onSubmit} />;
    const { rerender } = renderWithTheme(
      question({ confirmForm: 'typed', confirmDisabled: true, children: form }),
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    rerender(question({ confirmForm: 'typed', children: form }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
