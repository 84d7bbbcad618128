import styled from 'styled-components';
import {
  DEFAULT_SERVER_NAME,
  ErrorState,
  LoadingState,
  PageContainer,
  Stack,
  dashboardPath,
  type DiscordSettingsProps,
} from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { useChannelChoices } from '../../features/channels/useChannelChoices';
import { JoinHandlingSection } from '../../features/join-handling/JoinHandlingSection';
import { LogChannelSection } from '../../features/log-channel/LogChannelSection';
import { PageLink } from '../../features/pages/PageLink';
import { serverPagePath } from '../../features/pages/pagePaths';
import { ResyncSection } from '../../features/resync/ResyncSection';
import { VerifyMessageSection } from '../../features/verify-message/VerifyMessageSection';
import { LOAD_FAILED_MESSAGE, useDiscordSettingsData } from './useDiscordSettingsData';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: clamp(1.5rem, 4vw, 2rem);
  overflow-wrap: anywhere;
`;

const Subtitle = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * /server/edit/{serverId}/discord: what the bot does in Discord by itself (on joins, in a log
 * channel, with a Verify message, on a schedule), one section per setting, each saved on its own.
 */
export function DiscordSettings({ serverId }: DiscordSettingsProps) {
  const client = usePageQueryClient();
  const { state } = useDiscordSettingsData(serverId);
  const choices = useChannelChoices(serverId);
  // after a save the page reads the server again: its settings, channels and health
  const saved = () => void serverChanged(client, serverId);

  if (state.status === 'loading') {
    return (
      <PageContainer>
        <LoadingState label="Loading Discord settings..." />
      </PageContainer>
    );
  }
  if (state.status === 'failed') {
    return (
      <PageContainer>
        <ErrorState title={LOAD_FAILED_MESSAGE} message="Returning to your dashboard..." />
        <Stack align="center">
          <PageLink to={dashboardPath('servers')} variant="secondary">
            Back to Dashboard
          </PageLink>
        </Stack>
      </PageContainer>
    );
  }

  const { serverName, joinHandling, joinDm, logChannelId, resync } = state.data;
  return (
    <PageContainer>
      <Header>
        <div>
          <Title>{serverName || DEFAULT_SERVER_NAME}</Title>
          <Subtitle>Discord settings</Subtitle>
        </div>
        <PageLink to={serverPagePath(serverId)} variant="secondary">
          Back to Server Configuration
        </PageLink>
      </Header>
      <Stack gap={6}>
        <JoinHandlingSection
          serverId={serverId}
          savedJoinHandling={joinHandling}
          savedJoinDm={joinDm}
          onSaved={saved}
        />
        <LogChannelSection
          serverId={serverId}
          savedChannelId={logChannelId}
          choices={choices}
          onSaved={saved}
        />
        <VerifyMessageSection serverId={serverId} choices={choices} onPosted={saved} />
        <ResyncSection serverId={serverId} savedSchedule={resync} onSaved={saved} />
      </Stack>
    </PageContainer>
  );
}
