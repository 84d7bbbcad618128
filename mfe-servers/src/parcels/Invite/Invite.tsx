import styled from 'styled-components';
import {
  BRAND,
  Button,
  Card,
  DEFAULT_SERVER_NAME,
  dashboardPath,
  MutedText,
  navigate,
  PageContainer,
  SpinnerRing,
  Stack,
  type RoutePageProps,
} from '@roconnect/shared-lib';
import { useBotInviteRedirect } from './useBotInviteRedirect';

const Panel = styled(Card)`
  max-width: 480px;
  margin: 10vh auto 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  text-align: center;
`;

const Title = styled.h1`
  margin: 0;
  font-size: 1.5rem;
`;

const ErrorText = styled.p`
  margin: 0;
  overflow-wrap: anywhere;
`;

/** /invite?server_id=&server_name=: on its way to Discord's bot authorisation page. */
export function Invite({ query = {} }: RoutePageProps) {
  const serverId = query.server_id || undefined;
  const serverName = query.server_name || DEFAULT_SERVER_NAME;
  const { state, retry } = useBotInviteRedirect(serverId);

  return (
    <PageContainer>
      <Panel>
        {state.status === 'failed' ? (
          <>
            <Title>Could not open {BRAND.chat}</Title>
            <MutedText $wrapAnywhere>Adding bot to {serverName}</MutedText>
            <ErrorText role="alert">{state.message}</ErrorText>
            <Stack direction="row" gap={2} justify="center">
              <Button onClick={retry}>Try Again</Button>
              <Button variant="secondary" onClick={() => navigate(dashboardPath('servers'))}>
                Back to Dashboard
              </Button>
            </Stack>
          </>
        ) : (
          <>
            <SpinnerRing $size={32} />
            <Title>Redirecting to {BRAND.chat}...</Title>
            <MutedText $wrapAnywhere>Adding bot to {serverName}</MutedText>
          </>
        )}
      </Panel>
    </PageContainer>
  );
}
