import { useId, useState } from 'react';
import { BRAND, Select, Label, api, type ServerRole } from '@roconnect/shared-lib';
import { ConfigSection } from '../../features/config-section/ConfigSection';
import { useSectionSave } from '../../features/config-section/useSectionSave';
import { RoleOptions } from '../../features/role-lists/RoleOptions';

export interface UnverifiedRoleSectionProps {
  serverId: string;
  savedRoleId: string | null;
  verifiedRoleId: string | null;
  roles: ServerRole[];
  onSaved: () => void;
}

/** Optional: a role for members who have not verified, taken away when they verify. */
export function UnverifiedRoleSection({
  serverId,
  savedRoleId,
  verifiedRoleId,
  roles,
  onSaved,
}: UnverifiedRoleSectionProps) {
  const selectId = useId();
  const choices = roles.filter((role) => role.assignable && role.id !== verifiedRoleId);
  const [chosenId, setChosenId] = useState(savedRoleId ?? '');
  const save = useSectionSave({
    call: () => api.server.editUnverifiedRole(serverId, chosenId || null),
    success: 'Unverified role updated successfully!',
    failure: 'Failed to update unverified role',
    onSaved,
  });

  return (
    <ConfigSection
      title="Unverified Role"
      intro="Optional. Members who have not verified get this role; verifying takes it away."
      saveLabel="Save Unverified Role"
      save={save}
    >
      <Label htmlFor={selectId}>Unverified role</Label>
      <Select
        id={selectId}
        value={chosenId}
        disabled={save.saving}
        error={save.error}
        onChange={(event) => setChosenId(event.target.value)}
        hint={`Only roles the ${BRAND.product} bot can give are listed.`}
      >
        <option value="">Off (no unverified role)</option>
        <RoleOptions roles={choices} savedId={savedRoleId} />
      </Select>
    </ConfigSection>
  );
}
