import { Button, Modal, type LinkedAccount } from '@roconnect/shared-lib';
import { useId } from 'react';

interface Props {
  account: LinkedAccount | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Unlinking is not undoable from here (linking again means a new Roblox consent), so confirm it. */
export function UnlinkDialog({ account, busy, onConfirm, onCancel }: Props) {
  const descriptionId = useId();
  return (
    <Modal
      open={account !== null}
      title="Unlink Roblox account?"
      onClose={() => {
        if (!busy) onCancel();
      }}
      describedBy={descriptionId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy}>
            Unlink account
          </Button>
        </>
      }
    >
      <p id={descriptionId} style={{ margin: 0 }}>
        {account?.roblox_username} will no longer be linked to your Discord account. You can link it
        again later.
      </p>
    </Modal>
  );
}
