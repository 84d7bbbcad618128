import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  ConfirmModal,
  Modal,
  type LinkedAccount,
  type UnlinkCleanup,
} from '@roconnect/shared-lib';

const Check = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-start;
  margin-top: ${({ theme }) => theme.space(4)};
  font-weight: 600;
  input {
    width: 1.125rem;
    height: 1.125rem;
    margin-top: 0.2rem;
    flex-shrink: 0;
  }
`;

const Servers = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 0;
  padding-left: ${({ theme }) => theme.space(6)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const REMOVE_ROLES_LABEL =
  'Also remove the roles and nickname RoConnect gave with this account';

interface Props {
  account: LinkedAccount | null;
  busy: boolean;
  /** what the bot took back, once an unlink with clean-up is done */
  cleanup: UnlinkCleanup[] | null;
  onConfirm: (removeRoles: boolean) => void;
  onCancel: () => void;
}

function cleanupText(item: UnlinkCleanup): string {
  const roles = item.roles_removed.length
    ? `removed ${item.roles_removed.join(', ')}`
    : 'no roles to remove';
  const nickname = item.nickname_reset ? 'nickname reset' : 'nickname unchanged';
  return `${item.server_name}: ${roles}; ${nickname}.`;
}

/** Unlinking is not undoable from here (linking again means a new Roblox consent), so confirm it. */
export function UnlinkDialog({ account, busy, cleanup, onConfirm, onCancel }: Props) {
  const descriptionId = useId();
  const [removeRoles, setRemoveRoles] = useState(false);
  const places = account?.verified_in ?? [];
  useEffect(() => setRemoveRoles(false), [account]);

  if (cleanup) {
    return (
      <Modal
        open={account !== null}
        title="Account unlinked"
        onClose={onCancel}
        describedBy={descriptionId}
        footer={<Button onClick={onCancel}>Done</Button>}
      >
        <p id={descriptionId} style={{ margin: 0 }}>
          {cleanup.length
            ? 'RoConnect took back what it gave with this account:'
            : 'There was nothing to take back.'}
        </p>
        {cleanup.length > 0 && (
          <Servers aria-label="What was removed">
            {cleanup.map((item) => (
              <li key={item.server_id}>
                {cleanupText(item)}
                {item.warnings.map((warning) => (
                  <div key={warning}>{warning}</div>
                ))}
              </li>
            ))}
          </Servers>
        )}
      </Modal>
    );
  }

  return (
    <ConfirmModal
      open={account !== null}
      title="Unlink Roblox account?"
      onCancel={onCancel}
      describedBy={descriptionId}
      confirmLabel="Unlink account"
      confirmVariant="danger"
      loading={busy}
      lockedWhileLoading
      onConfirm={() => onConfirm(removeRoles)}
    >
      <p id={descriptionId} style={{ margin: 0 }}>
        {account?.roblox_username} will no longer be linked to your Discord account. You can link it
        again later.
      </p>
      {places.length > 0 && (
        <>
          <Check>
            <input
              type="checkbox"
              checked={removeRoles}
              disabled={busy}
              onChange={(event) => setRemoveRoles(event.target.checked)}
            />
            {REMOVE_ROLES_LABEL}
          </Check>
          <Servers aria-label="Servers this account is verified in">
            {places.map((place) => (
              <li key={place.server_id}>{place.server_name}</li>
            ))}
          </Servers>
        </>
      )}
    </ConfirmModal>
  );
}
