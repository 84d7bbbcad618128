import { PageContainer, Stack, type DiscordSettingsProps } from '@roconnect/shared-lib';
import { serverChanged, usePageQueryClient } from '@roconnect/shared-lib/query';
import { useChannelChoices } from '../../features/channels/useChannelChoices';
import { JoinHandlingSection } from '../../features/join-handling/JoinHandlingSection';
import { LogChannelSection } from '../../features/log-channel/LogChannelSection';
import {
  BackToServerLink,
  ServerPageFailed,
  ServerPageHeader,
  ServerPageLoading,
} from '../../features/pages/PageFrame';
import { ResyncSection } from '../../features/resync/ResyncSection';
import { VerifyMessageSection } from '../../features/verify-message/VerifyMessageSection';
import { LOAD_FAILED_MESSAGE, useDiscordSettingsData } from './useDiscordSettingsData';

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

  if (state.status === 'loading') return <ServerPageLoading label="Loading Discord settings..." />;
  if (state.status === 'failed')
    return (
      <ServerPageFailed title={LOAD_FAILED_MESSAGE} message="Returning to your dashboard..." />
    );

  const { serverName, joinHandling, joinDm, logChannelId, resync } = state.data;
  return (
    <PageContainer>
      <ServerPageHeader
        serverName={serverName}
        subtitle="Discord settings"
        back={<BackToServerLink serverId={serverId} />}
      />
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
