import { useId, useState } from 'react';
import styled from 'styled-components';
import {
  BRAND,
  Badge,
  Banner,
  Button,
  ErrorState,
  LinkButton,
  LoadingState,
  ConfirmModal,
  PageContainer,
  PageHeader,
  SectionCard,
  Stack,
  apiErrorMessage,
  dashboardPath,
  linkedRolesApi,
  redirectExternal,
  type LinkedRoleField,
  type LinkedRolesData,
  type RoutePageProps,
} from '@roconnect/shared-lib';
import {
  linkedRolesKeys,
  loadPhase,
  useApiMutation,
  useLinkedRoles,
} from '@roconnect/shared-lib/query';
import { opener } from '../../features/privacy/PrivacyLink';

export const CONNECT_FAILED = `Failed to start connecting with ${BRAND.chat}. Please try again.`;
export const DISCONNECT_FAILED = 'Failed to disconnect.';

/** What the API's return to this page says went wrong (features/auth/callback.ts): fixed texts. */
const RETURN_FAILURES: Record<string, string> = {
  access_denied: `The ${BRAND.chat} authorization was cancelled. Nothing changed.`,
  browser_mismatch: 'This link was started in another browser. Please try again.',
  other_account: `That ${BRAND.chat} account is not the one you are signed in with. Nothing changed: connect with the account you signed in with.`,
  no_scope: `${BRAND.chat} did not grant ${BRAND.product} the Linked Roles permission. Nothing changed.`,
  invalid_grant: `${BRAND.chat} did not accept the authorization. Please connect again.`,
  discord_unavailable: `${BRAND.chat} could not be reached. Please try again in a moment.`,
};
const RETURN_FAILED = `Connecting with ${BRAND.chat} did not finish. Please try again.`;

