import { useState } from 'react';
import { discordSettingsApi } from '@roconnect/shared-lib';
import { ChannelSelect } from '../channels/ChannelSelect';
import type { ChannelChoices } from '../channels/useChannelChoices';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';

export interface LogChannelSectionProps {
  serverId: string;
  savedChannelId: string | null;
  choices: ChannelChoices;
  onSaved: () => void;
}

/** Optional: a channel where the bot posts what the audit log records. */
export function LogChannelSection({
  serverId,
  savedChannelId,
  choices,
  onSaved,
}: LogChannelSectionProps) {
  const [channelId, setChannelId] = useState(savedChannelId ?? '');
  const save = useSectionSave({
    call: () => discordSettingsApi.setLogChannel(serverId, channelId || null),
    success: 'Log channel updated successfully!',
    failure: 'Failed to update log channel',
    onSaved,
  });

  return (
    <ConfigSection
      title="Log channel"
      intro="Optional. The bot posts verifications, setting changes and update summaries here."
      saveLabel="Save Log Channel"
      save={save}
    >
      <ChannelSelect
        label="Log channel"
        choices={choices}
        value={channelId}
        onChange={setChannelId}
        noChannelLabel="No log channel"
        savedId={savedChannelId}
        disabled={save.saving}
        error={save.error}
      />
    </ConfigSection>
  );
}
