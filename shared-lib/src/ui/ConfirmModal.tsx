import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';
import { Modal } from './Modal';

export interface ConfirmModalProps {
  open: boolean;
  title: ReactNode;
  /** the dialog's close and its Cancel button */
  onCancel: () => void;
  /** the id of the text inside that says what confirming does */
  describedBy?: string;
  confirmLabel: ReactNode;
  /** 'danger' where confirming takes something away */
  confirmVariant?: ButtonVariant;
  /** while the confirmed action runs: the confirm button spins */
  loading?: boolean;
  /** the dialog cannot be cancelled while `loading` */
  lockedWhileLoading?: boolean;
  /** where the confirm button submits a form inside (by its id) instead: that form's onSubmit acts */
  confirmForm?: string;
  /** the confirm button waits for what the dialog asks first (a typed confirmation, say) */
  confirmDisabled?: boolean;
  onConfirm?: () => void;
  children: ReactNode;
}

/** A question before an action: Cancel, or the button that does it. */
export function ConfirmModal({
  open,
  title,
  onCancel,
  describedBy,
  confirmLabel,
  confirmVariant,
  loading,
  lockedWhileLoading,
  confirmForm,
  confirmDisabled,
  onConfirm,
  children,
}: ConfirmModalProps) {
  const locked = lockedWhileLoading && loading;
  return (
    <Modal
      open={open}
      title={title}
      onClose={() => {
        if (!locked) onCancel();
      }}
      describedBy={describedBy}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={onCancel}
            disabled={lockedWhileLoading ? loading : undefined}
          >
            Cancel
          </Button>
          <Button
            variant={confirmVariant}
            type={confirmForm ? 'submit' : undefined}
            form={confirmForm}
            disabled={confirmDisabled}
            loading={loading}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
