import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  Button,
  Label,
  Modal,
  TextInput,
  apiErrorMessage,
  navigate,
  privacyApi,
  session,
  toast,
  SectionCard,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';

/** What the member types to say they mean it. */
export const CONFIRM_WORD = 'DELETE';
export const DELETE_FAILED = 'Failed to delete your account.';

const Points = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(6)};
`;

/**
 * Deleting the account: the links, sessions and tokens go, the bot takes back its roles in every
 * server, and the member is signed out here. Typing a word first makes a slip impossible.
 */
export function DeleteAccountSection() {
  const formId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed.trim() === CONFIRM_WORD;
  const deletion = useApiMutation({ call: () => privacyApi.deleteAccount() });
  // stays busy once deleted: the page is on its way home
  const busy = deletion.isPending || deletion.isSuccess;

  function close() {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setFailure(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || busy) return;
    setFailure(null);
    const deleted = await deletion.run();
    if (!deleted.ok) {
      setFailure(`${DELETE_FAILED} ${apiErrorMessage(deleted.error)}`);
      return;
    }
    // the API ended every session; this browser forgets its tokens and goes home
    session.clear('/');
    toast.success('Your account was deleted');
    navigate('/', { replace: true });
  }

  return (
    <SectionCard
      title="Delete my account"
      intro="This removes your linked accounts and everything RoConnect holds about you. It cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Modal
        open={open}
        title="Delete your account?"
        onClose={close}
        describedBy={descriptionId}
        footer={
          <>
            <Button variant="secondary" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant="danger"
              type="submit"
              form={formId}
              disabled={!confirmed}
              loading={busy}
            >
              Delete account
            </Button>
          </>
        }
      >
        <div id={descriptionId}>
          This cannot be undone. RoConnect will:
          <Points>
            <li>unlink every Roblox account and take back the roles and nicknames it gave,</li>
            <li>forget your privacy choices and lookups,</li>
            <li>sign you out everywhere.</li>
          </Points>
        </div>
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <Label htmlFor={inputId}>Type {CONFIRM_WORD} to confirm</Label>
          <TextInput
            id={inputId}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            disabled={busy}
            hint={failure ? undefined : 'Capital letters, as shown.'}
            error={failure ?? undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
        </form>
      </Modal>
    </SectionCard>
  );
}
