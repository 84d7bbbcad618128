import { useState } from 'react';
import {
  RadioGroup,
  discordSettingsApi,
  type RadioOption,
  type ResyncSchedule,
} from '@roconnect/shared-lib';
import { ConfigSection } from '../config-section/ConfigSection';
import { useSectionSave } from '../config-section/useSectionSave';

const RESYNC_OPTIONS: readonly RadioOption<ResyncSchedule>[] = [
  {
    value: 'off',
    label: 'Off',
    description: 'Members are updated when they verify or when you update all members.',
  },
  { value: 'daily', label: 'Daily', description: 'Every member, once a day.' },
  { value: 'weekly', label: 'Weekly', description: 'Every member, once a week.' },
];

export interface ResyncSectionProps {
  serverId: string;
  savedSchedule: ResyncSchedule;
  onSaved: () => void;
}

/** Updates every member on a schedule, at a quiet hour, as "Update all members" does. */
export function ResyncSection({ serverId, savedSchedule, onSaved }: ResyncSectionProps) {
  const [resync, setResync] = useState<ResyncSchedule>(savedSchedule);
  const save = useSectionSave({
    call: () => discordSettingsApi.saveAutomation(serverId, { resync }),
    success: 'Resync schedule updated successfully!',
    failure: 'Failed to update resync schedule',
    onSaved,
  });

  return (
    <ConfigSection
      title="Scheduled resync"
      intro="Update every member's roles and nickname at a quiet hour, without anyone asking."
      saveLabel="Save Resync Schedule"
      save={save}
    >
      <RadioGroup
        name="resync"
        legend="Resync schedule"
        options={RESYNC_OPTIONS}
        value={resync}
        onChange={setResync}
        disabled={save.saving}
        error={save.error}
      />
    </ConfigSection>
  );
}