/** How the page came back from Discord, from its query (never text a link could carry). */
function returnNotice(query: Record<string, string> | undefined) {
  if (query?.linked_roles === 'connected')
    return {
      tone: 'success' as const,
      text: `Connected. ${BRAND.chat} now has what is listed below.`,
    };
  if (query?.error)
    return { tone: 'error' as const, text: RETURN_FAILURES[query.error] ?? RETURN_FAILED };
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A shared value as a member reads it: Yes/No, or a date with the days since. */
export function fieldValue(field: LinkedRoleField, now = new Date()): string {
  if (field.kind === 'boolean') return field.value === '1' ? 'Yes' : 'No';
  if (field.kind === 'number') return field.value;
  const date = new Date(field.value);
  if (Number.isNaN(date.getTime())) return field.value;
  const days = Math.max(0, Math.floor((now.getTime() - date.getTime()) / DAY_MS));
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${days.toLocaleString('en-US')} days (created ${day})`;
}

/** each value under its name on a phone, beside it from the small breakpoint up */
const Values = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(4)} 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: minmax(0, max-content) minmax(0, 1fr);
    row-gap: ${({ theme }) => theme.space(2)};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** one term and its value: a group for assistive tech, laid out by the list's grid */
const Row = styled.div`
  display: contents;
  & + & dt {
    margin-top: ${({ theme }) => theme.space(2)};
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    & + & dt {
      margin-top: 0;
    }
  }
`;

const StatusLine = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0 0 ${({ theme }) => theme.space(3)};
`;

const NOT_CONNECTED_WHY = {
  disconnected: `You disconnected Linked Roles. ${BRAND.product} shares nothing with ${BRAND.chat} until you connect again.`,
  no_grant: `${BRAND.product} does not have ${BRAND.chat}'s permission to share your ${BRAND.game} verification yet.`,
} as const;

function Shared({ data }: { data: LinkedRolesData }) {
  if (!data.account || data.shared.length === 0)
    return (
      <p>
        Nothing is shared yet. Verify a {BRAND.game} account in a server and {BRAND.product} shares
        it here.
      </p>
    );
  return (
    <>
      <p>
        Shared with {BRAND.chat} for your {BRAND.game} account{' '}
        <strong>{data.account.username}</strong>:
      </p>
      <Values aria-label={`Shared with ${BRAND.chat}`}>
        {data.shared.map((field) => (
          <Row key={field.key}>
            <dt>{field.name}</dt>
            <dd>
              {field.kind === 'date' ? (
                <time dateTime={field.value}>{fieldValue(field)}</time>
              ) : (
                fieldValue(field)
              )}
            </dd>
          </Row>
        ))}
      </Values>
    </>
  );
}

function ConnectButton() {
  const connect = useApiMutation({ call: () => linkedRolesApi.connect(), failure: CONNECT_FAILED });
  // busy until the browser has left for Discord
  const leaving = connect.isPending || connect.isSuccess;
  async function start() {
    const started = await connect.run();
    if (started.ok) redirectExternal(started.data.auth_url);
  }
  return (
    <Button loading={leaving} onClick={() => void start()}>
      Connect
    </Button>
  );
}

function DisconnectButton() {
  const descriptionId = useId();
  const [open, setOpen] = useState(false);
  const disconnect = useApiMutation({
    call: () => linkedRolesApi.disconnect(),
    changes: (client, data) => client.setQueryData(linkedRolesKeys.status(), data),
    success: 'Linked Roles disconnected',
  });
  function close() {
    if (disconnect.isPending) return;
    setOpen(false);
    disconnect.reset();
  }
  async function confirm() {
    const done = await disconnect.run();
    if (done.ok) setOpen(false);
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Disconnect
      </Button>
      <ConfirmModal
        open={open}
        title="Disconnect Linked Roles?"
        onCancel={close}
        describedBy={descriptionId}
        confirmLabel="Disconnect"
        confirmVariant="danger"
        loading={disconnect.isPending}
        lockedWhileLoading
        onConfirm={() => void confirm()}
      >
        <p id={descriptionId}>
          {BRAND.product} empties what {BRAND.chat} holds and shares nothing until you connect
          again. Roles a server gives through Linked Roles may be taken away by {BRAND.chat}. Your
          linked {BRAND.game} accounts and your roles from the bot stay.
        </p>
        {disconnect.error && (
          <Banner tone="error">
            {DISCONNECT_FAILED} {apiErrorMessage(disconnect.error)}
          </Banner>
        )}
      </ConfirmModal>
    </>
  );
}

function ConnectionSection() {
  const read = useLinkedRoles();
  const phase = loadPhase(read);
  let body;
  if (phase === 'loading') body = <LoadingState label="Loading Linked Roles..." />;
  else if (phase === 'failed' || !read.data)
    body = (
      <ErrorState
        message="Failed to load your Linked Roles connection."
        onRetry={() => void read.refetch()}
      />
    );
  else if (read.data.connected)
    body = (
      <>
        <StatusLine>
          <Badge tone="success">Connected</Badge>
        </StatusLine>
        <Shared data={read.data} />
        <DisconnectButton />
      </>
    );
  else
    body = (
      <>
        <StatusLine>
          <Badge tone="neutral">Not connected</Badge>
        </StatusLine>
        <p>{NOT_CONNECTED_WHY[read.data.reason ?? 'no_grant']}</p>
        <ConnectButton />
      </>
    );
  return (
    <SectionCard
      title="Your connection"
      intro={`What ${BRAND.product} shares with ${BRAND.chat} so servers can give roles to verified members.`}
    >
      {body}
    </SectionCard>
  );
}

/**
 * /account/linked-roles: whether RoConnect writes the member's Discord role connection, what it
 * shares there (the values last written), Connect through Discord and Disconnect.
 */
export function LinkedRoles({ query }: RoutePageProps) {
  const notice = returnNotice(query);
  return (
    <PageContainer>
      <PageHeader
        title="Linked Roles"
        subtitle={`Roles a ${BRAND.chat} server gives to members verified with ${BRAND.game}.`}
        action={
          <LinkButton
            href={dashboardPath('accounts')}
            variant="secondary"
            onClick={opener(dashboardPath('accounts'))}
          >
            Back to Dashboard
          </LinkButton>
        }
      />
      <Stack gap={6}>
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <ConnectionSection />
        <SectionCard
          title="How servers use it"
          intro={`A server can ask ${BRAND.chat} to give a role only to members who verified with ${BRAND.game}, or whose ${BRAND.game} account is old enough. ${BRAND.chat} reads the values above and gives or takes the role itself.`}
        >
          <p>
            To claim such a role, open the server&apos;s menu in {BRAND.chat}, choose Linked Roles
            and pick the role. Once you disconnect here, {BRAND.chat} no longer sees you as verified
            and may take those roles away.
          </p>
        </SectionCard>
      </Stack>
    </PageContainer>
  );
}
