import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import { renderWithTheme } from './testUtils';

function WizardOpener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose?.();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Setup Bot</Button>
      <Modal
        open={open}
        title="Server setup"
        onClose={close}
        describedBy="setup-intro"
        footer={
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button>Next</Button>
          </>
        }
      >
        <p id="setup-intro">Configure the bot for this server.</p>
        <label htmlFor="nick">Nickname</label>
        <input id="nick" />
      </Modal>
    </>
  );
}

async function openWizard(onClose?: () => void) {
  const user = userEvent.setup();
  renderWithTheme(<WizardOpener onClose={onClose} />);
  await user.click(screen.getByRole('button', { name: 'Setup Bot' }));
  return user;
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    renderWithTheme(<WizardOpener />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog labelled by its title and described when asked, portalled to body', async () => {
    const { container } = renderWithTheme(<WizardOpener />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Setup Bot' }));
    const dialog = screen.getByRole('dialog', { name: 'Server setup' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Configure the bot for this server.');
    expect(container).not.toContainElement(dialog);
    expect(document.body).toContainElement(dialog);
  });

  it('moves focus into the dialog on open, to the first field rather than the close button', async () => {
    await openWizard();
    expect(screen.getByRole('textbox', { name: 'Nickname' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const user = await openWizard();
    const closeX = screen.getByRole('button', { name: 'Close dialog' });
    const next = screen.getByRole('button', { name: 'Next' });

    await user.tab(); // Cancel
    await user.tab(); // Next, the last focusable
    expect(next).toHaveFocus();
    await user.tab();
    expect(closeX).toHaveFocus(); // wrapped to the first
    await user.tab({ shift: true });
    expect(next).toHaveFocus(); // and back to the last
    expect(screen.getByRole('button', { name: 'Setup Bot', hidden: true })).not.toHaveFocus();
  });

  it('closes on Escape and returns focus to the opener', async () => {
    const onClose = jest.fn();
    const user = await openWizard(onClose);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Setup Bot' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside the dialog', async () => {
    const onClose = jest.fn();
    const user = await openWizard(onClose);
    await user.click(screen.getByText('Configure the bot for this server.'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes from the header close button', async () => {
    const onClose = jest.fn();
    const user = await openWizard(onClose);
    await user.click(screen.getByRole('button', { name: 'Close dialog' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('locks body scroll while open and restores it after', async () => {
    document.body.style.overflow = 'auto';
    const user = await openWizard();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
  });
});

test('Escape still closes when the focused content was replaced and focus fell to the page', async () => {
  const onClose = jest.fn();
  function Swapping() {
    const [loaded, setLoaded] = useState(false);
    return (
      <Modal open title="Loading dialog" onClose={onClose}>
        {loaded ? <p>Loaded</p> : <button onClick={() => setLoaded(true)}>Load</button>}
      </Modal>
    );
  }
  renderWithTheme(<Swapping />);
  await userEvent.click(screen.getByRole('button', { name: 'Load' }));
  expect(document.activeElement).toBe(document.body);
  await userEvent.keyboard('{Escape}');
  expect(onClose).toHaveBeenCalledTimes(1);
});
