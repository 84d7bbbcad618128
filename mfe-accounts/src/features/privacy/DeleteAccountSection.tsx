import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Banner,
  Button,
  Label,
  ConfirmModal,
  TextInput,
  api,
  apiErrorMessage,
  navigate,
  privacyApi,
  redirectExternal,
  session,
  toast,
  SectionCard,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';

/** What the member types to say they mean it. */
export const CONFIRM_WORD = 'DELETE';
export const DELETE_FAILED = 'Failed to delete your account.';
export const AUTH_URL_FAILED = `Failed to get ${BRAND.chat} auth URL. Please try again.`;
/** Where Sign in again comes back to once signed in. */
export const PRIVACY_PATH = '/account/privacy';

/** The API's refusal code (`{error}`), when the call was refused with one. */
function refusalCode(error: unknown): string | undefined {
  const data = (error as { response?: { data?: { error?: unknown } } } | null)?.response?.data;
  return typeof data?.error === 'string' ? data.error : undefined;
}

const Points = styled.ul`
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(4)};
  padding-left: ${({ theme }) => theme.space(6)};
`;

/**
 * Deleting the account: the links, sessions and tokens go, the bot takes back its roles in every
 * server, and the member is signed out here. Typing a word first makes a slip impossible. The API
 * asks for a sign-in within the last 10 minutes (docs/security.md › Member privacy): refused so, the
 * dialog says why and Sign in again goes through the Discord sign-in and back to this page.
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
  const signInAgain =
    refusalCode(deletion.error) === 'sign_in_again' ? apiErrorMessage(deletion.error) : null;
  const reSignIn = useApiMutation({
    call: () => api.auth.discordUrl(PRIVACY_PATH),
    failure: AUTH_URL_FAILED,
  });
  // busy until the browser has left for Discord
  const leaving = reSignIn.isPending || reSignIn.isSuccess;

  function close() {
    if (busy) return;
    setOpen(false);
    setTyped('');
    setFailure(null);
    deletion.reset();
  }

  async function signInAgainNow() {
    const started = await reSignIn.run();
    if (started.ok) redirectExternal(started.data.auth_url);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed || busy) return;
    setFailure(null);
    const deleted = await deletion.run();
    if (!deleted.ok) {
      // a sign-in too long ago is said above the field, with its way out
      if (refusalCode(deleted.error) !== 'sign_in_again')
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
      <ConfirmModal
        open={open}
        title="Delete your account?"
        onCancel={close}
        describedBy={descriptionId}
        confirmLabel="Delete account"
        confirmVariant="danger"
        loading={busy}
        lockedWhileLoading
        confirmForm={formId}
        confirmDisabled={!confirmed}
      >
        <div id={descriptionId}>
          This cannot be undone. RoConnect will:
          <Points>
            <li>unlink every Roblox account and take back the roles and nicknames it gave,</li>
            <li>forget your privacy choices and lookups,</li>
            <li>sign you out everywhere.</li>
          </Points>
        </div>
        {signInAgain && (
          <Banner tone="warning">
            <p>{signInAgain}</p>
            <Button variant="secondary" loading={leaving} onClick={() => void signInAgainNow()}>
              Sign in again
            </Button>
          </Banner>
        )}
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
      </ConfirmModal>
    </SectionCard>
  );
}
