import { Stack } from '@roconnect/shared-lib';
import { useChannelChoices } from '../../../features/channels/useChannelChoices';
import { JoinHandlingSection } from '../../../features/join-handling/JoinHandlingSection';
import { LogChannelSection } from '../../../features/log-channel/LogChannelSection';
import { ResyncSection } from '../../../features/resync/ResyncSection';
import { VerifyMessageSection } from '../../../features/verify-message/VerifyMessageSection';
import type { SectionProps } from './sectionProps';

/**
 * What the bot does in Discord by itself: on joins, in a log channel, with a Verify message, on a
 * schedule; each saved on its own, with the defaults a server that never set them has.
 */
export function DiscordSection({ serverId, data, onSaved }: SectionProps) {
  const choices = useChannelChoices(serverId);
  const config = data.server_config;
  return (
    <Stack gap={6}>
      <JoinHandlingSection
        serverId={serverId}
        savedJoinHandling={config.join_handling ?? 'verify'}
        savedJoinDm={config.join_dm ?? false}
        onSaved={onSaved}
      />
      <LogChannelSection
        serverId={serverId}
        savedChannelId={config.log_channel_id ?? null}
        choices={choices}
        onSaved={onSaved}
      />
      <VerifyMessageSection serverId={serverId} choices={choices} onPosted={onSaved} />
      <ResyncSection serverId={serverId} savedSchedule={config.resync ?? 'off'} onSaved={onSaved} />
    </Stack>
  );
}
