import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import {
  Banner,
  Button,
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  PageContainer,
  RadioGroup,
  Stack,
  api,
  apiErrorMessage,
  dashboardPath,
  navigate,
  session,
  spreadRow,
  type RoutePageProps,
  type VerifyInServerRequest,
  type VerifyResult,
} from '@roconnect/shared-lib';
import { useApiMutation } from '@roconnect/shared-lib/query';
import { linkedOnText } from '../../features/accounts/linkedDate';
import { ServerChoice } from './ServerChoice';
import { useVerificationData, LOAD_FAILED_MESSAGE } from './useVerificationData';
import { VerifyRestricted } from './VerifyRestricted';
import { VerifySuccess } from './VerifySuccess';

export const SHARED_SERVER_UNAVAILABLE =
  'You can only verify in servers you are a member of where the owner has finished setting up RoConnect. Choose one of your servers below, or ask the owner for a new link.';

const Header = styled.header`
  ${spreadRow}
  align-items: flex-start;
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Title = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.75rem;
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  max-width: 60ch;
`;

const StepTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.2rem;
`;

const failureMessage = (error: unknown) => `Verification failed: ${apiErrorMessage(error)}`;

/**
 * /verify 'Verify & Update': pick an account, then a server, then verify
 * (docs/product.md › Verify).
 */
export function Verify({ query }: RoutePageProps) {
  const { data, retry } = useVerificationData();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [serverId, setServerId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const verifyIn = useApiMutation({
    call: (body: VerifyInServerRequest) => api.dashboard.verifyInServer(body),
    // Only when the bot could DM the user; otherwise the success screen says why not. A member a
    // restriction caught was not verified: their screen says so and why.
    success: (verified) =>
      verified.dm_sent && !verified.restricted ? 'Verification triggered! Check your DMs.' : null,
    // A 401 already signed the user out and is on its way to /login: nothing to say here.
    failure: (error) => (session.isAuthenticated() ? failureMessage(error) : null),
  });
  const busy = verifyIn.isPending;
  // the server's name as chosen: the page's data may be read again meanwhile
  const [result, setResult] = useState<(VerifyResult & { serverName: string | null }) | null>(null);
  const accountStepId = useId();
  const serverStepId = useId();
  const preselected = query?.account_id;
  const sharedServer = query?.server_id;
  const sharedServerUnknown =
    data.status === 'ready' &&
    Boolean(sharedServer) &&
    !data.servers.some((s) => s.server_id === sharedServer);

  useEffect(() => {
    if (data.status === 'ready' && preselected && data.accounts.some((a) => a.id === preselected)) {
      setAccountId((current) => current ?? preselected);
    }
  }, [data, preselected]);

  // a shared verify link (/verify?server_id=…) chooses its server
  useEffect(() => {
    if (
      data.status === 'ready' &&
      sharedServer &&
      data.servers.some((s) => s.server_id === sharedServer)
    ) {
      setServerId((current) => current ?? sharedServer);
    }
  }, [data, sharedServer]);

  async function verify() {
    if (!accountId || !serverId) return;
    setFailure(null);
    const serverName =
      data.status === 'ready'
        ? (data.servers.find((s) => s.server_id === serverId)?.server_name ?? null)
        : null;
    const verified = await verifyIn.run({ server_id: serverId, account_id: accountId });
    if (verified.ok) setResult({ ...verified.data, serverName });
    else if (session.isAuthenticated()) setFailure(failureMessage(verified.error));
  }

  if (result) {
    return (
      <PageContainer>
        {result.restricted ? (
          <VerifyRestricted
            result={result}
            reason={result.restricted}
            serverName={result.serverName}
          />
        ) : (
          <VerifySuccess result={result} />
        )}
      </PageContainer>
    );
  }

  let body;
  if (data.status === 'loading') {
    body = <LoadingState label="Loading verification data..." />;
  } else if (data.status === 'failed') {
    body = <ErrorState message={LOAD_FAILED_MESSAGE} onRetry={retry} />;
  } else {
    const servers = accountId ? data.servers : [];
    body = (
      <Stack gap={6}>
        {sharedServerUnknown && (
          <Banner tone="warning" title="This verify link's server isn't available to you">
            {SHARED_SERVER_UNAVAILABLE}
          </Banner>
        )}
        <Card aria-labelledby={accountStepId}>
          <StepTitle id={accountStepId}>1. Roblox account</StepTitle>
          {data.accounts.length === 0 ? (
            <EmptyState
              icon="link"
              title="No Linked Accounts"
              description="Link a Roblox account from your dashboard first, then come back to verify it."
            />
          ) : (
            <RadioGroup
              name="verify-account"
              legend="Choose an account"
              value={accountId}
              onChange={(id) => {
                setAccountId(id);
                setFailure(null);
              }}
              disabled={busy}
              options={data.accounts.map((account) => ({
                value: account.id,
                label: account.roblox_username,
                description: `${account.verified ? 'Verified' : 'Pending'} · ${linkedOnText(account.linked_at)}`,
              }))}
            />
          )}
        </Card>
        {data.accounts.length > 0 && (
          <Card aria-labelledby={serverStepId}>
            <StepTitle id={serverStepId}>2. Discord server</StepTitle>
            <ServerChoice
              accountChosen={accountId !== null}
              servers={servers}
              value={serverId}
              onChange={(id) => {
                setServerId(id);
                setFailure(null);
              }}
              disabled={busy}
            />
          </Card>
        )}
        {failure && <Banner tone="error">{failure}</Banner>}
        {accountId && serverId && servers.some((s) => s.server_id === serverId) && (
          <div>
            <Button size="lg" onClick={() => void verify()} loading={busy}>
              {busy ? 'Processing...' : 'Verify & Update'}
            </Button>
          </div>
        )}
      </Stack>
    );
  }

  return (
    <PageContainer>
      <Header>
        <div>
          <Title>Verify &amp; Update</Title>
          <Intro>
            Choose a linked Roblox account and a Discord server. The bot gives you the server&apos;s
            verified role, updates your nickname and sends you a direct message.
          </Intro>
        </div>
        <Button variant="secondary" onClick={() => navigate(dashboardPath('accounts'))}>
          Back to Dashboard
        </Button>
      </Header>
      {body}
    </PageContainer>
  );
}
