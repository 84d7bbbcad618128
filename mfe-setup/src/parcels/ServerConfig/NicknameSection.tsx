import { useState } from 'react';
import { BRAND, RadioGroup, api, type NicknameFormat } from '@roconnect/shared-lib';
import { nicknameFormatOptions } from '../../features/nickname/nicknameFormatOptions';
import { ConfigSection } from '../../features/config-section/ConfigSection';
import { useSectionSave } from '../../features/config-section/useSectionSave';

export interface NicknameSectionProps {
  serverId: string;
  savedFormat: NicknameFormat;
}

export function NicknameSection({ serverId, savedFormat }: NicknameSectionProps) {
  const [format, setFormat] = useState<NicknameFormat>(savedFormat);
  const save = useSectionSave({
    call: () => api.server.editNickname(serverId, format),
    success: 'Nickname format updated successfully!',
    failure: 'Failed to update nickname format',
  });
  return (
    <ConfigSection
      title="Nickname Configuration"
      intro={`The nickname ${BRAND.product} gives members after they verify. Saving a format here replaces a nickname template of your own (Nicknames, bypass roles and restrictions).`}
      saveLabel="Save Nickname Format"
      saving={save.saving}
      onSave={() => void save.run()}
    >
      <RadioGroup
        name="nickname_format"
        legend="Nickname format"
        options={nicknameFormatOptions}
        value={format}
        onChange={setFormat}
        disabled={save.saving}
        error={save.error}
      />
    </ConfigSection>
  );
}
