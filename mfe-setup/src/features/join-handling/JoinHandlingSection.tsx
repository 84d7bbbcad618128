import { useState } from 'react';
import {
  Checkbox,
  RadioGroup,
  discordSettingsApi,
  type JoinHandling,
  type RadioOption,
} from '@roconnect/shared-lib';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';

const JOIN_HANDLING_OPTIONS: readonly RadioOption<JoinHandling>[] = [
  {
    value: 'verify',
    label: 'Verify new members',
    description: 'Linked members get their roles and nickname; others get the unverified role.',
  },
  { value: 'off', label: 'Off', description: 'Nothing happens when someone joins.' },
];

export interface JoinHandlingSectionProps {
  serverId: string;
  savedJoinHandling: JoinHandling;
  savedJoinDm: boolean;
  onSaved: () => void;
}

/** What the bot does when someone joins the server. */
export function JoinHandlingSection({
  serverId,
  savedJoinHandling,
  savedJoinDm,
  onSaved,
}: JoinHandlingSectionProps) {
  const [joinHandling, setJoinHandling] = useState<JoinHandling>(savedJoinHandling);
  const [joinDm, setJoinDm] = useState(savedJoinDm);
  const save = useSectionSave({
    call: () =>
      discordSettingsApi.saveAutomation(serverId, {
        join_handling: joinHandling,
        join_dm: joinDm,
      }),
    success: 'Join settings updated successfully!',
    failure: 'Failed to update join settings',
    onSaved,
  });

  return (
    <ConfigSection
      title="When members join"
      intro="What the bot does as soon as someone joins this server."
      saveLabel="Save Join Settings"
      save={save}
    >
      <RadioGroup
        name="join_handling"
        legend="Join handling"
        options={JOIN_HANDLING_OPTIONS}
        value={joinHandling}
        onChange={setJoinHandling}
        disabled={save.saving}
        error={save.error}
      />
      <Checkbox
        label="DM unlinked members the verify link"
        hint="Sent once, as they join, while join handling is on."
        checked={joinDm}
        disabled={save.saving}
        onChange={setJoinDm}
      />
    </ConfigSection>
  );
}
